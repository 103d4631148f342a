#pragma once
// Runs in the project file: creating one copies its query set's accepted text queries as
// pending items; results update their item as they arrive; a run that was interrupted keeps
// its done items and is continued by executing the pending ones.
#include "core/result.h"
#include "project/contextblob.h"
#include "project/database.h"
#include "project/transaction.h"
#include "runs/importedrunitem.h"
#include "readers/pipelinespec.h"

#include <QHash>
#include <QPair>
#include <QStringList>
#include <QVector>

#include <optional>
#include <tuple>

#include <memory>

namespace assay {

class Database;
class Project;

struct RunItem {
    qint64 id = 0;
    QString key;
    QString query;
    QString gold;
    QString groupKey;
    QStringList trueDocIds;
};

// What executing one item produced.
struct RunItemResult {
    QString answer;
    QStringList retrievedIds;
    QString retrievedText;
    // The corpus chunks the context came from (rank order, with scores): stored instead of
    // the text, which they give back (migration 14). Empty for a context only text can hold
    // (an external system's, an agent's), which is stored once per distinct text.
    QVector<ContextRef> contextRefs;
    QString trace;
    bool halted = false;
    QString error;
    QString errorClass; // see ReaderAnswer::errorClass
    double latencyMs = 0;
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    double cost = 0;
    bool usageUnknown = false; // the model reported no token usage: tokens and cost are not known
    // The response facts the taxonomy reads (see migration 10); none: computed when read.
    std::optional<bool> goldInContext;
    std::optional<double> answerF1;
    // Sets the facts from the answer, context and trace against the item's gold answer.
    void computeFacts(const QString &gold);
};

struct RunSummary {
    QString name;
    QString pipeline;
    QString querySet;
    QString status;
    QString source;
    qint64 total = 0;
    qint64 done = 0;
    qint64 errors = 0;
    QString createdAt;
    QString finishedAt;
    double cost = 0;
    double meanLatencyMs = 0;
    qint64 id = 0;
    QString version; // the frozen test-set version it ran on; empty: the working set
    qint64 usageUnknown = 0; // items whose model reply reported no token usage: the cost is then unknown
};

// One stored item as the items table shows it.
struct RunItemView {
    qint64 id = 0;
    QString key;
    QString form;
    QString query;
    QString answer;
    QString gold;
    QString retrievedIds; // comma separated
    double latencyMs = 0;
    QString status;
    QString error;
    QString errorClass;
    // The answer's verdicts, one per judge that judged it, judges in name order: 1 correct,
    // 0 wrong, -1 the judge's reply could not be read (unknown, not wrong).
    QStringList judges = {};
    QVector<int> verdicts = {};
};

// Everything stored about one executed item, for the item inspector (read one at a time:
// traces are large).
struct RunItemDetail {
    RunItemView item;
    QString retrievedText;
    QString trace;
    bool halted = false;
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    double cost = 0;
};

class RunStore {
public:
    // A judge's verdict on an item: item id, verdict (0/1, none when unreadable), score, detail.
    using Judgement = std::tuple<qint64, std::optional<int>, std::optional<double>, QString>;
    struct ImportReport {
        qint64 runId = 0;
        qint64 items = 0;
        qint64 answerVerdicts = 0;
        qint64 retrievalVerdicts = 0;
    };

    explicit RunStore(Database &db);
    // The store on the project's own connection, shared by the GUI (Project::service).
    static std::unique_ptr<RunStore> createFor(Project &project);
    // Creates the run (items copied from the query set: a form, or every form when empty; or
    // from frozen version `testsetId`, whose form it takes) or, when a run of that name exists
    // with the same pipeline, returns it for continuing. A working-set run whose items are
    // exactly a version's records that version (docs/METHODS.md §11.2).
    Result<qint64> openOrCreate(const QString &name, const PipelineSpec &spec, const QString &querySet, qint64 testsetId = 0);
    Result<PipelineSpec> pipelineOf(qint64 runId) const;
    Result<qint64> idOf(const QString &name) const;
    Result<QVector<RunItem>> pending(qint64 runId) const;
    // The pool in-context examples come from (IclExamples): each group's first item with a
    // gold answer, in item order, at most `limit` of them.
    struct Example {
        QString query, gold, groupKey;
    };
    Result<QVector<Example>> examplePool(qint64 runId, int limit) const;
    // Stores an item's result once: an item already done is never overwritten.
    Status saveResult(qint64 itemId, const RunItemResult &result);
    // Results saved between beginBatch() and commitBatch() are committed together: a run of
    // items that finish in microseconds commits a few times a second instead of once per
    // item (what a kill loses is redone when the run continues). Outside a batch each result
    // is committed on its own.
    Status beginBatch();
    Status commitBatch();
    bool inBatch() const { return m_batch.has_value(); }
    Status setStatus(qint64 runId, const QString &status);
    Result<QVector<RunSummary>> runs() const;
    // Name, pipeline, query set, status, source, dates and id only: no pass over the items.
    Result<RunSummary> header(qint64 runId) const;
    Result<QVector<RunItemView>> items(qint64 runId) const;
    Result<RunItemDetail> detail(qint64 itemId) const;
    // Puts the run's failed items back to pending (their answers and errors cleared) so the
    // next execution runs exactly them; the number of items, in one transaction.
    Result<qint64> retryFailed(qint64 runId);
    // The run's failed items by error class, most frequent first.
    Result<QVector<QPair<QString, qint64>>> errorClasses(qint64 runId) const;

    // Judgements: one judge's verdicts on one aspect ("answer", "retrieval") of a run replace
    // that judge's earlier ones, in one transaction.
    Status replaceJudgements(qint64 runId, const QString &judge, const QString &aspect, const QVector<Judgement> &rows);
    // One judge's stored judgements on one aspect of a run, unread ones included, by item id.
    Result<QVector<Judgement>> judgements(qint64 runId, const QString &judge, const QString &aspect) const;
    // Item id -> verdict of a judge on an aspect (items without a readable verdict left out).
    Result<QHash<qint64, int>> verdicts(qint64 runId, const QString &judge, const QString &aspect) const;
    // A run executed elsewhere, stored done with its items and the system's verdicts (judge
    // "imported"), in one transaction; a duplicate item key names the item (1-based).
    Result<ImportReport> createImported(const QString &name, const QString &querySet, const QString &source, const QVector<ImportedRunItem> &items);

private:
    // The context_text row holding `text`, added when no row holds it yet.
    Result<qint64> internContext(const QString &text);

    Database &m_db;
    std::optional<Statement> m_saveResult; // prepared once: a run saves every item
    std::optional<Statement> m_findContext;
    std::optional<Statement> m_addContext;
    std::optional<Transaction> m_batch;
};

} // namespace assay
