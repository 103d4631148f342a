#include "runs/scorer.h"

#include "core/job.h"
#include "grounding/aliasindex.h"
#include "project/database.h"
#include "project/transaction.h"
#include "retrieval/retrieverregistry.h"
#include "runs/runresultstore.h"
#include "runs/runstore.h"
#include "scoring/answermetrics.h"
#include "scoring/judgeregistry.h"
#include "scoring/judgespec.h"
#include "scoring/llmjudge.h"

#include <QHash>
#include <QSet>
#include <QVariant>

#include <algorithm>
#include <optional>

namespace assay {

namespace {

struct ScoredItem {
    qint64 id = 0;
    QString query;
    QString gold;
    QString response;
    QStringList retrieved;
    QString retrievedText;
    QStringList truth;
    bool knownTruth = false;
    bool failed = false; // the item ended in an error: nothing to judge
    bool grounded = false; // a retrieval-only item judged on its true documents' text only
    bool unserved = false; // the oracle's item without a true document: nothing to judge
};

Result<QVector<ScoredItem>> loadItems(Database &db, qint64 runId)
{
    using R = Result<QVector<ScoredItem>>;
    RunResultStore results(db);
    auto retrieverName = results.retrieverOf(runId);
    if (!retrieverName)
        return R::failure(retrieverName.error());
    const RetrieverKind *retriever = RetrieverRegistry::instance().find(retrieverName.value());
    const bool servesTruth = retriever && retriever->servesTruth;
    auto reader = results.readerOf(runId);
    if (!reader)
        return R::failure(reader);
    const bool retrievalOnly = reader.value() == QLatin1String("none");
    auto stored = results.executed(runId);
    if (!stored)
        return R::failure(stored);
    QVector<ScoredItem> items;
    for (const StoredRunItem &r : stored.value()) {
        ScoredItem it;
        it.id = r.id;
        it.query = r.query;
        it.gold = r.gold;
        it.retrievedText = r.retrievedText;
        it.response = retrievalOnly ? it.retrievedText : r.answer;
        it.retrieved = r.retrievedIds;
        it.truth = r.trueDocIds;
        it.knownTruth = r.trueDocIdsKnown;
        // Grounded judging (docs/METHODS.md §4.9): a retrieval-only run "answers" with its
        // context, and only what a true document says is knowledge — a string met by chance in
        // another document is not. Needs the true documents and the context's chunks.
        if (retrievalOnly && it.knownTruth && !it.truth.isEmpty() && r.retrievedTexts.size() == r.retrievedIds.size()) {
            const QSet<QString> truth(it.truth.begin(), it.truth.end());
            QStringList texts;
            for (int c = 0; c < r.retrievedIds.size(); ++c)
                if (truth.contains(r.retrievedIds[c]))
                    texts << r.retrievedTexts[c];
            it.response = texts.join(RunContexts::separator());
            it.grounded = true;
        }
        it.failed = !r.error.isEmpty();
        it.unserved = servesTruth && it.truth.isEmpty();
        items << it;
    }
    return items;
}

} // namespace

Status Scorer::validateJudge(const QString &judge)
{
    auto spec = JudgeSpec::parse(judge);
    return spec ? Status() : Status::failure(spec.error());
}

int Scorer::parseVerdict(const QString &reply) { return LlmJudge::parseVerdict(reply); }

Result<QString> Scorer::defaultRetrievalJudge(Database &db, qint64 runId)
{
    auto judges = RunResultStore(db).judgesOf(runId);
    if (!judges)
        return Result<QString>::failure(judges);
    return defaultRetrievalJudge(judges.value().retrieval);
}

QString Scorer::defaultRetrievalJudge(const QStringList &retrievalJudges)
{
    if (retrievalJudges.contains(QStringLiteral("imported")))
        return QStringLiteral("imported");
    // A run scored before `covered` existed has top1 verdicts only (docs/METHODS.md §4.7).
    return retrievalJudges.contains(QStringLiteral("covered")) ? QStringLiteral("covered") : QStringLiteral("top1");
}

bool Scorer::coveredVerdict(const QStringList &retrieved, const QSet<QString> &truth)
{
    if (retrieved.isEmpty() || truth.isEmpty())
        return false;
    QSet<QString> hit;
    for (const QString &d : retrieved)
        if (truth.contains(d))
            hit.insert(d);
    return hit.size() >= std::min<qsizetype>(truth.size(), retrieved.size());
}

namespace {

// The items' true documents refreshed to what the project has now (links or keys added since
// the run), and the retrieval verdicts on them, in one transaction; returns the items as read
// after the refresh, which the answer judge then scores (read once: reading a run's items was
// 10% of the demo's CPU when they were read twice, 7% now).
Result<QVector<ScoredItem>> scoreRetrieval(Database &db, qint64 runId)
{
    using R = Result<QVector<ScoredItem>>;
    Transaction tx(db);
    if (!tx.began())
        return R::failure(tx.beginStatus());
    if (auto refreshed = RunResultStore(db).refreshTruth(runId); !refreshed)
        return R::failure(refreshed.error());
    auto items = loadItems(db, runId);
    if (!items)
        return R::failure(items.error());
    auto aliases = AliasIndex::load(db);
    if (!aliases)
        return R::failure(aliases.error());
    QVector<RunStore::Judgement> top1, topk, covered, context;
    for (const ScoredItem &it : items.value()) {
        const QSet<QString> truth(it.truth.begin(), it.truth.end());
        // Judged only against known, non-empty truth: an item whose group has no true document
        // (or whose import did not say) gets no verdict, so it neither lowers the retrieval
        // accuracy nor is flipped by the closed-domain rule (docs/METHODS.md §4.7).
        if (it.knownTruth && !truth.isEmpty()) {
            const QSet<QString> first = it.retrieved.isEmpty() ? QSet<QString>() : QSet<QString>{it.retrieved.first()};
            top1.append({it.id, int(first == truth), std::nullopt, QString()});
            bool any = false;
            for (const QString &d : it.retrieved)
                any = any || truth.contains(d);
            topk.append({it.id, int(any), std::nullopt, QString()});
            covered.append({it.id, int(Scorer::coveredVerdict(it.retrieved, truth)), std::nullopt, QString()});
        }
        // The retrieved text holds the answer, as the database writes it or as an alias.
        bool holds = AnswerMetrics::contains(it.retrievedText, it.gold);
        for (const QString &a : aliases.value().alternatives(it.gold))
            holds = holds || AnswerMetrics::contains(it.retrievedText, a);
        context.append({it.id, int(holds), std::nullopt, QString()});
    }
    for (const auto &[judge, rows] : {std::pair{QStringLiteral("top1"), &top1}, std::pair{QStringLiteral("topk"), &topk},
                                    std::pair{QStringLiteral("covered"), &covered}, std::pair{QStringLiteral("context"), &context}})
        if (auto s = RunStore(db).replaceJudgements(runId, judge, QStringLiteral("retrieval"), *rows); !s)
            return R::failure(s);
    if (auto s = tx.commit(); !s)
        return R::failure(s);
    return items;
}

} // namespace

Result<Scorer::Report> Scorer::score(Database &db, qint64 runId, const QString &judge, const Options &options, Job *job)
{
    using R = Result<Report>;
    auto spec = JudgeSpec::parse(judge);
    if (!spec)
        return R::failure(spec);
    if (spec.value().kind().labelled) // refused before anything is written
        return R::failure(spec.value().kind().create(spec.value())->judge({}, {&db, job}));
    if (options.repeat < 1 || options.repeat > 50)
        return R::failure(QStringLiteral("--repeat takes 1 to 50 verdicts per item, not %1").arg(options.repeat));
    if (options.repeat > 1 && !spec.value().kind().usesModel)
        return R::failure(QStringLiteral("judge %1 gives the same verdict every time: repeat the verdicts of an LLM judge (llm:PROFILE)").arg(judge));
    auto items = scoreRetrieval(db, runId);
    if (!items)
        return R::failure(items.error());
    Report report;
    report.items = items.value().size();
    auto retrievalJudge = options.retrievalJudge.isEmpty() ? defaultRetrievalJudge(db, runId) : Result<QString>(options.retrievalJudge);
    if (!retrievalJudge)
        return R::failure(retrievalJudge);
    report.retrievalJudge = retrievalJudge.take();

    auto reader = RunResultStore(db).readerOf(runId);
    if (!reader)
        return R::failure(reader);
    report.closedDomain = ClosedDomain::resolve(options.closedDomain, reader.value());
    QHash<qint64, int> retrievalVerdicts;
    if (report.closedDomain) {
        auto read = RunStore(db).verdicts(runId, report.retrievalJudge, QStringLiteral("retrieval"));
        if (!read)
            return R::failure(read);
        retrievalVerdicts = read.take();
    }
    // On a retry, the stored verdicts stay except those whose judge request failed.
    QHash<qint64, RunStore::Judgement> kept;
    if (options.retryFailed) {
        auto stored = RunStore(db).judgements(runId, spec.value().text(), QStringLiteral("answer"));
        if (!stored)
            return R::failure(stored);
        for (const RunStore::Judgement &j : stored.value())
            if (!std::get<3>(j).startsWith(QLatin1String(Judge::FailedPrefix)))
                kept.insert(std::get<0>(j), j);
    }
    auto aliases = AliasIndex::load(db);
    if (!aliases)
        return R::failure(aliases);
    QVector<Judge::Item> asked;
    QVector<int> askedIndex;
    asked.reserve(items.value().size());
    for (int i = 0; i < items.value().size(); ++i) {
        const ScoredItem &it = items.value()[i];
        if (kept.contains(it.id) || it.failed || it.unserved)
            continue; // an item that failed, or the oracle's without truth, has no answer to judge
        asked.append({it.id, it.query, it.gold, it.response, aliases.value().alternatives(it.gold)});
        askedIndex << i;
    }
    report.asked = asked.size();
    auto verdicts = asked.isEmpty() ? Result<QVector<Judge::Verdict>>(QVector<Judge::Verdict>())
                                    : spec.value().kind().create(spec.value())->judge(asked, {&db, job, options.repeat});
    if (!verdicts)
        return R::failure(verdicts);
    if (verdicts.value().size() != asked.size())
        return R::failure(QStringLiteral("judge %1 gave %2 verdicts for %3 items").arg(judge).arg(verdicts.value().size()).arg(asked.size()));
    QHash<qint64, RunStore::Judgement> fresh;
    for (int k = 0; k < asked.size(); ++k) {
        const ScoredItem &it = items.value()[askedIndex[k]];
        auto [verdict, score, detail, failed] = verdicts.value()[k];
        if (failed) {
            ++report.failedRequests;
            report.lastFailure = detail.mid(int(qstrlen(Judge::FailedPrefix)));
        }
        if (verdict && *verdict == 1 && report.closedDomain && retrievalVerdicts.value(it.id, 1) == 0) {
            verdict = 0;
            detail = (detail.isEmpty() ? QString() : detail + QStringLiteral("; ")) + QStringLiteral("closed-domain rule: retrieval judged wrong by %1").arg(report.retrievalJudge);
            ++report.closedDomainFlips;
        }
        report.groundedItems += it.grounded;
        fresh.insert(it.id, {it.id, verdict, score, detail});
    }
    QVector<RunStore::Judgement> rows;
    rows.reserve(items.value().size());
    for (const ScoredItem &it : items.value()) {
        if (it.failed && !fresh.contains(it.id) && !kept.contains(it.id)) {
            ++report.failedItems;
            rows.append({it.id, std::nullopt, std::nullopt, QStringLiteral("not judged: the item failed (Runs → Retry Failed, or run … --retry-failed)")});
            continue;
        }
        if (it.unserved && !it.failed) {
            ++report.unserved;
            rows.append({it.id, std::nullopt, std::nullopt, QString::fromUtf8(Scorer::UnservedDetail)});
            continue;
        }
        const RunStore::Judgement row = fresh.contains(it.id) ? fresh.value(it.id) : kept.value(it.id);
        const std::optional<int> &verdict = std::get<1>(row);
        if (!verdict)
            ++report.unread;
        else if (*verdict == 1)
            ++report.correct;
        else
            ++report.incorrect;
        rows.append(row);
    }
    if (auto s = RunStore(db).replaceJudgements(runId, spec.value().text(), QStringLiteral("answer"), rows); !s)
        return R::failure(s.error());
    return report;
}

} // namespace assay
