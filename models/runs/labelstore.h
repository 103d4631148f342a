#pragma once
// Human labels of a run's answers: set, cleared and restored one at a time (the undo commands
// call these; views never do), imported from a CSV file all or nothing, and read per run.
// Every write also keeps the item's "human" verdict, the majority of its labellers.
#include "core/result.h"
#include "runs/humanlabel.h"
#include "runs/runresultstore.h"

#include <QHash>
#include <QObject>
#include <QStringList>
#include <QVector>

#include <memory>

namespace assay {

class Database;
class Project;

class LabelStore : public QObject {
    Q_OBJECT
public:
    explicit LabelStore(Database &db, QObject *parent = nullptr);
    static std::unique_ptr<LabelStore> createFor(Project &project);

    static QString judgeName(const QString &labeller) { return majorityJudge() + QLatin1Char(':') + labeller; }
    // The judge name of the labellers' majority verdict ("human"): the truth people give.
    static QString majorityJudge() { return QStringLiteral("human"); }
    // Whether a judge name is a labeller's ("human:NAME") or the majority ("human").
    static bool isHuman(const QString &judge);
    // Empty when `name` can name a labeller, else what is wrong with it. "simulated" is the
    // demo's labeller (allowed only for simulated labels) and "human" the majority.
    static QString checkLabeller(const QString &name, bool simulated = false);

    // Sets (a verdict) or clears (none) `label.labeller`'s label on `label.itemId`; `label.at`
    // empty: now. Returns the label as it was (none: there was none), for undo.
    Result<std::optional<HumanLabel>> set(const HumanLabel &label, bool clear = false);
    // Puts back what set() returned: the earlier label, or none.
    Status restore(qint64 itemId, const QString &labeller, const std::optional<HumanLabel> &before);
    // Many labels in one transaction (an import, the demo's simulated labeller); returns each
    // label's predecessor (in order), for undo.
    Result<QVector<std::optional<HumanLabel>>> setMany(const QVector<HumanLabel> &labels);
    // Puts back what setMany() returned, in one transaction.
    Status restoreMany(const QVector<HumanLabel> &labels, const QVector<std::optional<HumanLabel>> &before);

    // Every label on run `runId`, by item then labeller.
    Result<QVector<HumanLabel>> labels(qint64 runId) const;
    // The run's labellers, by name; and the labellers among a run's answer judges (by name).
    Result<QStringList> labellers(qint64 runId) const;
    static QStringList labellersAmong(const QStringList &answerJudges);
    // The id of run `run`, and one of its items with its texts and `judge`'s verdict (if any).
    Result<qint64> runId(const QString &run) const;
    Result<StoredRunItem> item(qint64 itemId, const QString &judge = {}) const;
    // Item key → item id of run `runId`.
    Result<QHash<QString, qint64>> itemIds(qint64 runId) const;

signals:
    void changed();

private:
    Result<std::optional<HumanLabel>> previous(qint64 itemId, const QString &labeller) const;
    Status write(const HumanLabel &label, bool clear);
    Status updateMajority(qint64 itemId);
    Database &m_db;
};

} // namespace assay
