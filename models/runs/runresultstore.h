#pragma once
// The read side of the runs aggregate: executed items with their judges' verdicts, as
// scoring and analysis read them. Writes (items, results, judgements) go through RunStore;
// both live next to each other so that every query of run, run_item and judgement is in
// models/runs.
#include "core/result.h"
#include "runs/runcontexts.h"
#include "runs/runverdicts.h"

#include <QStringList>
#include <QVector>

#include <functional>
#include <memory>
#include <optional>
#include <tuple>

namespace assay {

class Database;
class Project;
class Statement;

// One stored item of a run, with the verdicts of the judges the read asked for.
struct StoredRunItem {
    qint64 id = 0;
    QString key;
    QString identity; // across runs and versions (migration 22); empty for older runs
    QString group;
    QString form;
    QString query;
    QString gold;
    QString answer;
    QStringList retrievedIds;
    QString retrievedText;
    // Each retrieved chunk's text, in rank order (beside retrievedIds), when the context is
    // stored as chunks and its text was read; empty for a context stored as one text.
    QStringList retrievedTexts;
    QString trace;
    bool halted = false;
    QString error;
    double latencyMs = 0;
    qint64 sqlTemplateId = 0;
    QStringList trueDocIds;
    bool trueDocIdsKnown = false; // the truth is a list (possibly empty), not unknown
    std::optional<int> verdict;          // answer aspect, of the judge asked for
    std::optional<int> retrievalVerdict; // retrieval aspect, of the judge asked for
    std::optional<bool> goldInContext;   // the response facts (migration 10), when stored
    std::optional<double> answerF1;
    QString level;   // as stored: an imported item's; executed items resolve theirs (TaskLevels)
    qint64 tokens = 0;
    double cost = 0;
    bool usageUnknown = false; // the model reported no token usage (migration 24)
};

class RunResultStore {
public:
    // Item id, judge, verdict (none when the judge's reply was unreadable).
    using GroupVerdict = std::tuple<qint64, QString, std::optional<int>>;

    explicit RunResultStore(Database &db);
    static std::unique_ptr<RunResultStore> createFor(Project &project);
    // The run's reader ("none" for retrieval-only pipelines, empty for imported runs).
    Result<QString> readerOf(qint64 runId) const;
    // The run's retriever kind ("bm25", "oracle", …; empty for imported runs).
    Result<QString> retrieverOf(qint64 runId) const;
    // Items that were executed (done or error), in order, with the verdicts of `judge` and
    // `retrievalJudge` (either may be empty: no verdicts read).
    // With texts = false, the retrieved text and trace are read only for items whose response
    // facts are not stored (the analysis needs nothing else of them).
    Result<QVector<StoredRunItem>> executed(qint64 runId, const QString &judge = {}, const QString &retrievalJudge = {}, bool texts = true) const;
    // The same items one at a time, without a vector of them all (the analysis turns each into
    // its outcome at once). `expect` hears first how many items may come; `take` may move the
    // item's parts away. Items come in id order when the run's ids form one range, otherwise in
    // the run index's order: *inIdOrder (when given) says which.
    Status forEachExecuted(qint64 runId, const QString &judge, const QString &retrievalJudge, bool texts, const std::function<void(qint64)> &expect,
                           const std::function<void(StoredRunItem &)> &take, bool *inIdOrder = nullptr) const;
    // Every item of one semantic group, in order; and every judge's answer verdicts on them.
    Result<QVector<StoredRunItem>> group(qint64 runId, const QString &groupKey) const;
    Result<QVector<GroupVerdict>> groupVerdicts(qint64 runId, const QString &groupKey) const;
    // One item, with its texts (no verdicts).
    Result<StoredRunItem> item(qint64 itemId) const;
    // Every judge's answer verdicts on the run's items, by item then judge.
    using ItemVerdict = GroupVerdict;
    Result<QVector<ItemVerdict>> answerVerdicts(qint64 runId) const;
    // One judge's answer verdicts with their details, by item: id, key, query, verdict, detail.
    struct JudgedItem {
        qint64 id = 0;
        QString key, query;
        std::optional<int> verdict;
        QString detail;
    };
    Result<QVector<JudgedItem>> judged(qint64 runId, const QString &judge) const;
    // The judges with answer verdicts on the run, by name.
    Result<QStringList> answerJudges(qint64 runId) const;
    // Both aspects' judges of the run, by name, read in one pass over its verdicts.
    struct RunJudges {
        QStringList answer, retrieval;
    };
    Result<RunJudges> judgesOf(qint64 runId) const;
    // Every judge's verdicts on the run's items (pending ones too), in one pass.
    Result<RunVerdicts> verdictsOf(qint64 runId) const;
    // The true documents of a run's items made from this project's groups, read again from the
    // project's current ground truth (links, keys) — an item keeps its truth when its group is
    // gone or now holds another answer; imported items keep theirs. Returns the items changed.
    Result<qint64> refreshTruth(qint64 runId);
    // The names of runs with answer verdicts, in order of creation.
    Result<QStringList> scoredRunNames() const;

    // A stored JSON list of document ids; *isList says whether it was a list at all.
    static QStringList parseIds(const QString &json, bool *isList = nullptr);

private:
    // How many items the run has and the lowest and highest of their ids.
    struct IdRange {
        qint64 items = 0, low = 0, high = -1;
    };
    Result<IdRange> idRange(qint64 runId) const;
    Result<QString> pipelineField(qint64 runId, const QString &column) const;
    class RepeatedText;
    struct Repeats;
    // Fills *it from a row of itemColumns; withText: also the text of a context of chunks;
    // repeats (may be null): the strings of the previous rows, shared where a column repeats.
    Status itemFrom(const Statement &r, bool withText, StoredRunItem *it, Repeats *repeats = nullptr) const;

    Database &m_db;
    mutable RunContexts m_contexts; // reads chunks once per store
};

} // namespace assay
