#pragma once
// What changed between two test sets (docs/METHODS.md §11.2), item by item by identity: added
// (only in the newer), removed (only in the older), changed (in both, another gold answer: the
// knowledge rows behind it changed), unchanged.
#include "runs/testsetitem.h"

#include <nlohmann/json_fwd.hpp>

namespace assay {

struct TestSetDiffItem {
    enum class Change { Added, Removed, Changed, Unchanged };
    Change change = Change::Unchanged;
    QString identity;
    QString query;
    QString form;
    QString goldFrom; // empty for an added item
    QString goldTo;   // empty for a removed item
    static QString changeName(Change c); // added, removed, changed, unchanged
};

struct TestSetDiff {
    QString from, to; // the versions' names ("working set" for the working set)
    qint64 added = 0, removed = 0, changed = 0, unchanged = 0;
    QVector<TestSetDiffItem> items; // added, removed and changed ones, in that order; unchanged only when asked

    static TestSetDiff compare(const QVector<TestSetItem> &from, const QVector<TestSetItem> &to, bool withUnchanged = false);
    // "12 added, 3 removed, 5 changed, 2,580 unchanged"
    QString summary() const;
    nlohmann::json toJson() const;
};

} // namespace assay
