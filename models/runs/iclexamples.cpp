#include "runs/iclexamples.h"

namespace assay {

Result<IclExamples> IclExamples::load(const RunStore &store, qint64 runId, int count)
{
    IclExamples out;
    out.m_count = count;
    if (count <= 0)
        return out;
    // One more than asked: an item's own group is at most one of them.
    auto pool = store.examplePool(runId, count + 1);
    if (!pool)
        return Result<IclExamples>::failure(pool);
    out.m_pool = pool.take();
    return out;
}

QVector<QPair<QString, QString>> IclExamples::forGroup(const QString &groupKey) const
{
    QVector<QPair<QString, QString>> out;
    for (const RunStore::Example &e : m_pool) {
        if (out.size() >= m_count)
            break;
        if (e.groupKey != groupKey)
            out.append({e.query, e.gold});
    }
    return out;
}

} // namespace assay
