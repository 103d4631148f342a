#pragma once
// The Absent Answers dialog's list: each value no document states, the column it comes from,
// the groups it answers, and an alias to store (the first proposal, or what the user types),
// checkable; a thin adapter over AbsentAnswers::Report. The aliases reach the project only
// through SetValueAliasesCommand, from aliasesToStore().
#include "grounding/absentanswers.h"
#include "grounding/valuealias.h"

#include <QAbstractTableModel>

namespace assay {

class AbsentAnswersModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Value, Column, Groups, Alias, Why, ColumnCount };
    explicit AbsentAnswersModel(QObject *parent = nullptr) : QAbstractTableModel(parent) {}
    void setReport(const AbsentAnswers::Report &report);
    const AbsentAnswers::Report &report() const { return m_report; }
    // The checked rows with an alias, as they would be stored.
    QVector<ValueAlias> aliasesToStore() const;
    int checkedCount() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    AbsentAnswers::Report m_report;
    QStringList m_alias;   // per row: the alias to store
    QVector<bool> m_checked;
};

} // namespace assay
