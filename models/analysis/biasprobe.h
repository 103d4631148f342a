#pragma once
// Bias probes of an LLM judge (docs/METHODS.md §5.12): a seeded sample of a run's items judged
// as scored and again with one thing changed that should not change the verdict.
//   verbosity  the response padded with a neutral restatement of the question
//              (prompt file probe_verbosity.txt);
//   order      the response shown before the true answer in the judge's prompt
//              (prompt file probe_order.txt).
// The share of readable verdicts that change, with a Wilson interval, and in which direction.
#include "core/result.h"

#include <QStringList>

#include <utility>

#include <nlohmann/json_fwd.hpp>

namespace assay {

class Database;
class Job;

struct ProbeReport {
    QString run, judge, probe;
    qint64 items = 0;    // sampled
    qint64 compared = 0; // both verdicts readable
    qint64 changed = 0, toCorrect = 0, toIncorrect = 0;
    double share = 0;
    std::pair<double, double> ci{0, 0};
    QString missing;

    nlohmann::json toJson() const;
    QString text() const;
};

class BiasProbe {
public:
    static QStringList probes() { return {QStringLiteral("verbosity"), QStringLiteral("order")}; }
    // judge: llm:PROFILE. The unchanged verdicts come from the LLM cache when the run was scored
    // with that judge; each probed verdict is one call.
    static Result<ProbeReport> run(Database &db, const QString &run, const QString &judge, const QString &probe, int sample = 200,
                                   quint64 seed = 1, Job *job = nullptr);
};

} // namespace assay
