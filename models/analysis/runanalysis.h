#pragma once
// Everything the charts and the report show about one scored run: its pipeline and query
// set, the judge, GRAMMAR-Eval with a bootstrap CI of the refined accuracy (groups resampled,
// seeded), the R-Eval taxonomy and the mean latency.
#include "scoring/closeddomain.h"
#include "analysis/grammareval.h"
#include "analysis/ppiestimate.h"
#include "analysis/responsetaxonomy.h"
#include "analysis/workflowfigures.h"

#include <QHash>

namespace assay {

class Project;

class Database;
class Job;

struct RunAnalysis {
    QString run;
    QString pipeline; // spec text, or "imported"
    QString retriever;
    int k = 0;
    QString reader;
    QString querySet;
    QString judge;
    QString retrievalJudge;
    GrammarReport grammar;
    std::optional<double> refinedLow, refinedHigh;
    TaxonomyReport taxonomy;
    double meanLatencyMs = 0;
    WorkflowFigures workflow; // R-Eval's comparison: workflow, LLM, F1 per task level, cost
    QVector<Outcome> outcomes;
    bool closedDomain = true; // the closed-domain rule the verdicts were read with
    // Where the project's ground truth comes from now (GroundLinkStore::Coverage, brief).
    QString truthSources;
    QHash<QString, QString> groupLabels; // group → what it asks: "Estonia, 2014-02-03 → Tallinn"
    // The accuracy corrected by human labels, when the run has any (and the judge is not human).
    std::optional<PpiEstimate> ppi;
    // People's verdicts it was computed from, by item key (the corrected difference of two runs
    // pairs them with PpiAnalysis::judgeVerdicts(outcomes) on the items both have).
    QHash<QString, int> ppiTruth;

    QString pipelineLabel() const; // "bm25 k=3" / "bm25 k=3 llm:gpt" / "imported"
    QString formLabel() const;     // the query set, or "all"
};

class RunAnalyzer {
public:
    // What the analyses of a project's runs share, read once for several runs: where the ground
    // truth comes from, and what each of the project's semantic groups asks (by group key).
    struct ProjectFacts {
        QString truthSources;
        QHash<QString, QString> groupLabels;
    };
    static Result<ProjectFacts> projectFacts(Database &db);
    // Runs that carry answer verdicts, in creation order.
    static Result<QStringList> scoredRuns(Database &db);
    static Result<QStringList> scoredRuns(Project &project); // on the project's own connection
    static Result<RunAnalysis> analyze(Database &db, const QString &run, const QString &judge = {}, ClosedDomain::Setting closedDomain = {}, quint64 seed = 20240601);
    // The same with the project's facts read before (projectFacts, on any connection to the file).
    static Result<RunAnalysis> analyze(Database &db, const QString &run, const ProjectFacts &facts, const QString &judge = {}, ClosedDomain::Setting closedDomain = {},
                                       quint64 seed = 20240601);
    // Several runs at once, in the given order, on the thread pool (each worker on its own
    // connection to the project file). job (may be null) sees one step per run and cancels.
    static Result<QVector<RunAnalysis>> analyzeMany(const QString &projectPath, const QStringList &runs, const QString &judge, ClosedDomain::Setting closedDomain,
                                                    Job *job = nullptr);
    // The closed-domain rule for one run: the setting, auto resolved by the run's reader.
    static Result<bool> closedDomainFor(Database &db, const QString &run, ClosedDomain::Setting setting);
    // 95% percentile interval of the refined accuracy, resampling the competent groups.
    static std::pair<std::optional<double>, std::optional<double>> refinedInterval(const GrammarReport &report, quint64 seed, int resamples = 1000);

private:
    // facts null: the truth's sources and the labels of this run's groups are read here.
    static Result<RunAnalysis> analyzeWith(Database &db, const QString &run, const ProjectFacts *facts, const QString &judge, ClosedDomain::Setting closedDomain,
                                           quint64 seed);
    // "Estonia, 2014-02-03 → Tallinn" for each group of the project (only those in `only`, when given).
    static Status describeGroups(Database &db, const QHash<QString, QString> *only, QHash<QString, QString> *labels);
};

} // namespace assay
