#pragma once
// What changed between two test sets, item by item (Queries → Versions → Compare): the change
// (added, removed, changed), form, query, and the gold answer before and after. A thin adapter
// over TestSetDiff, filtered by change.
#include "runs/testsetdiff.h"

#include <QAbstractTableModel>

#include <optional>

namespace assay {

class TestSetDiffModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Change, Form, Query, GoldBefore, GoldAfter, ColumnCount };

    explicit TestSetDiffModel(QObject *parent = nullptr);
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    void setDiff(const TestSetDiff &diff);
    // What is shown: items of one change, every change (added, removed and changed), or every
    // item the diff lists (unchanged ones too, when it was computed with them: a version's items
    // read without restoring it).
    enum class Show { EveryChange, Added, Removed, Changed, Unchanged, EveryItem };
    void setShow(Show show);
    void setFilter(std::optional<TestSetDiffItem::Change> change); // none: every change
    const TestSetDiff &diff() const { return m_diff; }

private:
    TestSetDiff m_diff;
    QVector<int> m_rows; // indices into m_diff.items shown
    Show m_show = Show::EveryChange;
};

} // namespace assay
