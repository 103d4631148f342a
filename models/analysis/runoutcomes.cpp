#include "analysis/runoutcomes.h"

#include "project/database.h"
#include "runs/runstore.h"
#include "scoring/scorer.h"

#include <QVariant>

#include <nlohmann/json.hpp>

namespace assay {

Result<QStringList> RunOutcomes::answerJudges(Database &db, qint64 runId)
{
    QStringList out;
    auto s = db.prepare(QStringLiteral("SELECT DISTINCT j.judge FROM judgement j JOIN run_item i ON i.id = j.run_item_id "
                                       "WHERE i.run_id = ? AND j.aspect = 'answer' ORDER BY j.judge"));
    if (!s)
        return Result<QStringList>::failure(s);
    s.value().bind(1, runId);
    if (auto read = s.value().forEach([&](const Statement &r) { out << r.text(0); }); !read)
        return Result<QStringList>::failure(read);
    return out;
}

Result<RunOutcomes::Loaded> RunOutcomes::load(Database &db, const QString &runName, const Options &options)
{
    using R = Result<Loaded>;
    auto runId = RunStore(db).idOf(runName);
    if (!runId)
        return R::failure(runId.error());
    Loaded loaded;
    loaded.runName = runName;
    auto readJudges = answerJudges(db, runId.value());
    if (!readJudges)
        return R::failure(readJudges);
    const QStringList judges = readJudges.take();
    loaded.judge = options.judge;
    if (loaded.judge.isEmpty() && !options.requireJudge) {
        loaded.judge = judges.size() == 1 ? judges.first() : QString();
    } else if (loaded.judge.isEmpty()) {
        if (judges.size() != 1)
            return R::failure(judges.isEmpty() ? QStringLiteral("run '%1' has no verdicts yet: score it first (assay-cli score FILE --run %1 --judge NAME)").arg(runName)
                                               : QStringLiteral("run '%1' has verdicts of several judges (%2): choose one with --judge").arg(runName, judges.join(QStringLiteral(", "))));
        loaded.judge = judges.first();
    } else if (!judges.contains(loaded.judge)) {
        return R::failure(QStringLiteral("run '%1' has no verdicts of judge '%2' (it has: %3)").arg(runName, loaded.judge, judges.isEmpty() ? QStringLiteral("none") : judges.join(QStringLiteral(", "))));
    }
    auto retrievalJudge = options.retrievalJudge.isEmpty() ? Scorer::defaultRetrievalJudge(db, runId.value()) : Result<QString>(options.retrievalJudge);
    if (!retrievalJudge)
        return R::failure(retrievalJudge);
    loaded.retrievalJudge = retrievalJudge.take();
    auto s = db.prepare(QStringLiteral(
        "SELECT i.id, i.group_key, i.form, i.query, i.gold, i.answer, i.retrieved_text || CASE WHEN i.trace <> '' THEN char(10) || i.trace ELSE '' END, "
        "i.halted, i.error, i.latency_ms, a.verdict, r.verdict, i.retrieved_ids "
        "FROM run_item i LEFT JOIN judgement a ON a.run_item_id = i.id AND a.judge = ? AND a.aspect = 'answer' "
        "LEFT JOIN judgement r ON r.run_item_id = i.id AND r.judge = ? AND r.aspect = 'retrieval' "
        "WHERE i.run_id = ? AND i.status <> 'pending' ORDER BY i.id"));
    if (!s)
        return R::failure(s.error());
    s.value().bindAll({loaded.judge, loaded.retrievalJudge, runId.value()});
    const Status read = s.value().forEach([&](const Statement &r) {
        Outcome o;
        o.itemId = r.integer(0);
        o.group = r.text(1);
        o.form = r.text(2);
        o.query = r.text(3);
        o.gold = r.text(4);
        o.answer = r.text(5);
        o.context = r.text(6);
        o.halted = r.integer(7) != 0;
        o.error = r.text(8);
        o.latencyMs = r.real(9);
        if (!r.isNull(10))
            o.verdict = int(r.integer(10));
        if (!r.isNull(11))
            o.retrievalVerdict = int(r.integer(11));
        const auto ids = nlohmann::json::parse(r.text(12).toStdString(), nullptr, false);
        if (ids.is_array() && !ids.empty())
            o.top1 = QString::fromStdString(ids[0].is_string() ? ids[0].get<std::string>() : ids[0].dump());
        // The closed-domain rule: an answer whose retrieval was judged wrong is Incorrect.
        if (options.closedDomain && o.correct() && o.retrievalVerdict && *o.retrievalVerdict == 0)
            o.verdict = 0;
        loaded.outcomes << o;
    });
    if (!read)
        return R::failure(read);
    return loaded;
}

} // namespace assay
