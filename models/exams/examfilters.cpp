#include "exams/examfilters.h"

#include "generation/promptlibrary.h"
#include "scoring/answermetrics.h"

#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace assay {

namespace {
QSet<QString> grams(const QString &text, int n)
{
    const QStringList t = AnswerMetrics::normalize(text).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QSet<QString> out;
    if (t.size() <= n) {
        out.insert(t.join(QLatin1Char(' ')));
        return out;
    }
    for (int i = 0; i + n <= t.size(); ++i)
        out.insert(t.mid(i, n).join(QLatin1Char(' ')));
    return out;
}
} // namespace

QStringList ExamFilters::parsePatterns(const QString &text)
{
    QStringList out;
    for (const QString &line : text.split(QLatin1Char('\n')))
        if (!line.trimmed().isEmpty() && !line.trimmed().startsWith(QLatin1Char('#')))
            out << line.trimmed();
    return out;
}

Result<ExamFilters::Settings> ExamFilters::defaults()
{
    auto text = PromptLibrary::load(QStringLiteral("exam_not_self_contained"));
    if (!text)
        return Result<Settings>::failure(text.error());
    Settings s;
    s.notSelfContained = parsePatterns(text.value());
    for (const QString &p : s.notSelfContained)
        if (!QRegularExpression(p).isValid())
            return Result<Settings>::failure(QStringLiteral("exam_not_self_contained.txt: '%1' is not a valid regular expression").arg(p));
    return s;
}

double ExamFilters::jaccard(const QString &a, const QString &b, int n)
{
    const QSet<QString> x = grams(a, n), y = grams(b, n);
    if (x.isEmpty() && y.isEmpty())
        return 1.0;
    const qsizetype common = QSet<QString>(x).intersect(y).size();
    return double(common) / double(x.size() + y.size() - common);
}

int ExamFilters::ngramSize(const QStringList &options)
{
    if (options.isEmpty())
        return 1;
    double tokens = 0;
    for (const QString &o : options)
        tokens += AnswerMetrics::tokens(o).size();
    return std::max(1, int(std::lround(tokens / options.size())));
}

QVector<QRegularExpression> ExamFilters::compile(const Settings &settings)
{
    QVector<QRegularExpression> out;
    for (const QString &p : settings.notSelfContained)
        out << QRegularExpression(p, QRegularExpression::CaseInsensitiveOption);
    return out;
}

QString ExamFilters::reason(const ExamItem &item, const Settings &settings) { return reason(item, settings, compile(settings)); }

QString ExamFilters::reason(const ExamItem &item, const Settings &settings, const QVector<QRegularExpression> &notSelfContained)
{
    for (const QRegularExpression &p : notSelfContained)
        if (p.match(item.stem).hasMatch())
            return QStringLiteral("not self-contained");
    const int n = ngramSize(item.options);
    for (int i = 0; i < item.options.size(); ++i) {
        if (i == item.answer)
            continue;
        if (jaccard(item.options[i], item.options[item.answer], n) >= settings.keySimilarity)
            return QStringLiteral("distractor similar to the key");
    }
    for (int i = 0; i < item.options.size(); ++i)
        for (int j = i + 1; j < item.options.size(); ++j)
            if (i != item.answer && j != item.answer && jaccard(item.options[i], item.options[j], n) >= settings.distractorSimilarity)
                return QStringLiteral("distractors similar to each other");
    return {};
}

QMap<QString, int> ExamFilters::apply(QVector<ExamItem> &items, const Settings &settings)
{
    QMap<QString, int> counts;
    QSet<QString> stems;
    const QVector<QRegularExpression> patterns = compile(settings); // once, not per item
    for (ExamItem &item : items) {
        item.filterReason = reason(item, settings, patterns);
        const QString stem = AnswerMetrics::normalize(item.stem);
        if (item.filterReason.isEmpty() && stems.contains(stem))
            item.filterReason = QStringLiteral("duplicate");
        stems.insert(stem);
        if (!item.filterReason.isEmpty())
            ++counts[item.filterReason];
    }
    return counts;
}

} // namespace assay
