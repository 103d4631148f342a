#include "analysis/groupdetails.h"

#include "generation/generationstore.h"
#include "runs/runresultstore.h"
#include "runs/runstore.h"
#include "project/project.h"

#include <QSet>

namespace assay {

Result<GroupDetailsData> GroupDetails::load(Database &db, const QString &run, const QString &group, const QString &judge)
{
    using R = Result<GroupDetailsData>;
    auto runId = RunStore(db).idOf(run);
    if (!runId)
        return R::failure(runId.error());
    GroupDetailsData d;
    d.run = run;
    d.group = group;
    RunResultStore results(db);
    auto items = results.group(runId.value(), group);
    if (!items)
        return R::failure(items);
    for (const StoredRunItem &r : items.value()) {
        GroupItem it;
        it.itemId = r.id;
        it.queryId = r.key.startsWith(QLatin1Char('q')) ? r.key.mid(1).toLongLong() : 0;
        it.form = r.form;
        it.query = r.query;
        it.answer = r.answer;
        it.retrievedIds = r.retrievedIds;
        it.retrievedText = r.retrievedText;
        it.latencyMs = r.latencyMs;
        d.gold = r.gold;
        d.sqlTemplateId = r.sqlTemplateId;
        d.trueDocIds = r.trueDocIds;
        d.items << it;
    }
    if (d.items.isEmpty())
        return R::failure(QStringLiteral("run '%1' has no group '%2'").arg(run, group));
    auto verdicts = results.groupVerdicts(runId.value(), group);
    if (!verdicts)
        return R::failure(verdicts);
    for (const auto &[itemId, judge, verdict] : verdicts.value())
        for (GroupItem &it : d.items)
            if (it.itemId == itemId)
                it.verdicts.insert(judge, verdict);
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
    // The template and the group's values, when the project still has them (an imported
    // run's groups may name neither).
    GenerationStore generation(db);
    if (d.sqlTemplateId > 0) {
        auto sql = generation.sqlTemplate(d.sqlTemplateId);
        if (!sql && sql.code() != ErrorCode::NotFound)
            return R::failure(sql);
        if (sql)
            d.sql = sql.value().sql;
    }
    if (group.startsWith(QLatin1Char('g'))) {
        auto values = generation.groupValues(group.mid(1).toLongLong());
        if (!values && values.code() != ErrorCode::NotFound)
            return R::failure(values);
        if (values)
            d.values = values.value();
    }
    return d;
}

Result<GroupDetailsData> GroupDetails::load(Project &project, const QString &run, const QString &group, const QString &judge)
{
    return load(project.database(), run, group, judge);
}

} // namespace assay
