#include "exams/takerspec.h"

#include "exams/takerregistry.h"

namespace assay {

const TakerKind *TakerSpec::entry() const
{
    return TakerRegistry::instance().find(kind);
}

nlohmann::json TakerSpec::factors() const
{
    const TakerKind *k = entry();
    return k && k->factors ? k->factors(*this) : nlohmann::json::object();
}

Result<TakerSpec> TakerSpec::parse(const QString &text)
{
    using R = Result<TakerSpec>;
    const QStringList parts = text.split(QLatin1Char(':'));
    TakerSpec spec;
    spec.kind = parts.value(0);
    const TakerKind *kind = spec.entry();
    if (!kind)
        return R::failure(QStringLiteral("unknown taker '%1' (%2)").arg(text, TakerRegistry::instance().synopses().join(QStringLiteral(", "))));
    if (kind->needsProfile) {
        spec.profile = parts.value(1);
        if (spec.profile.isEmpty())
            return R::failure(QStringLiteral("taker '%1' needs a profile: %2").arg(text, kind->synopsis));
    }
    const QStringList options = parts.mid(kind->needsProfile ? 2 : 1);
    if (kind->parse) {
        if (auto s = kind->parse(options, spec); !s)
            return R::failure(QStringLiteral("taker '%1': %2").arg(text, s.error()));
    } else if (!options.isEmpty()) {
        return R::failure(QStringLiteral("taker '%1': %2 takes no options").arg(text, kind->name));
    }
    if (spec.text.isEmpty())
        spec.text = text;
    return spec;
}

} // namespace assay
