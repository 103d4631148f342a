#pragma once
// The rows of one knowledge table as a grid. Cells that fail validation (wrong type, broken
// reference, duplicate key) carry the problem as tooltip and a warning flag for the view.
#include "schema/knowledgerow.h"
#include "schema/schemaissue.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QVector>

class QUndoStack;

namespace assay {

class KnowledgeBase;

class KnowledgeRowModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role { RowIdRole = Qt::UserRole + 1, IssueRole };

    KnowledgeRowModel(KnowledgeBase *knowledge, QUndoStack *undoStack, QObject *parent = nullptr);
    void setTable(qint64 tableId);
    qint64 table() const { return m_tableId; }
    // Validation findings to show on cells (from SchemaValidator).
    void setIssues(const QVector<SchemaIssue> &issues);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    qint64 rowId(int row) const;
    QString loadError() const { return m_loadError; }

private:
    void reload();
    qint64 columnIdAt(int column) const;
    KnowledgeBase *m_knowledge;
    QUndoStack *m_undoStack;
    qint64 m_tableId = 0;
    QVector<KnowledgeRow> m_rows;
    QHash<QPair<qint64, qint64>, QString> m_cellIssues; // (row id, column id) → message
    QHash<qint64, QString> m_rowIssues;
    QString m_loadError;
};

} // namespace assay
