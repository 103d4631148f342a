#pragma once
// The worked examples of a run's in-context learning (icl=N), chosen once per run: the pool is
// each group's first item with a gold answer, in item order (RunStore::examplePool, N + 1 of
// them); an item gets the first N from groups other than its own, so the examples show other
// kinds of questions and never the item's own answer. One query per run, not one per item.
#include "core/result.h"
#include "runs/runstore.h"

#include <QPair>
#include <QVector>

namespace assay {

class IclExamples {
public:
    IclExamples() = default;
    static Result<IclExamples> load(const RunStore &store, qint64 runId, int count);
    // (question, gold) pairs for an item of `groupKey`.
    QVector<QPair<QString, QString>> forGroup(const QString &groupKey) const;

private:
    int m_count = 0;
    QVector<RunStore::Example> m_pool;
};

} // namespace assay
