#pragma once
// The knowledge tables as a list: name (editable → rename command), row count, description.
#include <QAbstractListModel>

class QUndoStack;

namespace assay {

class KnowledgeBase;

class KnowledgeTableModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role { TableIdRole = Qt::UserRole + 1, RowCountRole };

    KnowledgeTableModel(KnowledgeBase *knowledge, QUndoStack *undoStack, QObject *parent = nullptr);
    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    qint64 tableId(const QModelIndex &index) const;
    QModelIndex indexOf(qint64 tableId) const;

signals:
    // An edit the domain refused, with the reason (shown inline by the view).
    void editRejected(const QString &reason);

private:
    KnowledgeBase *m_knowledge;
    QUndoStack *m_undoStack;
};

} // namespace assay
