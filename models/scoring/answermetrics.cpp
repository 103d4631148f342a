#include "scoring/answermetrics.h"

#include <QHash>
#include <QRegularExpression>

namespace assay {

QString AnswerMetrics::normalize(const QString &text)
{
    QString s = text.toLower();
    // Punctuation and symbols go (SQuAD removes string.punctuation; Unicode ones too here).
    QString kept;
    kept.reserve(s.size());
    for (const QChar c : std::as_const(s))
        if (!c.isPunct() && !c.isSymbol())
            kept += c;
    static const QRegularExpression articles(QStringLiteral("\\b(a|an|the)\\b"));
    kept.replace(articles, QStringLiteral(" "));
    return kept.simplified();
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

} // namespace assay
