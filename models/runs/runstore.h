#pragma once
// Runs in the project file: creating one copies its query set's accepted text queries as
// pending items; results update their item as they arrive; a run that was interrupted keeps
// its done items and is continued by executing the pending ones.
#include "core/result.h"
#include "runs/pipelinespec.h"

#include <QStringList>
#include <QVector>

namespace assay {

class Database;

struct RunItem {
    qint64 id = 0;
    QString query;
    QStringList trueDocIds;
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
};

class RunStore {
public:
    explicit RunStore(Database &db);
    // Creates the run (items copied from the query set: a form, or every form when empty) or,
    // when a run of that name exists with the same pipeline, returns it for continuing.
    Result<qint64> openOrCreate(const QString &name, const PipelineSpec &spec, const QString &querySet);
    Result<PipelineSpec> pipelineOf(qint64 runId) const;
    QVector<RunItem> pending(qint64 runId) const;
    Status saveRetrieval(qint64 itemId, const QStringList &docIds, const QString &text, qint64 latencyMs, const QString &error);
    Status setStatus(qint64 runId, const QString &status);
    QVector<RunSummary> runs() const;

private:
    Database &m_db;
};

} // namespace assay
