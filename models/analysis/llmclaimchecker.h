#pragma once
// Claims and checks by an LLM (docs/METHODS.md §12.4), through an LLM profile's cached client:
// - extraction: one request per distinct text — each item's ground-truth answer and response —
//   with the editable prompt resources/prompts/claim_extract.txt; the reply must be a JSON array
//   of strings (short sentences) or of [subject, relation, object] triplets;
// - checking: one request per reference text and item, all the claims it is read against at
//   once (claim_check.txt): the ground-truth answer against the response's claims, the
//   response against the truth's claims, and each retrieved chunk against both; the reply must
//   be a JSON array with exactly one label per claim, each Entailment, Neutral or Contradiction.
// Read strictly: a reply that is not such an array makes every check of that request Unknown
// (never Neutral), and a label that is none of the three makes its own check Unknown. A
// request that fails (docs/llm-faults.md) is a fault, not a verdict: a failed extraction leaves
// its item out (counted), a failed check leaves its checks Unknown (counted). A stop (a refused
// key, an exhausted quota, a rate limit that does not lift) ends the job and stores nothing.
// The claims are stored under the checker "llm:PROFILE", replacing that checker's earlier ones
// on the run in one transaction; a cancel stores nothing.
#include "claims/claimset.h"
#include "core/result.h"
#include "llm/llmusage.h"

#include <QStringList>
#include <QVector>

#include <optional>

namespace assay {

class Job;
class Project;

class LlmClaimChecker {
public:
    enum class Mode { Extract, Check }; // Extract: claims only, every check Unknown until checked
    struct Report {
        qint64 items = 0;             // executed items of the run
        qint64 checked = 0;           // items with claims stored
        qint64 failed = 0;            // left out: the item itself failed
        qint64 extractionFailed = 0;  // left out: an extraction request failed
        qint64 extractionUnread = 0;  // left out: an extraction reply was not a claim list
        qint64 withoutResponse = 0;   // stored without a response (retrieval-only run)
        qint64 checkRequests = 0;
        qint64 checkFailed = 0;       // check requests that failed: their checks are Unknown
        qint64 checkUnread = 0;       // check replies not read: their checks are Unknown
        qint64 unknownChecks = 0;     // checks stored as Unknown (either cause, or a bad label)
        LlmUsage usage;               // every request of the job, cached ones included
        // What the job did, in sentences: the GUI's note and the CLI's output.
        QString summary(const QString &run, const QString &profile, bool extractOnly) const;
    };
    static QString checkerOf(const QString &profile) { return QStringLiteral("llm:%1").arg(profile); }

    // A claim list from an extraction reply (each claim as JSON text: a string or a triplet);
    // none when the reply is not a JSON array of non-empty strings or of 3-string arrays. The
    // reply must be the array (alone, or alone in a ```json fence): an array inside other text,
    // such as a model echoing its prompt, is not read.
    static std::optional<QStringList> parseClaims(const QString &reply);
    // The labels of a check reply; none when it is not a JSON array of `count` elements. A
    // label other than the three (any case) is Unknown.
    static std::optional<QVector<ClaimVerdict>> parseChecks(const QString &reply, int count);

    static Result<Report> run(Project &project, qint64 runId, const QString &profile, Mode mode, Job *job = nullptr);
};

} // namespace assay
