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
        switch (m_metric) {
        case Metric::Contains:
            v.verdict = int(AnswerMetrics::contains(it.response, it.gold));
            break;
        case Metric::Exact:
            v.verdict = int(AnswerMetrics::exactMatch(it.response, it.gold));
            break;
        case Metric::F1:
            v.score = AnswerMetrics::f1(it.response, it.gold);
            v.verdict = int(*v.score >= m_threshold);
            break;
        }
        out << v;
    }
    return out;
}

} // namespace assay
