#pragma once
// GaRAGe metrics (docs/METHODS.md §7) over a benchmark paired with responses:
// - deflection, detected by a phrase list (editable) or an LLM judge: TPR over questions with
//   no relevant passage, FPR over questions with one;
// - attribution: the [cite_N] markers of a response (each counted once; unknown keys count
//   as wrong) against the relevant passages, over questions with a relevant passage:
//   per-question P (0 without citations), R, F1, macro-averaged; micro from summed counts;
// - RAF / uRAF (with an LLM judge only): each sentence labelled supported / unsupported /
//   contradictory / no_rad against the relevant passages alone; a response is factual when
//   no sentence is unsupported or contradictory; uRAF = factual share, RAF = share both
//   factual and eligible (the judge says it answers the question); unreadable judge replies
//   are counted and left out;
// - all of it again per question label value.
#include "analysis/garagedata.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>

namespace assay {

class Project;

class Job;
class LlmStore;

struct GarageScores {
    int questions = 0;
    int withoutRelevant = 0;
    int deflectedWithoutRelevant = 0;
    int withRelevant = 0;
    int deflectedWithRelevant = 0;
    double sumPrecision = 0, sumRecall = 0, sumF1 = 0;
    qint64 citedRelevant = 0, cited = 0, relevant = 0;
    int judged = 0, factual = 0, factualEligible = 0, unread = 0;

    nlohmann::json toJson(bool withRaf) const;
};

struct GarageReport {
    GarageScores overall;
    QMap<QString, QMap<QString, GarageScores>> byLabel; // label → value → scores
    bool withRaf = false;
    QString deflectionMethod;
    nlohmann::json toJson() const;
};

class GarageEvaluator {
public:
    struct Options {
        QStringList deflectionPhrases; // empty: the bundled list
        QString judgeProfile;          // empty: no LLM (phrases for deflection, no RAF)
    };
    static Result<GarageReport> evaluate(const QVector<GarageQuestion> &questions, const Options &options, LlmStore *store = nullptr, Job *job = nullptr);
    // Reads the benchmark and the responses (GarageData), pairs them and evaluates them with
    // the project's LLM cache (the project of the calling thread: openForJob in a job).
    static Result<GarageReport> evaluateFiles(Project &project, const QString &benchmark, const QString &responses, const Options &options, Job *job = nullptr);

    static QStringList citations(const QString &response);
    static QStringList sentences(const QString &response);
    static bool deflectsByPhrase(const QString &response, const QStringList &phrases);
    static Result<QStringList> bundledPhrases();
};

} // namespace assay
