#include "scoring/judgespec.h"

#include "scoring/judgeregistry.h"

namespace assay {

Result<JudgeSpec> JudgeSpec::parse(const QString &text)
{
    using R = Result<JudgeSpec>;
    const QString t = text.trimmed();
    const qsizetype colon = t.indexOf(QLatin1Char(':'));
    JudgeSpec spec;
    spec.m_name = colon < 0 ? t : t.left(colon);
    spec.m_argument = colon < 0 ? QString() : t.mid(colon + 1).trimmed();
    const JudgeRegistry &registry = JudgeRegistry::instance();
    spec.m_kind = registry.find(spec.m_name);
    if (!spec.m_kind)
        return R::failure(t.isEmpty() ? QStringLiteral("no judge given (%1)").arg(registry.synopsis())
                                      : QStringLiteral("unknown judge '%1' (%2)").arg(t, registry.synopsis()));
    const JudgeKind &kind = *spec.m_kind;
    if (kind.argument == JudgeKind::Argument::None && colon >= 0)
        return R::failure(QStringLiteral("judge '%1': %2 takes no argument").arg(t, kind.name));
    if (kind.argument == JudgeKind::Argument::Required && spec.m_argument.isEmpty())
        return R::failure(QStringLiteral("judge '%1': %2 needs a %3 (%4)").arg(t, kind.name, kind.argumentName, kind.synopsis()));
    if (kind.argument == JudgeKind::Argument::Optional && colon >= 0 && spec.m_argument.isEmpty())
        return R::failure(QStringLiteral("judge '%1': the %2 after ':' is missing").arg(t, kind.argumentName));
    if (kind.checkArgument)
        if (auto s = kind.checkArgument(spec.m_argument); !s)
            return R::failure(QStringLiteral("judge '%1': %2").arg(t, s.error()));
    return spec;
}

} // namespace assay
