#include "analysis/groupdetails.h"

#include "project/database.h"
#include "runs/runstore.h"

#include <QSet>

#include <nlohmann/json.hpp>

namespace assay {

namespace {
QStringList idList(const QString &json)
{
    QStringList out;
    const auto list = nlohmann::json::parse(json.toStdString(), nullptr, false);
    if (list.is_array())
        for (const auto &id : list)
            out << QString::fromStdString(id.is_string() ? id.get<std::string>() : id.dump());
    return out;
}
} // namespace

Result<GroupDetailsData> GroupDetails::load(Database &db, const QString &run, const QString &group, const QString &judge)
{
    using R = Result<GroupDetailsData>;
    auto runId = RunStore(db).idOf(run);
    if (!runId)
        return R::failure(runId.error());
    GroupDetailsData d;
    d.run = run;
    d.group = group;
    auto items = db.prepare(QStringLiteral("SELECT id, item_key, form, query, answer, gold, retrieved_ids, retrieved_text, latency_ms, "
                                           "coalesce(sql_template_id, 0), true_doc_ids FROM run_item WHERE run_id = ? AND group_key = ? ORDER BY id"));
    if (!items)
        return R::failure(items);
    items.value().bindAll({runId.value(), group});
    Status read = items.value().forEach([&](const Statement &r) {
        GroupItem it;
        it.itemId = r.integer(0);
        const QString key = r.text(1);
        it.queryId = key.startsWith(QLatin1Char('q')) ? key.mid(1).toLongLong() : 0;
        it.form = r.text(2);
        it.query = r.text(3);
        it.answer = r.text(4);
        d.gold = r.text(5);
        it.retrievedIds = idList(r.text(6));
        it.retrievedText = r.text(7);
        it.latencyMs = r.real(8);
        d.sqlTemplateId = r.integer(9);
        d.trueDocIds = idList(r.text(10));
        d.items << it;
    });
    if (!read)
        return R::failure(read);
    if (d.items.isEmpty())
        return R::failure(QStringLiteral("run '%1' has no group '%2'").arg(run, group));
    auto verdicts = db.prepare(QStringLiteral("SELECT j.run_item_id, j.judge, j.verdict FROM judgement j JOIN run_item i ON i.id = j.run_item_id "
                                              "WHERE i.run_id = ? AND i.group_key = ? AND j.aspect = 'answer'"));
    if (!verdicts)
        return R::failure(verdicts);
    verdicts.value().bindAll({runId.value(), group});
    read = verdicts.value().forEach([&](const Statement &r) {
        for (GroupItem &it : d.items)
            if (it.itemId == r.integer(0))
                it.verdicts.insert(r.text(1), r.isNull(2) ? std::nullopt : std::optional<int>(int(r.integer(2))));
    });
    if (!read)
        return R::failure(read);
    // Tag and context comparison by the chosen judge.
    int correct = 0;
    QSet<QString> correctTop1;
    const auto isCorrect = [&](const GroupItem &it) { return it.verdicts.value(judge).value_or(0) == 1; };
    for (const GroupItem &it : std::as_const(d.items))
        if (isCorrect(it)) {
            ++correct;
            if (!it.retrievedIds.isEmpty())
                correctTop1.insert(it.retrievedIds.first());
        }
    d.tag = correct == 0 ? QStringLiteral("gap") : correct == d.items.size() ? QStringLiteral("robust") : QStringLiteral("non-robust");
    if (d.tag == QLatin1String("non-robust"))
        for (GroupItem &it : d.items)
            if (!isCorrect(it))
                it.contextSufficient = !it.retrievedIds.isEmpty() && correctTop1.contains(it.retrievedIds.first());
    if (d.sqlTemplateId > 0) {
        auto sql = db.prepare(QStringLiteral("SELECT sql FROM sql_template WHERE id = ?"));
        if (!sql)
            return R::failure(sql);
        sql.value().bind(1, d.sqlTemplateId);
        auto row = sql.value().next();
        if (!row)
            return R::failure(row);
        if (row.value())
            d.sql = sql.value().text(0);
    }
    if (group.startsWith(QLatin1Char('g'))) {
        auto vals = db.prepare(QStringLiteral("SELECT vals FROM query_group WHERE id = ?"));
        if (!vals)
            return R::failure(vals);
        vals.value().bind(1, group.mid(1).toLongLong());
        auto row = vals.value().next();
        if (!row)
            return R::failure(row);
        if (row.value())
            d.values = vals.value().text(0);
    }
    return d;
}

} // namespace assay
