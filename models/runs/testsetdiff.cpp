#include "runs/testsetdiff.h"

#include <QHash>
#include <QLocale>

#include <nlohmann/json.hpp>

namespace assay {

QString TestSetDiffItem::changeName(Change c)
{
    switch (c) {
    case Change::Added: return QStringLiteral("added");
    case Change::Removed: return QStringLiteral("removed");
    case Change::Changed: return QStringLiteral("changed");
    case Change::Unchanged: break;
    }
    return QStringLiteral("unchanged");
}

TestSetDiff TestSetDiff::compare(const QVector<TestSetItem> &from, const QVector<TestSetItem> &to, bool withUnchanged)
{
    TestSetDiff d;
    QHash<QString, const TestSetItem *> before, after;
    before.reserve(from.size());
    after.reserve(to.size());
    for (const TestSetItem &item : from)
        before.insert(item.identity, &item);
    for (const TestSetItem &item : to)
        after.insert(item.identity, &item);
    QVector<TestSetDiffItem> added, removed, changed, unchanged;
    for (const TestSetItem &item : to) {
        const auto old = before.constFind(item.identity);
        TestSetDiffItem row;
        row.identity = item.identity;
        row.query = item.query;
        row.form = item.form;
        row.goldTo = item.gold;
        if (old == before.constEnd()) {
            row.change = TestSetDiffItem::Change::Added;
            added << row;
            continue;
        }
        row.goldFrom = (*old)->gold;
        row.change = row.goldFrom == row.goldTo ? TestSetDiffItem::Change::Unchanged : TestSetDiffItem::Change::Changed;
        (row.change == TestSetDiffItem::Change::Changed ? changed : unchanged) << row;
    }
    for (const TestSetItem &item : from) {
        if (after.contains(item.identity))
            continue;
        TestSetDiffItem row;
        row.change = TestSetDiffItem::Change::Removed;
        row.identity = item.identity;
        row.query = item.query;
        row.form = item.form;
        row.goldFrom = item.gold;
        removed << row;
    }
    d.added = added.size();
    d.removed = removed.size();
    d.changed = changed.size();
    d.unchanged = unchanged.size();
    d.items = added + removed + changed;
    if (withUnchanged)
        d.items += unchanged;
    return d;
}

QString TestSetDiff::summary() const
{
    const QLocale c(QLocale::English);
    return QStringLiteral("%1 added, %2 removed, %3 changed, %4 unchanged")
        .arg(c.toString(added), c.toString(removed), c.toString(changed), c.toString(unchanged));
}

nlohmann::json TestSetDiff::toJson() const
{
    nlohmann::json rows = nlohmann::json::array();
    for (const TestSetDiffItem &item : items) {
        nlohmann::json row = {{"change", TestSetDiffItem::changeName(item.change).toStdString()},
                              {"identity", item.identity.toStdString()},
                              {"query", item.query.toStdString()},
                              {"form", item.form.toStdString()}};
        if (item.change != TestSetDiffItem::Change::Added)
            row["gold_from"] = item.goldFrom.toStdString();
        if (item.change != TestSetDiffItem::Change::Removed)
            row["gold_to"] = item.goldTo.toStdString();
        rows.push_back(std::move(row));
    }
    return {{"from", from.toStdString()}, {"to", to.toStdString()}, {"added", added}, {"removed", removed},
            {"changed", changed}, {"unchanged", unchanged}, {"items", rows}};
}

} // namespace assay
