#include "scoring/scorer.h"

#include "core/job.h"
#include "generation/promptlibrary.h"
#include "llm/llmbatchcall.h"
#include "llm/llmclient.h"
#include "llm/llmprofilestore.h"
#include "llm/llmstore.h"
#include "project/database.h"
#include "runs/runresultstore.h"
#include "runs/runstore.h"
#include "scoring/answermetrics.h"

#include <QHash>
#include <QSet>
#include <QVariant>

#include <nlohmann/json.hpp>

#include <optional>

namespace assay {

namespace {

struct Item {
    qint64 id = 0;
    QString query;
    QString gold;
    QString response;
    QStringList retrieved;
    QString retrievedText;
    QStringList truth;
    bool knownTruth = false;
};

Result<QVector<Item>> loadItems(Database &db, qint64 runId)
{
    using R = Result<QVector<Item>>;
    RunResultStore results(db);
    auto reader = results.readerOf(runId);
    if (!reader)
        return R::failure(reader);
    const bool retrievalOnly = reader.value() == QLatin1String("none");
    auto stored = results.executed(runId);
    if (!stored)
        return R::failure(stored);
    QVector<Item> items;
    for (const StoredRunItem &r : stored.value()) {
        Item it;
        it.id = r.id;
        it.query = r.query;
        it.gold = r.gold;
        it.retrievedText = r.retrievedText;
        it.response = retrievalOnly ? it.retrievedText : r.answer;
        it.retrieved = r.retrievedIds;
        it.truth = r.trueDocIds;
        it.knownTruth = r.trueDocIdsKnown;
        items << it;
    }
    return items;
}

// One reply per item (LLM judge), through the cached client.
Result<QHash<qint64, QString>> askLlm(Database &db, const QString &profileName, const QVector<Item> &items, Job *job)
{
    using R = Result<QHash<qint64, QString>>;
    auto profile = LlmProfileStore::find(profileName);
    if (!profile)
        return R::failure(profile.error());
    auto prompt = PromptLibrary::load(QStringLiteral("judge"));
    if (!prompt)
        return R::failure(prompt.error());
    LlmStore ledger(db);
    LlmClient client(profile.value(), &ledger);
    QVector<LlmRequest> requests;
    for (const Item &it : items) {
        LlmRequest request = LlmClient::chat({}, PromptLibrary::fill(prompt.value(), {{QStringLiteral("query"), it.query},
                                                                                     {QStringLiteral("gold"), QString::fromStdString(nlohmann::json(it.gold.toStdString()).dump())},
                                                                                     {QStringLiteral("response"), it.response}}),
                                             0, 16);
        request.tag = QStringLiteral("judge:%1").arg(profileName);
        requests << request;
    }
    auto results = LlmBatchCall::run(client, requests, job);
    if (!results)
        return R::failure(QStringLiteral("judge %1").arg(results.error()));
    QHash<qint64, QString> replies;
    for (int i = 0; i < items.size(); ++i)
        replies.insert(items[i].id, results.value()[i].content());
    return replies;
}

} // namespace

QStringList Scorer::judgeNames() { return {QStringLiteral("exact"), QStringLiteral("f1"), QStringLiteral("contains"), QStringLiteral("llm:PROFILE")}; }

Status Scorer::validateJudge(const QString &judge)
{
    if (judge == QLatin1String("exact") || judge == QLatin1String("f1") || judge == QLatin1String("contains"))
        return {};
    if (judge.startsWith(QLatin1String("f1:"))) {
        bool ok = false;
        const double t = judge.mid(3).toDouble(&ok);
        return ok && t > 0 && t <= 1 ? Status() : Status::failure(QStringLiteral("judge '%1': the F1 threshold must be in (0, 1]").arg(judge));
    }
    if (judge.startsWith(QLatin1String("llm:")) && judge.size() > 4)
        return {};
    return Status::failure(QStringLiteral("unknown judge '%1' (exact, f1[:THRESHOLD], contains, llm:PROFILE)").arg(judge));
}

int Scorer::parseVerdict(const QString &reply)
{
    // "Incorrect" contains "correct": look for it first.
    const QString r = reply.toLower();
    if (r.contains(QLatin1String("incorrect")))
        return 0;
    if (r.contains(QLatin1String("correct")))
        return 1;
    return -1;
}

Result<QString> Scorer::defaultRetrievalJudge(Database &db, qint64 runId)
{
    auto imported = RunResultStore(db).hasVerdicts(runId, QStringLiteral("imported"), QStringLiteral("retrieval"));
    if (!imported)
        return Result<QString>::failure(imported);
    return imported.value() ? QStringLiteral("imported") : QStringLiteral("top1");
}

Status Scorer::scoreRetrieval(Database &db, qint64 runId)
{
    auto items = loadItems(db, runId);
    if (!items)
        return Status::failure(items.error());
    QVector<RunStore::Judgement> top1, topk, context;
    for (const Item &it : items.value()) {
        const QSet<QString> truth(it.truth.begin(), it.truth.end());
        if (it.knownTruth) {
            const QSet<QString> first = it.retrieved.isEmpty() ? QSet<QString>() : QSet<QString>{it.retrieved.first()};
            top1.append({it.id, int(!truth.isEmpty() && first == truth), std::nullopt, QString()});
            bool any = false;
            for (const QString &d : it.retrieved)
                any = any || truth.contains(d);
            topk.append({it.id, int(any), std::nullopt, QString()});
        }
        context.append({it.id, int(AnswerMetrics::contains(it.retrievedText, it.gold)), std::nullopt, QString()});
    }
    for (const auto &[judge, rows] : {std::pair{QStringLiteral("top1"), &top1}, std::pair{QStringLiteral("topk"), &topk}, std::pair{QStringLiteral("context"), &context}})
        if (auto s = RunStore(db).replaceJudgements(runId, judge, QStringLiteral("retrieval"), *rows); !s)
            return s;
    return {};
}

Result<Scorer::Report> Scorer::score(Database &db, qint64 runId, const QString &judge, const Options &options, Job *job)
{
    using R = Result<Report>;
    if (auto s = validateJudge(judge); !s)
        return R::failure(s.error());
    auto items = loadItems(db, runId);
    if (!items)
        return R::failure(items.error());
    if (auto s = scoreRetrieval(db, runId); !s)
        return R::failure(s.error());
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
    QHash<qint64, QString> replies;
    if (judge.startsWith(QLatin1String("llm:"))) {
        auto r = askLlm(db, judge.mid(4), items.value(), job);
        if (!r)
            return R::failure(r.error());
        replies = r.value();
    }
    const double threshold = judge.startsWith(QLatin1String("f1:")) ? judge.mid(3).toDouble() : 0.5;
    QVector<RunStore::Judgement> rows;
    for (const Item &it : items.value()) {
        std::optional<int> verdict;
        std::optional<double> score;
        QString detail;
        if (judge == QLatin1String("exact")) {
            verdict = int(AnswerMetrics::exactMatch(it.response, it.gold));
        } else if (judge == QLatin1String("contains")) {
            verdict = int(AnswerMetrics::contains(it.response, it.gold));
        } else if (judge.startsWith(QLatin1String("f1"))) {
            score = AnswerMetrics::f1(it.response, it.gold);
            verdict = int(*score >= threshold);
        } else {
            const QString reply = replies.value(it.id).trimmed();
            const int v = parseVerdict(reply);
            if (v >= 0)
                verdict = v;
            detail = reply.left(200);
        }
        if (verdict && *verdict == 1 && report.closedDomain && retrievalVerdicts.value(it.id, 1) == 0) {
            verdict = 0;
            detail = (detail.isEmpty() ? QString() : detail + QStringLiteral("; ")) + QStringLiteral("closed-domain rule: retrieval judged wrong by %1").arg(report.retrievalJudge);
            ++report.closedDomainFlips;
        }
        if (!verdict)
            ++report.unread;
        else if (*verdict == 1)
            ++report.correct;
        else
            ++report.incorrect;
        rows.append({it.id, verdict, score, detail});
    }
    if (auto s = RunStore(db).replaceJudgements(runId, judge, QStringLiteral("answer"), rows); !s)
        return R::failure(s.error());
    return report;
}

} // namespace assay
