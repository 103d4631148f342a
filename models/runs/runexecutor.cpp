#include "runs/runexecutor.h"

#include "core/job.h"
#include "project/database.h"
#include "project/project.h"
#include "retrieval/retriever.h"
#include "runs/runstore.h"

#include <QElapsedTimer>

namespace assay {

Result<RunExecutor::Report> RunExecutor::execute(Project &project, qint64 runId, Job *job)
{
    using R = Result<Report>;
    RunStore store(project.database());
    auto spec = store.pipelineOf(runId);
    if (!spec)
        return R::failure(spec.error());
    auto retriever = Retriever::create(spec.value().retriever, project);
    if (!retriever)
        return R::failure(retriever.error());
    auto chunkText = project.database().prepare(QStringLiteral("SELECT text FROM chunk WHERE id = ?"));
    if (!chunkText)
        return R::failure(chunkText.error());
    const QVector<RunItem> items = store.pending(runId);
    store.setStatus(runId, QStringLiteral("running"));
    Report report;
    for (int i = 0; i < items.size(); ++i) {
        if (job && job->isCancelled()) {
            store.setStatus(runId, QStringLiteral("paused"));
            return report;
        }
        QElapsedTimer clock;
        clock.start();
        auto hits = retriever.value()->retrieve({items[i].query, items[i].trueDocIds}, spec.value().k);
        QStringList ids, texts;
        if (hits) {
            for (const RetrievalHit &h : hits.value()) {
                ids << h.docId;
                chunkText.value().reset();
                chunkText.value().bind(1, h.chunkId);
                if (chunkText.value().step() == Statement::Step::Row)
                    texts << chunkText.value().text(0);
            }
        }
        // Each result is committed on its own: what is stored survives any interruption.
        if (auto s = store.saveRetrieval(items[i].id, ids, texts.join(QStringLiteral("\n\n")), clock.elapsed(), hits ? QString() : hits.error()); !s)
            return R::failure(s.error());
        ++report.executed;
        report.errors += !hits;
        if (job)
            job->reportProgress(i + 1, items.size());
    }
    store.setStatus(runId, QStringLiteral("done"));
    report.finished = true;
    return report;
}

} // namespace assay
