#include "llm/jsonextractor.h"

#include <QRegularExpression>

namespace assay {

namespace {
bool tryParse(const QString &text, nlohmann::json &out)
{
    out = nlohmann::json::parse(text.trimmed().toStdString(), nullptr, false);
    return !out.is_discarded() && (out.is_object() || out.is_array());
}

// The first balanced {...} or [...] span, skipping brackets inside strings.
QString firstBalanced(const QString &text)
{
    for (qsizetype start = 0; start < text.size(); ++start) {
        const QChar open = text.at(start);
        if (open != QLatin1Char('{') && open != QLatin1Char('['))
            continue;
        int depth = 0;
        bool inString = false, escaped = false;
        for (qsizetype i = start; i < text.size(); ++i) {
            const QChar c = text.at(i);
            if (inString) {
                if (escaped)
                    escaped = false;
                else if (c == QLatin1Char('\\'))
                    escaped = true;
                else if (c == QLatin1Char('"'))
                    inString = false;
                continue;
            }
            if (c == QLatin1Char('"'))
                inString = true;
            else if (c == QLatin1Char('{') || c == QLatin1Char('['))
                ++depth;
            else if ((c == QLatin1Char('}') || c == QLatin1Char(']')) && --depth == 0)
                return text.mid(start, i - start + 1);
        }
    }
    return {};
}
} // namespace

Result<nlohmann::json> JsonExtractor::extract(const QString &reply)
{
    nlohmann::json out;
    static const QRegularExpression fence(QStringLiteral("```(?:json|JSON)?\\s*\\n(.*?)```"), QRegularExpression::DotMatchesEverythingOption);
    const auto m = fence.match(reply);
    if (m.hasMatch() && tryParse(m.captured(1), out))
        return out;
    if (const QString span = firstBalanced(reply); !span.isEmpty() && tryParse(span, out))
        return out;
    if (tryParse(reply, out))
        return out;
    return Result<nlohmann::json>::failure(QStringLiteral("no JSON object or list in the reply"));
}

} // namespace assay
