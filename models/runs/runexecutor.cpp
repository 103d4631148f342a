#include "runs/runexecutor.h"

#include "readers/agentenvironment.h"
#include "core/job.h"
#include "llm/llmstore.h"
#include "llm/llmwait.h"
#include "project/database.h"
#include "retrieval/corpusstore.h"
#include "retrieval/retriever.h"
#include "retrieval/retrieverregistry.h"
#include "runs/iclexamples.h"
#include "readers/reader.h"
#include "runs/runcontexts.h"
#include "runs/runstore.h"

#include <QElapsedTimer>
#include <QTimer>

namespace assay {

namespace {

// How long items in flight may still finish after a cancel before they are left pending.
constexpr int CancelGraceMs = 3000;
// How long a batch of results of a reader that answers at once stays uncommitted.
constexpr qint64 BatchMs = 100;

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
    const RetrieverKind *retrieverKind = RetrieverRegistry::instance().find(spec.value().retriever);
    const bool servesTruth = retrieverKind && retrieverKind->servesTruth;
    if (!retriever)
        return R::failure(retriever.error());
    // An agentic reader retrieves through its tools; the environment outlives the reader.
    const bool agentic = spec.value().usesAgent();
    std::unique_ptr<AgentEnvironment> environment;
    if (agentic) {
        // The pipeline's k is how many passages a search shows unless the model asks otherwise.
        AgentTools::Limits limits;
        limits.defaultK = spec.value().k;
        limits.maxK = std::max(limits.maxK, spec.value().k);
        auto opened = AgentEnvironment::open(db, retriever.value().get(), limits);
        if (!opened)
            return R::failure(opened.error());
        environment = opened.take();
    }
    auto reader = Reader::create(spec.value(), &llm, environment ? &environment->tools() : nullptr);
    if (!reader)
        return R::failure(reader.error());
    CorpusStore corpus(db);
    auto pending = store.pending(runId);
    if (!pending)
        return R::failure(pending);
    const QVector<RunItem> items = pending.take();
    const auto examples = IclExamples::load(store, runId, spec.value().icl); // once per run
    if (!examples)
        return R::failure(examples);
    if (!agentic) {
        QStringList texts;
        for (const RunItem &item : items)
            texts << item.query;
        if (auto s = retriever.value()->prepare(texts, job); !s)
            return R::failure(s.error());
    }
    if (auto s = store.setStatus(runId, QStringLiteral("running")); !s)
        return R::failure(s);

    Report report;
    QString failure;
    const bool batched = reader.value()->answersAtOnce();
    QElapsedTimer batchClock;
    int next = 0;
    int inFlight = 0;
    bool cancelled = false;
    LlmWait::Done allDone;
    QTimer pump;
    pump.setSingleShot(true);
    pump.setInterval(0);

    const auto finishWhenIdle = [&] {
        if (inFlight == 0 && (next >= items.size() || cancelled || !failure.isEmpty()))
            allDone();
    };
    const auto submit = [&] {
        while (failure.isEmpty() && !cancelled && next < items.size() && inFlight < reader.value()->concurrency()) {
            if (job && job->isCancelled()) {
                cancelled = true;
                break;
            }
            const RunItem &item = items[next++];
            report.unserved += servesTruth && item.trueDocIds.isEmpty();
            auto clock = std::make_shared<QElapsedTimer>();
            clock->start();
            auto hits = agentic ? Result<QVector<RetrievalHit>>(QVector<RetrievalHit>()) : retriever.value()->retrieve({item.query, item.trueDocIds}, spec.value().k);
            ReaderRequest request{item.key, item.query, {}, examples.value().forGroup(item.groupKey)};
            RunItemResult base;
            if (hits) {
                QStringList texts;
                for (const RetrievalHit &h : hits.value()) {
                    auto read = corpus.chunkText(h.chunkId);
                    if (!read && failure.isEmpty())
                        failure = read.error();
                    const QString text = read ? read.value() : QString();
                    base.retrievedIds << h.docId;
                    base.contextRefs.append(ContextRef{h.chunkId, float(h.score)});
                    texts << text;
                    request.contexts.append({h.docId, text});
                }
                base.retrievedText = texts.join(RunContexts::separator());
            }
            ++inFlight;
            const auto stored = [&, itemId = item.id, gold = item.gold, base, clock](const ReaderAnswer &a) {
                --inFlight;
                if (a.stopsRun) {
                    // The model's client stopped for good (auth, quota, a rate limit that does
                    // not lift): the item stays pending and the run stops, naming the cause.
                    if (failure.isEmpty())
                        failure = QStringLiteral("the run stopped: %1").arg(a.error);
                    pump.start();
                    return;
                }
                RunItemResult r = base;
                r.answer = a.answer;
                r.trace = a.trace;
                r.halted = a.halted;
                r.error = a.error;
                r.errorClass = a.error.isEmpty() ? QString() : a.errorClass.isEmpty() ? QStringLiteral("system") : a.errorClass;
                if (a.hasOwnContext) {
                    r.retrievedIds = a.contextIds;
                    r.retrievedText = a.contextText;
                    r.contextRefs.clear(); // only its text can say what the system used
                }
                r.latencyMs = double(clock->nsecsElapsed()) / 1e6;
                r.promptTokens = a.promptTokens;
                r.completionTokens = a.completionTokens;
                r.cost = a.cost;
                r.usageUnknown = a.usageUnknown;
                r.computeFacts(gold);
                // Each result is committed on its own (what is stored survives any
                // interruption), or, for a reader that answers at once, with the others of the
                // last tenth of a second: a kill loses at most those, and they run again.
                if (batched && !store.inBatch()) {
                    if (auto s = store.beginBatch(); !s && failure.isEmpty())
                        failure = s.error();
                    batchClock.start();
                }
                if (auto s = store.saveResult(itemId, r); !s && failure.isEmpty())
                    failure = s.error();
                if (store.inBatch() && batchClock.elapsed() >= BatchMs)
                    if (auto s = store.commitBatch(); !s && failure.isEmpty())
                        failure = s.error();
                ++report.executed;
                report.errors += !r.error.isEmpty();
                if (!r.error.isEmpty())
                    report.lastError = r.error;
                report.promptTokens += r.promptTokens;
                report.completionTokens += r.completionTokens;
                report.cost += r.cost;
                report.usageUnknown += a.usageUnknown;
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
                a.errorClass = QStringLiteral("retrieval");
                a.halted = true;
                stored(a);
            } else {
                reader.value()->answer(request, stored);
            }
        }
        finishWhenIdle();
    };
    QObject::connect(&pump, &QTimer::timeout, submit);
    LlmWait::Options waitOptions;
    waitOptions.job = job;
    waitOptions.cancelGraceMs = CancelGraceMs;
    waitOptions.onCancel = [&] {
        cancelled = true;
        finishWhenIdle();
    };
    // A cancel is reported by the run's status (paused), not as a failure of the wait.
    static_cast<void>(LlmWait::until(
        [&](const LlmWait::Done &done) {
            allDone = done;
            submit();
        },
        waitOptions));
    pump.stop();
    if (auto s = store.commitBatch(); !s && failure.isEmpty())
        failure = s.error();
    if (inFlight > 0) {
        // Abandoned after a cancel: the items stay pending and run on the next continue.
        reader.value()->abort();
        inFlight = 0;
    }
    if (!failure.isEmpty()) {
        // Marking it failed may fail for the same reason (a lock, a read-only file): say both.
        if (auto s = store.setStatus(runId, QStringLiteral("failed")); !s)
            return R::failure(QStringLiteral("%1; the run could not be marked failed either: %2").arg(failure, s.error()));
        return R::failure(failure);
    }
    report.finished = next >= items.size() && !cancelled;
    if (auto s = store.setStatus(runId, report.finished ? QStringLiteral("done") : QStringLiteral("paused")); !s)
        return R::failure(s);
    return report;
}

} // namespace assay
