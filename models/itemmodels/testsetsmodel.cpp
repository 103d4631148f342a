#include "itemmodels/testsetsmodel.h"

#include <QDateTime>
#include <QLocale>

namespace assay {

TestSetsModel::TestSetsModel(QObject *parent) : QAbstractTableModel(parent) {}

int TestSetsModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_versions.size()); }
int TestSetsModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString TestSetsModel::reload(const TestSetStore &store)
{
    auto read = store.list();
    if (!read)
        return read.error();
    beginResetModel();
    m_versions = read.take();
    endResetModel();
    return {};
}

QVariant TestSetsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_versions.size())
        return {};
    const TestSetInfo &v = m_versions[index.row()];
    if (role == Qt::TextAlignmentRole && (index.column() == Items || index.column() == Runs))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        if (index.column() == Baseline && v.baseline.isEmpty())
            return tr("No baseline yet: on Analysis → Compare, choose a run on this version as run B and click Mark B as Baseline.");
        return tr("%1: %2 items of %3, frozen %4; content hash %5%6")
            .arg(v.name).arg(v.items).arg(v.sourceText(), v.createdAt, v.hash.left(16), v.note.isEmpty() ? QString() : QStringLiteral("\n") + v.note);
    }
    if (role != Qt::DisplayRole)
        return {};
    const QLocale l;
    switch (Column(index.column())) {
    case Name: return v.name;
    case Source: return v.sourceText();
    case Items: return l.toString(v.items);
    case Runs: return l.toString(v.runs);
    case Baseline: return v.baseline.isEmpty() ? tr("none") : v.baseline;
    case Frozen: {
        const QDateTime t = QDateTime::fromString(v.createdAt, Qt::ISODate);
        return t.isValid() ? l.toString(t.toLocalTime(), QLocale::ShortFormat) : v.createdAt;
    }
    case Note: return v.note;
    case ColumnCount: break;
    }
    return {};
}

QVariant TestSetsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return {};
    const QString names[] = {tr("Version"), tr("Of"), tr("Items"), tr("Runs"), tr("Baseline"), tr("Frozen"), tr("Note")};
    return names[section];
}

} // namespace assay
