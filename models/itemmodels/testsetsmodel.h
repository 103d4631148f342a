#pragma once
// The project's frozen test-set versions as a table (Queries → Versions): name, what it froze,
// items, runs made on it, its baseline, when, and the note. A thin adapter over TestSetStore.
#include "runs/testsetstore.h"

#include <QAbstractTableModel>

namespace assay {

class TestSetsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, Source, Items, Runs, Baseline, Frozen, Note, ColumnCount };

    explicit TestSetsModel(QObject *parent = nullptr);
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // Re-reads the versions; the error, empty on success (the rows stay as they were then).
    QString reload(const TestSetStore &store);
    const QVector<TestSetInfo> &versions() const { return m_versions; }

private:
    QVector<TestSetInfo> m_versions;
};

} // namespace assay
