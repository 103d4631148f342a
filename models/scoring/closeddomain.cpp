#include "scoring/closeddomain.h"

namespace assay {

bool ClosedDomain::resolve(Setting setting, const QString &reader)
{
    if (setting)
        return *setting;
    if (reader == QLatin1String("none"))
        return false;
    // An agentic workflow may answer from the knowledge base through SQL: a right answer with
    // no document retrieved is grounded there, not taken from the model's memory.
    const QString kind = reader.section(QLatin1Char(':'), 0, 0);
    if (reader.contains(QLatin1Char(':')) && kind != QLatin1String("llm"))
        return false;
    return true; // an imported run's reader is unknown: a system that answers
}

Result<ClosedDomain::Setting> ClosedDomain::parse(const QString &text)
{
    const QString t = text.trimmed().toLower();
    if (t == QLatin1String("auto"))
        return Setting();
    if (t == QLatin1String("on"))
        return Setting(true);
    if (t == QLatin1String("off"))
        return Setting(false);
    return Result<Setting>::failure(QStringLiteral("the closed-domain setting is auto, on or off, not \"%1\"").arg(text));
}

QString ClosedDomain::name(Setting setting) { return !setting ? QStringLiteral("auto") : *setting ? QStringLiteral("on") : QStringLiteral("off"); }

} // namespace assay
