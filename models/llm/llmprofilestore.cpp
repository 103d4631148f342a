#include "llm/llmprofilestore.h"

#include <QSettings>

namespace assay {

QVector<LlmProfile> LlmProfileStore::all()
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("llm/profiles"));
    QVector<LlmProfile> out;
    for (const QString &name : settings.childGroups()) {
        settings.beginGroup(name);
        LlmProfile p = LlmProfile::read(settings);
        p.name = name;
        out << p;
        settings.endGroup();
    }
    return out;
}

Result<LlmProfile> LlmProfileStore::find(const QString &name)
{
    for (const LlmProfile &p : all())
        if (p.name == name)
            return p;
    return Result<LlmProfile>::failure(QStringLiteral("no LLM profile named '%1' (add one with: assay-cli llm profile add)").arg(name));
}

Status LlmProfileStore::save(const LlmProfile &profile)
{
    if (auto s = profile.validate(); !s)
        return s;
    if (profile.name.contains(QLatin1Char('/')) || profile.name.contains(QLatin1Char('\\')))
        return Status::failure(QStringLiteral("a profile name cannot contain / or \\"));
    QSettings settings;
    settings.beginGroup(QStringLiteral("llm/profiles/") + profile.name);
    profile.write(settings);
    settings.endGroup();
    settings.sync();
    return settings.status() == QSettings::NoError ? Status() : Status::failure(QStringLiteral("cannot write the settings file"));
}

Status LlmProfileStore::remove(const QString &name)
{
    QSettings settings;
    if (!settings.childGroups().contains(QStringLiteral("llm")) || !find(name))
        return Status::failure(QStringLiteral("no LLM profile named '%1'").arg(name));
    settings.remove(QStringLiteral("llm/profiles/") + name);
    return {};
}

} // namespace assay
