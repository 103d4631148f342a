#include "scoring/answermetrics.h"

#include "readers/agenttrace.h"

#include <QHash>

#include <algorithm>
#include <cmath>

#include <string>

namespace assay {

QString AnswerMetrics::normalize(const QString &text)
{
    // SQuAD's normalisation in two passes without regular expressions (analysis normalises
    // whole retrieved contexts, 130k of them for a dozen runs):
    // 1. lowercase; punctuation and symbols (Unicode's, not only ASCII's) go; any space
    //    becomes ' '.
    // Both passes write to plain UTF-16 buffers (QString's per-character append is an
    // out-of-line call; this runs over every retrieved context).
    std::u16string s;
    s.reserve(size_t(text.size()));
    const char16_t *in = reinterpret_cast<const char16_t *>(text.utf16());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = in[i];
        if (c < 128) {
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
                s.push_back(c);
            else if (c >= 'A' && c <= 'Z')
                s.push_back(char16_t(c + ('a' - 'A')));
            else if (c == ' ' || (c >= '\t' && c <= '\r'))
                s.push_back(u' ');
            else if (c < ' ' || c == 127)
                s.push_back(c); // a control character: neither punctuation nor space
            // else: printable ASCII punctuation or symbol, dropped
            continue;
        }
        char32_t cp = c;
        qsizetype units = 1;
        if (QChar::isHighSurrogate(c) && i + 1 < text.size() && QChar::isLowSurrogate(in[i + 1])) {
            cp = QChar::surrogateToUcs4(c, in[i + 1]);
            units = 2;
        }
        if (QChar::isSpace(cp)) {
            s.push_back(u' ');
        } else if (!QChar::isPunct(cp) && !QChar::isSymbol(cp)) {
            const QString lower = QStringView(text).mid(i, units).toString().toLower();
            s.append(reinterpret_cast<const char16_t *>(lower.utf16()), size_t(lower.size()));
        }
        i += units - 1;
    }
    // 2. the articles a, an, the go where they stand between non-word characters (ASCII word
    //    characters, as in the \b of a regular expression); spaces collapse.
    std::u16string out;
    out.reserve(s.size());
    const auto isWord = [](char16_t ch) {
        return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
    };
    const auto isArticle = [](const char16_t *w, size_t n) {
        return (n == 1 && w[0] == 'a') || (n == 2 && w[0] == 'a' && w[1] == 'n') || (n == 3 && w[0] == 't' && w[1] == 'h' && w[2] == 'e');
    };
    bool pendingSpace = false;
    for (size_t i = 0; i < s.size();) {
        if (isWord(s[i])) {
            size_t end = i;
            while (end < s.size() && isWord(s[end]))
                ++end;
            if (isArticle(s.data() + i, end - i)) {
                pendingSpace = true;
            } else {
                if (pendingSpace && !out.empty())
                    out.push_back(u' ');
                pendingSpace = false;
                out.append(s, i, end - i);
            }
            i = end;
        } else if (s[i] == u' ') {
            pendingSpace = true;
            ++i;
        } else {
            if (pendingSpace && !out.empty())
                out.push_back(u' ');
            pendingSpace = false;
            out.push_back(s[i++]);
        }
    }
    return QString(reinterpret_cast<const QChar *>(out.data()), qsizetype(out.size()));
}

QStringList AnswerMetrics::tokens(const QString &text) { return normalize(text).split(QLatin1Char(' '), Qt::SkipEmptyParts); }

bool AnswerMetrics::exactMatch(const QString &response, const QString &gold)
{
    if (normalize(response) == normalize(gold))
        return true;
    // The same number written another way: 447 for 447.0 (docs/METHODS.md §4.1).
    const std::optional<double> g = numberOf(gold);
    return g && numberOf(response) == g;
}

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

namespace {

// " normalize(text) ", remembered on this thread: one retrieved context is searched for its
// answer when the run executes (the item's facts), by the retrieval scorer and by the contains
// judge, and again by the next run that retrieves the same chunks. Forgotten wholesale past a
// budget, so a long analysis holds at most that much.
QString paddedNormal(const QString &text)
{
    struct Memo {
        QHash<QString, QString> padded;
        qsizetype chars = 0;
    };
    static thread_local Memo memo;
    constexpr qsizetype budget = 8 * 1024 * 1024; // UTF-16 units, keys and values
    if (const auto found = memo.padded.constFind(text); found != memo.padded.constEnd())
        return found.value();
    QString padded = QLatin1Char(' ') + AnswerMetrics::normalize(text) + QLatin1Char(' ');
    if (memo.chars + text.size() + padded.size() > budget) {
        memo.padded.clear();
        memo.chars = 0;
    }
    memo.chars += text.size() + padded.size();
    memo.padded.insert(text, padded);
    return padded;
}

} // namespace


namespace {

// Number words and ordinals up to ninety-nine (docs/METHODS.md §4.1), as their values.
const QHash<QString, int> &numberWords()
{
    static const QHash<QString, int> words = [] {
        QHash<QString, int> w;
        const char *units[] = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                               "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"};
        const char *unitOrdinals[] = {"zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
                                      "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth"};
        for (int i = 0; i < 20; ++i) {
            w.insert(QString::fromLatin1(units[i]), i);
            w.insert(QString::fromLatin1(unitOrdinals[i]), i);
        }
        const char *tens[] = {"twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"};
        const char *tenOrdinals[] = {"twentieth", "thirtieth", "fortieth", "fiftieth", "sixtieth", "seventieth", "eightieth", "ninetieth"};
        for (int t = 0; t < 8; ++t) {
            const int base = 20 + 10 * t;
            w.insert(QString::fromLatin1(tens[t]), base);
            w.insert(QString::fromLatin1(tenOrdinals[t]), base);
            for (int u = 1; u < 10; ++u) {
                w.insert(QString::fromLatin1(tens[t]) + QLatin1Char('-') + QString::fromLatin1(units[u]), base + u);
                w.insert(QString::fromLatin1(tens[t]) + QLatin1Char('-') + QString::fromLatin1(unitOrdinals[u]), base + u);
            }
        }
        return w;
    }();
    return words;
}

bool isDigit(QChar c) { return c >= QLatin1Char('0') && c <= QLatin1Char('9'); }

// The numbers of a text, remembered on this thread like paddedNormal (a context is searched for
// many golds).
const QVector<double> &memoNumbers(const QString &text)
{
    struct Memo {
        QHash<QString, QVector<double>> numbers;
        qsizetype chars = 0;
    };
    static thread_local Memo memo;
    constexpr qsizetype budget = 4 * 1024 * 1024;
    if (const auto found = memo.numbers.constFind(text); found != memo.numbers.constEnd())
        return found.value();
    if (memo.chars + text.size() > budget) {
        memo.numbers.clear();
        memo.chars = 0;
    }
    memo.chars += text.size();
    return memo.numbers.insert(text, AnswerMetrics::numbersIn(text)).value();
}

} // namespace

std::optional<double> AnswerMetrics::numberOf(const QString &gold)
{
    QString t = gold.trimmed();
    if (t.isEmpty() || t.size() > 40)
        return std::nullopt;
    // Thousands separators: "1,500,000" (groups of three after the first).
    if (t.contains(QLatin1Char(','))) {
        const QStringList parts = t.section(QLatin1Char('.'), 0, 0).split(QLatin1Char(','));
        for (int i = 1; i < parts.size(); ++i)
            if (parts[i].size() != 3)
                return std::nullopt;
        t.remove(QLatin1Char(','));
    }
    for (QChar c : std::as_const(t))
        if (!isDigit(c) && c != QLatin1Char('.') && c != QLatin1Char('-') && c != QLatin1Char('+'))
            return std::nullopt;
    bool ok = false;
    const double v = t.toDouble(&ok);
    return ok && std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
}

QVector<double> AnswerMetrics::numbersIn(const QString &text)
{
    QVector<double> out;
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n;) {
        const QChar c = text[i];
        if (isDigit(c)) {
            // Digits, thousands groups and one decimal part: "1,500", "447.0", "31" of "31-year-old".
            qsizetype end = i;
            QString digits;
            while (end < n && isDigit(text[end]))
                digits += text[end++];
            while (end + 3 < n + 0 && text[end] == QLatin1Char(',') && isDigit(text[end + 1]) && isDigit(text[end + 2]) && isDigit(text[end + 3])
                   && (end + 4 >= n || !isDigit(text[end + 4]))) {
                digits += text.mid(end + 1, 3);
                end += 4;
            }
            if (end + 1 < n && text[end] == QLatin1Char('.') && isDigit(text[end + 1])) {
                digits += QLatin1Char('.');
                ++end;
                while (end < n && isDigit(text[end]))
                    digits += text[end++];
            }
            out << digits.toDouble();
            // "2nd", "21st", "3rd", "4th": the ordinal's suffix is part of the number.
            i = end;
            continue;
        }
        if (c.isLetter()) {
            qsizetype end = i;
            while (end < n && (text[end].isLetter() || (text[end] == QLatin1Char('-') && end + 1 < n && text[end + 1].isLetter())))
                ++end;
            const QString word = text.mid(i, end - i).toLower();
            const auto &words = numberWords();
            if (const auto w = words.constFind(word); w != words.constEnd()) {
                out << double(w.value());
            } else if (word.contains(QLatin1Char('-'))) {
                // "thirty-one-year-old": the longest number word it starts with.
                const QStringList parts = word.split(QLatin1Char('-'));
                for (int take = std::min<int>(2, int(parts.size()) - 1); take >= 1; --take)
                    if (const auto p = words.constFind(parts.mid(0, take).join(QLatin1Char('-'))); p != words.constEnd()) {
                        out << double(p.value());
                        break;
                    }
            }
            i = end;
            continue;
        }
        ++i;
    }
    return out;
}

bool AnswerMetrics::contains(const QString &text, const QString &gold)
{
    const QString g = normalize(gold);
    if (g.isEmpty())
        return false;
    // Normalised text is single-spaced words: whole-word containment is containment of
    // " gold " in " text ".
    if (paddedNormal(text).contains(QLatin1Char(' ') + g + QLatin1Char(' ')))
        return true;
    const std::optional<double> value = numberOf(gold);
    if (!value)
        return false;
    for (double v : memoNumbers(text))
        if (v == *value)
            return true;
    return false;
}

QString AnswerMetrics::weakGold(const QString &gold)
{
    const QString g = normalize(gold);
    if (g.isEmpty())
        return {};
    if (g.size() <= 2)
        return QStringLiteral("a gold answer of two characters or fewer");
    bool number = false;
    const int value = g.toInt(&number);
    if (number && value >= 0 && value < 1000)
        return QStringLiteral("a bare number below 1000");
    return {};
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
