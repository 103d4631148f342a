#include "itemmodels/testsetdiffmodel.h"

#include <QBrush>
#include <QColor>

namespace assay {

TestSetDiffModel::TestSetDiffModel(QObject *parent) : QAbstractTableModel(parent) {}

int TestSetDiffModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }
int TestSetDiffModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

void TestSetDiffModel::setDiff(const TestSetDiff &diff)
{
    m_diff = diff;
    setShow(m_show);
}

void TestSetDiffModel::setFilter(std::optional<TestSetDiffItem::Change> change)
{
    if (!change)
        return setShow(Show::EveryChange);
    switch (*change) {
    case TestSetDiffItem::Change::Added: return setShow(Show::Added);
    case TestSetDiffItem::Change::Removed: return setShow(Show::Removed);
    case TestSetDiffItem::Change::Changed: return setShow(Show::Changed);
    case TestSetDiffItem::Change::Unchanged: break;
    }
    setShow(Show::Unchanged);
}

void TestSetDiffModel::setShow(Show show)
{
    using C = TestSetDiffItem::Change;
    beginResetModel();
    m_show = show;
    m_rows.clear();
    for (int i = 0; i < m_diff.items.size(); ++i) {
        const C c = m_diff.items[i].change;
        bool shown = false;
        switch (show) {
        case Show::EveryChange: shown = c != C::Unchanged; break;
        case Show::Added: shown = c == C::Added; break;
        case Show::Removed: shown = c == C::Removed; break;
        case Show::Changed: shown = c == C::Changed; break;
        case Show::Unchanged: shown = c == C::Unchanged; break;
        case Show::EveryItem: shown = true; break;
        }
        if (shown)
            m_rows << i;
    }
    endResetModel();
}

QVariant TestSetDiffModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const TestSetDiffItem &item = m_diff.items[m_rows[index.row()]];
    QString text;
    switch (Column(index.column())) {
    case Change: text = TestSetDiffItem::changeName(item.change); break;
    case Form: text = item.form; break;
    case Query: text = item.query; break;
    case GoldBefore: text = item.change == TestSetDiffItem::Change::Added ? QStringLiteral("—") : item.goldFrom; break;
    case GoldAfter: text = item.change == TestSetDiffItem::Change::Removed ? QStringLiteral("—") : item.goldTo; break;
    case ColumnCount: break;
    }
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
        return text;
    if (role == Qt::ForegroundRole && index.column() == Change) {
        switch (item.change) {
        case TestSetDiffItem::Change::Added: return QBrush(QColor(0x1b, 0x7f, 0x3a));
        case TestSetDiffItem::Change::Removed: return QBrush(QColor(0xb0, 0x2a, 0x2a));
        case TestSetDiffItem::Change::Changed: return QBrush(QColor(0x9a, 0x5b, 0x00));
        case TestSetDiffItem::Change::Unchanged: break;
        }
    }
    return {};
}

QVariant TestSetDiffModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return {};
    const QString names[] = {tr("Change"), tr("Form"), tr("Query"), tr("Gold before"), tr("Gold after")};
    return names[section];
}

} // namespace assay
