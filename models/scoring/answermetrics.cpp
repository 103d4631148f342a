#include "scoring/answermetrics.h"

#include "readers/agenttrace.h"

#include <QHash>

namespace assay {

QString AnswerMetrics::normalize(const QString &text)
{
    // SQuAD's normalisation in two passes without regular expressions (analysis normalises
    // whole retrieved contexts, 130k of them for a dozen runs):
    // 1. lowercase; punctuation and symbols (Unicode's, not only ASCII's) go; any space
    //    becomes ' '.
    QString s;
    s.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        if (c < 128) {
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
                s += QChar(c);
            else if (c >= 'A' && c <= 'Z')
                s += QChar(char16_t(c + ('a' - 'A')));
            else if (c == ' ' || (c >= '\t' && c <= '\r'))
                s += QLatin1Char(' ');
            else if (c < ' ' || c == 127)
                s += QChar(c); // a control character: neither punctuation nor space
            // else: printable ASCII punctuation or symbol, dropped
            continue;
        }
        char32_t cp = c;
        qsizetype units = 1;
        if (QChar::isHighSurrogate(c) && i + 1 < text.size() && QChar::isLowSurrogate(text[i + 1].unicode())) {
            cp = QChar::surrogateToUcs4(c, text[i + 1].unicode());
            units = 2;
        }
        if (QChar::isSpace(cp))
            s += QLatin1Char(' ');
        else if (!QChar::isPunct(cp) && !QChar::isSymbol(cp))
            s += QStringView(text).mid(i, units).toString().toLower();
        i += units - 1;
    }
    // 2. the articles a, an, the go where they stand between non-word characters (ASCII word
    //    characters, as in the \b of a regular expression); spaces collapse.
    QString out;
    out.reserve(s.size());
    const auto isWord = [](QChar ch) { return ch.unicode() < 128 && (ch.isLetterOrNumber() || ch == QLatin1Char('_')); };
    bool pendingSpace = false;
    for (qsizetype i = 0; i < s.size();) {
        if (isWord(s[i])) {
            qsizetype end = i;
            while (end < s.size() && isWord(s[end]))
                ++end;
            const QStringView word = QStringView(s).mid(i, end - i);
            if (word == u"a" || word == u"an" || word == u"the") {
                pendingSpace = true;
            } else {
                if (pendingSpace && !out.isEmpty())
                    out += QLatin1Char(' ');
                pendingSpace = false;
                out += word;
            }
            i = end;
        } else if (s[i] == QLatin1Char(' ')) {
            pendingSpace = true;
            ++i;
        } else {
            if (pendingSpace && !out.isEmpty())
                out += QLatin1Char(' ');
            pendingSpace = false;
            out += s[i++];
        }
    }
    return out;
}

QStringList AnswerMetrics::tokens(const QString &text) { return normalize(text).split(QLatin1Char(' '), Qt::SkipEmptyParts); }

bool AnswerMetrics::exactMatch(const QString &response, const QString &gold) { return normalize(response) == normalize(gold); }

double AnswerMetrics::f1(const QString &response, const QString &gold)
{
    const QString r = normalize(response), g = normalize(gold);
    static const QStringList special{QStringLiteral("yes"), QStringLiteral("no"), QStringLiteral("noanswer")};
    if ((special.contains(r) || special.contains(g)) && r != g)
        return 0.0;
    const QStringList rt = r.split(QLatin1Char(' '), Qt::SkipEmptyParts), gt = g.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (rt.isEmpty() || gt.isEmpty())
        return 0.0;
    QHash<QString, int> counts;
    for (const QString &t : gt)
        ++counts[t];
    int common = 0;
    for (const QString &t : rt) {
        auto it = counts.find(t);
        if (it != counts.end() && it.value() > 0) {
            --it.value();
            ++common;
        }
    }
    if (common == 0)
        return 0.0;
    const double precision = double(common) / rt.size(), recall = double(common) / gt.size();
    return 2 * precision * recall / (precision + recall);
}

bool AnswerMetrics::contains(const QString &text, const QString &gold)
{
    const QString g = normalize(gold);
    if (g.isEmpty())
        return false;
    // Normalised text is single-spaced words: whole-word containment is containment of
    // " gold " in " text ".
    return (QLatin1Char(' ') + normalize(text) + QLatin1Char(' ')).contains(QLatin1Char(' ') + g + QLatin1Char(' '));
}

QString AnswerMetrics::scratchpad(const QString &retrievedText, const QString &trace)
{
    QString steps = trace;
    if (AgentTrace::isAgentTrace(trace))
        if (auto parsed = AgentTrace::fromJson(trace))
            steps = parsed.value().scratchpad(); // a trace that does not parse is read as text
    return steps.isEmpty() ? retrievedText : retrievedText + QLatin1Char('\n') + steps;
}

} // namespace assay
