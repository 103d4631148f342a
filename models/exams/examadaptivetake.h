#pragma once
// An adaptive take of an exam with a fitted IRT model (docs/METHODS.md §9.15): any taker
// answers one item at a time, chosen by IrtAdaptive at its current ability, until the rule
// stops it. The answers are stored as one take of the exam named "<taker> @adaptive" (the
// other items left as missing cells, which IRT fits treat as not given), in one transaction
// once the test has stopped: a cancel or a failure stores nothing. Reports the items used,
// θ̂ with its SE, the estimated accuracy on the whole exam with its interval, and the LLM
// calls and cost made against what the whole exam would have taken. With the rule's dims=2 the
// test runs on the exam's two-dimensional model (IrtTwoDimAdaptive, stored by a fit that
// compared two abilities), is stored as "<taker> @adaptive-2d" and estimated on that model.
#include "core/result.h"
#include "exams/examshortform.h"
#include "irt/irtadaptive.h"

#include <functional>

namespace assay {

class Database;
class Job;
class Project;

struct ExamAdaptiveOutcome {
    QString taker; // as stored: "<spec> @adaptive"
    IrtAdaptiveRule rule;
    QVector<IrtAdaptiveStep> steps;
    QStringList keys; // the items given, in order
    QString stopReason;
    ExamEstimate estimate;   // on the whole exam: the parent's, for a short form
    QString estimatedOn;     // the parent, when the exam taken is a short form
    int examItems = 0;
    qint64 calls = 0;  // LLM calls the take made (cached ones included)
    double cost = 0;   // their cost
    // What the whole exam would have taken at the same rate per item.
    double fullCalls() const { return steps.isEmpty() ? 0 : double(calls) * examItems / steps.size(); }
    double fullCost() const { return steps.isEmpty() ? 0 : cost * examItems / steps.size(); }
    QString text() const; // the report's paragraph
};

class ExamAdaptiveTake {
public:
    static constexpr const char *Suffix = " @adaptive";
    static constexpr const char *TwoDimSuffix = " @adaptive-2d";
    static bool isAdaptive(const QString &taker); // either suffix
    static bool isTwoDim(const QString &taker);
    static QString studentOf(const QString &taker); // the taker without its adaptive suffix
    // onStep (optional) sees every answer as it comes, from the thread the take runs on.
    static Result<ExamAdaptiveOutcome> take(Project &project, const QString &exam, const QString &taker, const IrtAdaptiveRule &rule, Job *job = nullptr,
                                            const std::function<void(const IrtAdaptiveStep &)> &onStep = {});
    // A stored adaptive take's steps read back in the order its items were given, θ̂ and SE
    // after each answer recomputed on the exam's fitted items (as the take saw them; a 2-D
    // take's on the 2-D model); empty for a take stored before answers had an order.
    static Result<QVector<IrtAdaptiveStep>> trace(Database &db, const QString &exam, const QString &taker);
};

} // namespace assay
