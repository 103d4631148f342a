#include "grounding/aliasproposer.h"

#include "retrieval/corpusstore.h"

#include <QDate>
#include <QHash>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace assay {

namespace {

QString squashed(const QString &s)
{
    QString out;
    for (QChar c : s)
        if (c.isLetterOrNumber())
            out += c.toCaseFolded();
    return out;
}

bool capitalised(const QString &word) { return !word.isEmpty() && word.front().isUpper(); }

// Words of a text with where they start and end (letters, digits, apostrophes and inner hyphens).
struct SpanWord {
    QString text;
    qsizetype start;
    qsizetype end;
};

QVector<SpanWord> wordsOf(const QString &text)
{
    static const QRegularExpression word(QStringLiteral("[\\p{L}\\p{N}]+(?:['’\\-][\\p{L}\\p{N}]+)*"));
    QVector<SpanWord> out;
    for (auto it = word.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        out.append({m.captured(0), m.capturedStart(0), m.capturedEnd(0)});
    }
    return out;
}

} // namespace

QString AliasProposer::phrase(const QString &text)
{
    QString t = text;
    t.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + t + QLatin1Char('"');
}

QString AliasProposer::acronymLetters(const QString &value)
{
    static const QRegularExpression acronym(QStringLiteral("^(?:\\p{Lu}\\.?){2,6}$"));
    const QString v = value.trimmed();
    if (!acronym.match(v).hasMatch())
        return {};
    QString letters = v;
    letters.remove(QLatin1Char('.'));
    return letters;
}

QStringList AliasProposer::expansions(const QString &text, const QString &letters)
{
    static const QSet<QString> between{QStringLiteral("of"), QStringLiteral("and"), QStringLiteral("the"), QStringLiteral("for")};
    const QVector<SpanWord> words = wordsOf(text);
    const QString upper = letters.toUpper();
    QStringList out;
    for (int i = 0; i < words.size(); ++i) {
        if (!capitalised(words[i].text) || words[i].text.size() < 2 || words[i].text.front().toUpper() != upper.front())
            continue;
        QString initials;
        for (int j = i; j < words.size() && initials.size() < upper.size(); ++j) {
            const QString &w = words[j].text;
            // A run is unbroken: only spaces between its words.
            if (j > i && text.mid(words[j - 1].end, words[j].start - words[j - 1].end).trimmed().size() > 0)
                break;
            if (!capitalised(w)) {
                if (between.contains(w) && j + 1 < words.size())
                    continue;
                break;
            }
            if (w.size() < 2 || w.toUpper() == w) // an acronym inside is not spelled out
                break;
            initials += w.front().toUpper();
            const bool whole = initials == upper;
            const bool lessLast = upper.size() >= 3 && initials == upper.left(upper.size() - 1);
            if (whole || lessLast)
                out << text.mid(words[i].start, words[j].end - words[i].start);
            if (!upper.startsWith(initials))
                break;
        }
    }
    return out;
}

int AliasProposer::editDistance(const QString &a0, const QString &b0)
{
    const QString a = a0.toCaseFolded(), b = b0.toCaseFolded();
    const int n = int(a.size()), m = int(b.size());
    QVector<QVector<int>> d(n + 1, QVector<int>(m + 1));
    for (int i = 0; i <= n; ++i)
        d[i][0] = i;
    for (int j = 0; j <= m; ++j)
        d[0][j] = j;
    for (int i = 1; i <= n; ++i)
        for (int j = 1; j <= m; ++j) {
            const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[n][m];
}

Result<QStringList> AliasProposer::chunkTexts(const QString &match, int most)
{
    using R = Result<QStringList>;
    auto hits = m_corpus.bm25(match, most);
    if (!hits)
        return R::failure(QStringLiteral("searching the corpus for %1: %2").arg(match, hits.error()), hits.code());
    QStringList out;
    for (const RetrievalHit &h : hits.value()) {
        auto text = m_corpus.chunkText(h.chunkId);
        if (!text)
            return R::failure(text);
        out << text.take();
    }
    return out;
}

Result<bool> AliasProposer::occurs(const QString &text)
{
    if (std::none_of(text.begin(), text.end(), [](QChar c) { return c.isLetterOrNumber(); }))
        return false;
    auto hits = m_corpus.bm25(phrase(text.trimmed()), 1);
    if (!hits)
        return Result<bool>::failure(QStringLiteral("searching the corpus for \"%1\": %2").arg(text, hits.error()), hits.code());
    return !hits.value().isEmpty();
}

Result<QVector<AliasProposer::Proposal>> AliasProposer::propose(const QString &value0)
{
    using R = Result<QVector<Proposal>>;
    const QString value = value0.trimmed();
    QHash<QString, Proposal> found; // by alias
    const auto count = [&](const QString &alias, const QString &reason) {
        if (alias.compare(value, Qt::CaseInsensitive) == 0)
            return;
        Proposal &p = found[alias];
        p.alias = alias;
        p.reason = reason;
        ++p.chunks;
    };
    // Each chunk counts a form once.
    const auto scan = [&](const QStringList &texts, const std::function<QStringList(const QString &)> &formsIn, const QString &reason) {
        for (const QString &t : texts) {
            QStringList forms = formsIn(t);
            forms.removeDuplicates();
            for (const QString &f : forms)
                count(f, reason);
        }
    };

    if (const QString letters = acronymLetters(value); !letters.isEmpty()) {
        const QString near = QStringLiteral("NEAR(%1* %2*, 3)").arg(letters.at(0).toLower()).arg(letters.at(1).toLower());
        auto texts = chunkTexts(near, 50);
        if (!texts)
            return R::failure(texts);
        scan(texts.value(), [&](const QString &t) { return expansions(t, letters); }, QStringLiteral("acronym"));
        const QString dotted = QStringList(letters.split(QString(), Qt::SkipEmptyParts)).join(QLatin1Char(' '));
        auto spaced = chunkTexts(phrase(dotted), 50);
        if (!spaced)
            return R::failure(spaced);
        const QRegularExpression written(QStringLiteral("(?<![\\p{L}.])(%1)(?![\\p{L}])").arg(QStringList(letters.split(QString(), Qt::SkipEmptyParts)).join(QStringLiteral("\\.")) + QStringLiteral("\\.?")));
        scan(spaced.value(), [&](const QString &t) {
            QStringList out;
            for (auto it = written.globalMatch(t); it.hasNext();)
                out << it.next().captured(1);
            return out;
        }, QStringLiteral("punctuation"));
    }

    const QStringList words = value.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words.size() >= 2 && std::all_of(words.begin(), words.end(), [](const QString &w) { return capitalised(w) || w == QLatin1String("of") || w == QLatin1String("and") || w == QLatin1String("the"); })) {
        QString initials;
        for (const QString &w : words)
            if (capitalised(w))
                initials += w.front().toUpper();
        if (initials.size() >= 2) {
            auto texts = chunkTexts(phrase(initials.toLower()), 50);
            if (!texts)
                return R::failure(texts);
            // Written in capitals only ("US", "USA"), never the word "us".
            const QRegularExpression written(QStringLiteral("(?<![\\p{L}])(%1\\p{Lu}?)(?![\\p{L}])").arg(initials));
            scan(texts.value(), [&](const QString &t) {
                QStringList out;
                for (auto it = written.globalMatch(t); it.hasNext();)
                    out << it.next().captured(1);
                return out;
            }, QStringLiteral("initials"));
        }
    }

    static const QRegularExpression number(QStringLiteral("^-?\\d+(?:\\.\\d+)?$"));
    if (number.match(value).hasMatch()) {
        QStringList forms;
        QString whole = value;
        if (static const QRegularExpression zeros(QStringLiteral("\\.0+$")); whole.contains(zeros)) {
            whole.remove(zeros);
            forms << whole;
        }
        if (!whole.contains(QLatin1Char('.')) && whole.size() > (whole.startsWith(QLatin1Char('-')) ? 4 : 3)) {
            QString grouped = whole;
            for (qsizetype at = grouped.size() - 3; at > (grouped.startsWith(QLatin1Char('-')) ? 1 : 0); at -= 3)
                grouped.insert(at, QLatin1Char(','));
            forms << grouped;
        }
        for (const QString &f : forms) {
            auto hits = m_corpus.bm25(phrase(f), 200);
            if (!hits)
                return R::failure(hits);
            if (!hits.value().isEmpty() && f.compare(value, Qt::CaseInsensitive) != 0)
                found.insert(f, {f, QStringLiteral("number format"), int(hits.value().size())});
        }
    }

    // An ISO date the documents write out ("2012-09-17" → "17 September 2012", "September 17, 2012").
    if (const QDate date = QDate::fromString(value, Qt::ISODate); date.isValid() && value.size() == 10) {
        const QLocale english(QLocale::English);
        for (const QString &f : {english.toString(date, QStringLiteral("d MMMM yyyy")), english.toString(date, QStringLiteral("MMMM d, yyyy")),
                                 english.toString(date, QStringLiteral("d MMM yyyy")), english.toString(date, QStringLiteral("MMM d, yyyy")),
                                 english.toString(date, QStringLiteral("dd/MM/yyyy")), english.toString(date, QStringLiteral("MM/dd/yyyy"))}) {
            auto hits = m_corpus.bm25(phrase(f), 200);
            if (!hits)
                return R::failure(hits);
            if (!hits.value().isEmpty() && !found.contains(f))
                found.insert(f, {f, QStringLiteral("date format"), int(hits.value().size())});
        }
    }

    const QString flat = squashed(value);
    if (flat.size() >= 5 && std::any_of(flat.begin(), flat.end(), [](QChar c) { return c.isLetter(); }) && words.size() <= 2) {
        QString stem;
        for (QChar c : value)
            if (c.isLetterOrNumber() && stem.size() < 3)
                stem += c.toLower();
            else if (!c.isLetterOrNumber() && !stem.isEmpty())
                break;
        if (stem.size() >= 2) {
            auto texts = chunkTexts(stem + QLatin1Char('*'), 50);
            if (!texts)
                return R::failure(texts);
            const int allowed = flat.size() >= 9 ? 2 : 1;
            for (const QString &t : texts.value()) {
                const QVector<SpanWord> ws = wordsOf(t);
                QStringList forms;
                for (int i = 0; i < ws.size(); ++i) {
                    // One word, or two written together as the value's one ("Wal Mart" / "Walmart").
                    for (int span = 1; span <= 2 && i + span <= ws.size(); ++span) {
                        const QString form = t.mid(ws[i].start, ws[i + span - 1].end - ws[i].start);
                        const QString sf = squashed(form);
                        if (sf == flat && form.compare(value, Qt::CaseInsensitive) != 0)
                            forms << form;
                        else if (span == std::max<qsizetype>(1, words.size()) && std::abs(int(sf.size()) - int(flat.size())) <= allowed && sf.size() >= 4
                                 && editDistance(sf, flat) <= allowed && sf != flat)
                            forms << form;
                    }
                }
                forms.removeDuplicates();
                for (const QString &f : forms)
                    count(f, squashed(f) == flat ? QStringLiteral("punctuation") : QStringLiteral("spelling"));
            }
        }
    }

    QVector<Proposal> out = found.values();
    std::sort(out.begin(), out.end(), [](const Proposal &a, const Proposal &b) { return a.chunks != b.chunks ? a.chunks > b.chunks : a.alias < b.alias; });
    if (out.size() > 3)
        out.resize(3);
    return out;
}

} // namespace assay
