#pragma once
// The project's stored value aliases for the Absent Answers dialog: column, value, alias,
// where it came from; a thin adapter over AliasStore::aliases(), re-read on every change.
#include "grounding/valuealias.h"

#include <QAbstractTableModel>

namespace assay {

class Project;

class ValueAliasesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { ColumnName, Value, Alias, Source, ColumnCount };
    explicit ValueAliasesModel(Project &project, QObject *parent = nullptr);
    void refresh();
    QString error() const { return m_error; }
    const ValueAlias &alias(int row) const { return m_aliases[row]; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    Project &m_project;
    QString m_error;
    QVector<ValueAlias> m_aliases;
};

} // namespace assay
