#pragma once
// What the launcher is about to start: named runs (pipeline × query set), and what they
// will cost before anything is sent — items, LLM calls, embedding calls, estimated tokens
// and money from the profiles' prices. Estimates are upper bounds: cached answers are free.
#include "core/result.h"
#include "readers/pipelinespec.h"

#include <QVector>

namespace assay {

class Project;

class Database;

struct PlannedRun {
    QString name;
    PipelineSpec spec;
    QString querySet; // a form; empty: every form
    qint64 testsetId = 0;  // a frozen version to run on (its form is querySet); 0: the working set
    qint64 versionItems = 0; // that version's items (for the estimate)
};

struct RunEstimate {
    int runs = 0;
    qint64 items = 0;
    qint64 llmCalls = 0;
    qint64 embeddingCalls = 0;
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    double cost = 0;
    QStringList problems; // e.g. a profile that does not exist

    QString summary() const;
};

class RunPlan {
public:
    // Every pipeline on every query set; names are base/form/pipeline-bits (shortened when
    // only one form or one pipeline is chosen).
    static QVector<PlannedRun> expand(const QString &base, const QVector<PipelineSpec> &specs, const QStringList &querySets);
    // The same, on frozen versions (id, name, form, items) as well: a version's runs are named
    // base/VERSION/pipeline when more than one set is chosen.
    struct Version {
        qint64 id = 0;
        QString name, form;
        qint64 items = 0;
    };
    static QVector<PlannedRun> expand(const QString &base, const QVector<PipelineSpec> &specs, const QStringList &querySets, const QVector<Version> &versions);
    static RunEstimate estimate(Database &db, const QVector<PlannedRun> &runs);
    static RunEstimate estimate(Project &project, const QVector<PlannedRun> &runs); // its own connection
    // Tokens of a text as the estimate counts them (≈ 4 characters a token).
    static qint64 tokensOf(qint64 characters) { return (characters + 3) / 4; }
};

} // namespace assay
