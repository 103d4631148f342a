#include "scoring/closeddomain.h"

#include "readers/readerregistry.h"

namespace assay {

bool ClosedDomain::resolve(Setting setting, const QString &reader)
{
    if (setting)
        return *setting;
    const ReaderKind *kind = ReaderRegistry::instance().find(reader.section(QLatin1Char(':'), 0, 0));
    if (!kind)
        return true; // an imported run's reader is unknown: a system that answers
    if (!kind->answers)
        return false; // retrieval only: judged on the retrieved text itself
    // An agentic workflow may answer from the knowledge base through SQL: a right answer with
    // no document retrieved is grounded there, not taken from the model's memory.
    return !kind->agentic;
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
