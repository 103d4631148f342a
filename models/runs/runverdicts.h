#pragma once
// Every judge's verdicts on one run, read in one pass over its judgements
// (RunResultStore::verdictsOf): the judges of each aspect by name, and each item's verdict by
// judge. The analysis reads a run's judges and the chosen judges' verdicts from it, instead of
// a pass that names the judges and two lookups per item for the verdicts
// (docs/ARCHITECTURE.md, "How the analysis reads a run").
#include <QByteArray>
#include <QByteArrayView>
#include <QHash>
#include <QStringList>

#include <optional>
#include <vector>

namespace assay {

class RunVerdicts {
public:
    enum class Aspect { Answer, Retrieval };

    RunVerdicts() = default;
    // For items whose ids lie in low..high (a table by id); without, any ids (a table by slot).
    RunVerdicts(qint64 low, qint64 high);

    // One stored judgement; then finish() once, before anything is read.
    void add(qint64 itemId, Aspect aspect, QByteArrayView judge, std::optional<int> verdict);
    void finish();

    // The judges with a judgement on the run, by name (in SQLite's byte order).
    const QStringList &judges(Aspect aspect) const { return aspect == Aspect::Answer ? m_answerJudges : m_retrievalJudges; }
    // A judge's index among judges(aspect); -1 when it judged no item of the run.
    int indexOf(Aspect aspect, const QString &judge) const { return judges(aspect).indexOf(judge); }
    // That judge's verdict on the item: none where it left none or its reply was unreadable.
    std::optional<int> verdict(qint64 itemId, Aspect aspect, int judge) const;

private:
    struct Column {
        Aspect aspect;
        QByteArray name;
        std::vector<qint8> verdicts; // by slot: 0, 1, or -1 for none
    };
    qint64 slotFor(qint64 itemId);
    qint64 slotOf(qint64 itemId) const; // -1 when the item has no judgement

    bool m_byId = false;
    qint64 m_low = 0, m_slots = 0;
    QHash<qint64, qint64> m_slotOf; // without an id range
    std::vector<Column> m_columns;
    int m_last = -1; // the column of the previous row: rows of one judge come in runs
    QStringList m_answerJudges, m_retrievalJudges;
    std::vector<int> m_answerColumns, m_retrievalColumns;
};

} // namespace assay
