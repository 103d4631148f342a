#include "runs/runexecutor.h"

#include "core/job.h"
#include "llm/llmstore.h"
#include "project/database.h"
#include "retrieval/retriever.h"
#include "runs/reader.h"
#include "runs/runstore.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

namespace assay {

namespace {

// How long items in flight may still finish after a cancel before they are left pending.
constexpr int CancelGraceMs = 3000;

} // namespace

Result<RunExecutor::Report> RunExecutor::execute(Database &db, qint64 runId, Job *job, const Progress &onProgress)
{
    using R = Result<Report>;
    RunStore store(db);
    auto spec = store.pipelineOf(runId);
    if (!spec)
        return R::failure(spec.error());
    LlmStore llm(db);
    auto retriever = Retriever::create(spec.value().retriever, db, spec.value().embedder, &llm, job);
    if (!retriever)
        return R::failure(retriever.error());
    auto reader = Reader::create(spec.value(), &llm);
    if (!reader)
        return R::failure(reader.error());
    auto chunkText = db.prepare(QStringLiteral("SELECT text FROM chunk WHERE id = ?"));
    if (!chunkText)
        return R::failure(chunkText.error());
    const QVector<RunItem> items = store.pending(runId);
    {
        QStringList texts;
        for (const RunItem &item : items)
            texts << item.query;
        if (auto s = retriever.value()->prepare(texts, job); !s)
            return R::failure(s.error());
    }
    store.setStatus(runId, QStringLiteral("running"));

    Report report;
    QString failure;
    int next = 0;
    int inFlight = 0;
    bool cancelled = false;
    QEventLoop loop;
    QTimer pump;
    pump.setSingleShot(true);
    pump.setInterval(0);
    QTimer grace;
    grace.setSingleShot(true);

    const auto finishWhenIdle = [&] {
        if (inFlight == 0 && (next >= items.size() || cancelled || !failure.isEmpty()))
            loop.quit();
    };
    const auto submit = [&] {
        while (failure.isEmpty() && !cancelled && next < items.size() && inFlight < reader.value()->concurrency()) {
            if (job && job->isCancelled()) {
                cancelled = true;
                break;
            }
            const RunItem &item = items[next++];
            auto clock = std::make_shared<QElapsedTimer>();
            clock->start();
            auto hits = retriever.value()->retrieve({item.query, item.trueDocIds}, spec.value().k);
            ReaderRequest request{item.key, item.query, {}, store.examples(runId, spec.value().icl, item.groupKey)};
            RunItemResult base;
            if (hits) {
                QStringList texts;
                for (const RetrievalHit &h : hits.value()) {
                    chunkText.value().reset();
                    chunkText.value().bind(1, h.chunkId);
                    const QString text = chunkText.value().step() == Statement::Step::Row ? chunkText.value().text(0) : QString();
                    base.retrievedIds << h.docId;
                    texts << text;
                    request.contexts.append({h.docId, text});
                }
                base.retrievedText = texts.join(QStringLiteral("\n\n"));
            }
            ++inFlight;
            const auto stored = [&, itemId = item.id, base, clock](const ReaderAnswer &a) {
                --inFlight;
                RunItemResult r = base;
                r.answer = a.answer;
                r.trace = a.trace;
                r.halted = a.halted;
                r.error = a.error;
                if (a.hasOwnContext) {
                    r.retrievedIds = a.contextIds;
                    r.retrievedText = a.contextText;
                }
                r.latencyMs = double(clock->nsecsElapsed()) / 1e6;
                r.promptTokens = a.promptTokens;
                r.completionTokens = a.completionTokens;
                r.cost = a.cost;
                // Each result is committed on its own: what is stored survives any interruption.
                if (auto s = store.saveResult(itemId, r); !s && failure.isEmpty())
                    failure = s.error();
                ++report.executed;
                report.errors += !r.error.isEmpty();
                report.promptTokens += r.promptTokens;
                report.completionTokens += r.completionTokens;
                report.cost += r.cost;
                if (job)
                    job->reportProgress(report.executed, items.size(),
                                        QStringLiteral("%1 errors, cost %2").arg(report.errors).arg(report.cost, 0, 'f', 4));
                if (onProgress)
                    onProgress(report, items.size());
                pump.start();
            };
            if (!hits) {
                ReaderAnswer a;
                a.error = hits.error();
                a.halted = true;
                stored(a);
            } else {
                reader.value()->answer(request, stored);
            }
        }
        finishWhenIdle();
    };
    QObject::connect(&pump, &QTimer::timeout, &loop, submit);
    QTimer cancelWatch;
    QObject::connect(&cancelWatch, &QTimer::timeout, &loop, [&] {
        if (job && job->isCancelled() && !cancelled) {
            cancelled = true;
            grace.start(CancelGraceMs);
            finishWhenIdle();
        }
    });
    QObject::connect(&grace, &QTimer::timeout, &loop, &QEventLoop::quit);
    cancelWatch.start(100);
    submit();
    if (inFlight > 0 || (next < items.size() && !cancelled && failure.isEmpty()))
        loop.exec();
    pump.stop();
    cancelWatch.stop();
    if (inFlight > 0) {
        // Abandoned after a cancel: the items stay pending and run on the next continue.
        reader.value()->abort();
        inFlight = 0;
    }
    if (!failure.isEmpty()) {
        store.setStatus(runId, QStringLiteral("failed"));
        return R::failure(failure);
    }
    report.finished = next >= items.size() && !cancelled;
    store.setStatus(runId, report.finished ? QStringLiteral("done") : QStringLiteral("paused"));
    return report;
}

} // namespace assay
