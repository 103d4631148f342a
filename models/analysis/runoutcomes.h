#pragma once
// A run's items as the analyses see them: semantic group, form, the answer verdict of one
// judge (after the closed-domain rule when asked), the retrieval verdict of one retrieval
// judge, and the top-1 retrieved document.
#include "core/result.h"

#include <QStringList>
#include <QVector>

#include <optional>

namespace assay {

class Project;

class Database;

struct Outcome {
    qint64 itemId = 0;
    QString key;      // the item's key in its run
    QString identity; // its identity across runs and versions (empty for runs before version 22)
    qint64 sqlTemplateId = 0;
    QString group;
    QString form;
    QString query;
    QString gold;
    QString answer;
    QString context; // retrieved text and trace (R-Eval's scratchpad)
    bool halted = false;
    QString error;
    double latencyMs = 0;
    QString level; // the task level (TaskLevels), empty when none applies
    qint64 tokens = 0;
    double cost = 0;
    bool usageUnknown = false; // the model reported no token usage: tokens and cost are unknown
    std::optional<int> verdict;          // 1 correct, 0 incorrect, none: not judged or unread
    std::optional<int> retrievalVerdict; // 1 / 0 / none
    std::optional<bool> goldInContext;   // stored response facts; none: computed from context
    std::optional<double> answerF1;
    QString top1;
    QStringList retrieved; // the retrieved document ids in rank order (one per chunk)
    int trueDocs = -1; // the number of the item's true documents; -1 when unknown
    // A retrieval-only item with true documents: its answer verdict was judged on their text
    // only (docs/METHODS.md §4.9), so a weak gold is not met by chance.
    bool groundedVerdict = false;
    // Whether the retrieval verdict can say anything: the item's group has true documents, or
    // the verdict was imported with the results (GRAMMAR-Eval needs one such item per run).
    bool retrievalJudgeable = true;
    // The run's retriever serves the truth (the oracle) and the item's group has no true
    // document: it retrieved nothing, so the item has no verdict — neither right nor wrong
    // (docs/METHODS.md §4.7). Counted apart from unread verdicts.
    bool unserved = false;

    bool correct() const { return verdict && *verdict == 1; }
    bool retrievalCorrect() const { return retrievalVerdict && *retrievalVerdict == 1; }
};

class RunOutcomes {
public:
    struct Options {
        QString judge;          // empty: the run's only answer judge (an error if it has several or none)
        QString retrievalJudge; // empty: Scorer::defaultRetrievalJudge
        bool closedDomain = true;
        bool requireJudge = true; // false: an unscored run loads with no verdicts
    };
    struct Loaded {
        QString runName;
        QString judge;
        QString retrievalJudge;
        bool readerless = false; // the pipeline has no reader (reader none): no LLM to blame
        bool servesTruth = false; // the pipeline's retriever returns the true documents (oracle)
        QStringList answerJudges;  // every judge of the run's answers, people's labels too, by name
        QVector<Outcome> outcomes;
    };
    static Result<Loaded> load(Database &db, const QString &runName, const Options &options);
    static Result<QStringList> answerJudges(Database &db, qint64 runId);
    // The judges chosen from by default: those that scored the run (people's labels only when
    // asked for by name).
    static QStringList machineJudges(const QStringList &judges);
    // The judges that judged the answers of run `runName`, on the project's own connection.
    static Result<QStringList> answerJudges(Project &project, const QString &runName);
};

} // namespace assay
