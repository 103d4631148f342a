#pragma once
// Judges a run's items and stores the verdicts (table `judgement`), replacing that judge's
// earlier ones for the run:
// - answer judges: any of JudgeRegistry (contains, exact, f1[:THRESHOLD], llm:PROFILE and
//   whatever else registers), named by a JudgeSpec. A retrieval-only run (reader none) is
//   judged on its retrieved context.
// - retrieval judges, always computed with them: covered (the default: the retrieved hold
//   every true document, or as many as were retrieved — a perfect retriever passes at any k),
//   top1 (the top-1 document equals the true document set, GRAMMAR), topk (a true document is
//   among the retrieved), context (the retrieved text contains the gold answer).
// The closed-domain rule (ClosedDomain: auto by default, on for runs with a reader) makes an
// answer Incorrect when its retrieval was judged wrong by the retrieval judge (imported
// verdicts where the run has them, else covered; top1 for runs scored before covered existed).
// A retriever that serves the truth (the oracle) gets no answer verdict on an item whose group
// has no true document: it had nothing to serve (docs/METHODS.md §4.7).
#include "scoring/closeddomain.h"
#include "core/result.h"

#include <QSet>
#include <QStringList>

namespace assay {

class Database;
class Job;

class Scorer {
public:
    struct Options {
        ClosedDomain::Setting closedDomain; // auto
        QString retrievalJudge; // empty: defaultRetrievalJudge
        int repeat = 1; // independent verdicts per item (LLM judges; docs/METHODS.md §5.11)
        // Judge again only the items whose judge request failed last time (their verdicts stay
        // unread until then); every other verdict is kept as stored.
        bool retryFailed = false;
    };
    struct Report {
        qint64 items = 0;
        qint64 correct = 0;
        qint64 incorrect = 0;
        qint64 unread = 0;          // LLM replies that were neither Correct nor Incorrect, and failed requests
        qint64 failedRequests = 0;  // of the unread: items whose judge request failed (score --retry-failed)
        qint64 failedItems = 0;     // items that ended in an error: not judged, no verdict (neither right nor wrong)
        QString lastFailure;        // the error of the last of them
        qint64 asked = 0;           // items judged by this scoring (all, or the failed ones on a retry)
        qint64 closedDomainFlips = 0; // Correct answers made Incorrect by the closed-domain rule
        qint64 groundedItems = 0;     // retrieval-only items judged on their true documents' text only
        // Items of a retriever that serves the truth (the oracle) whose group has no true
        // document: it retrieved nothing, so it is neither right nor wrong there (no verdict).
        qint64 unserved = 0;
        QString retrievalJudge;
        bool closedDomain = false; // the rule as applied (auto resolved)
    };
    // The detail stored with the verdict-less rows of Report::unserved.
    static constexpr const char *UnservedDetail = "not judged: the item's group has no true document for the oracle to serve (Corpus page: Ground Truth)";
    // JudgeSpec::parse's verdict on a judge's name (the judges are those of JudgeRegistry).
    static Status validateJudge(const QString &judge);
    static Result<Report> score(Database &db, qint64 runId, const QString &judge, const Options &options, Job *job = nullptr);
    // The retrieval judge the closed-domain rule and analyses use by default for a run: imported
    // when the run has imported retrieval verdicts, else covered (top1 for a run scored before
    // covered existed, until it is scored again).
    static Result<QString> defaultRetrievalJudge(Database &db, qint64 runId);
    static QString defaultRetrievalJudge(const QStringList &retrievalJudges);
    // The covered verdict (docs/METHODS.md §4.7): the retrieved documents (rank order, one per
    // chunk) hold min(|truth|, |retrieved|) distinct true documents; false when either is empty.
    static bool coveredVerdict(const QStringList &retrieved, const QSet<QString> &truth);
    // "Correct" → 1, "Incorrect" → 0, anything else → -1.
    static int parseVerdict(const QString &reply);
};

} // namespace assay
