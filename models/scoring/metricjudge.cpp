#include "scoring/metricjudge.h"

#include "core/job.h"
#include "scoring/answermetrics.h"

namespace assay {

Result<QVector<Judge::Verdict>> MetricJudge::judge(const QVector<Item> &items, const Context &)
{
    QVector<Verdict> out;
    out.reserve(items.size());
    for (const Item &it : items) {
        Verdict v;
        // The best over the gold answer and its aliased forms; the detail names the form that matched.
        QStringList golds{it.gold};
        golds += it.alternatives;
        for (const QString &gold : golds) {
            Verdict w;
            switch (m_metric) {
            case Metric::Contains:
                w.verdict = int(AnswerMetrics::contains(it.response, gold));
                break;
            case Metric::Exact:
                w.verdict = int(AnswerMetrics::exactMatch(it.response, gold));
                break;
            case Metric::F1:
                w.score = AnswerMetrics::f1(it.response, gold);
                w.verdict = int(*w.score >= m_threshold);
                break;
            }
            if (&gold != &golds.front())
                w.detail = QStringLiteral("matched the alias \"%1\"").arg(gold);
            const bool better = !v.verdict || *w.verdict > *v.verdict || (*w.verdict == *v.verdict && w.score.value_or(0) > v.score.value_or(0));
            if (better)
                v = w;
        }
        out << v;
    }
    return out;
}

} // namespace assay
