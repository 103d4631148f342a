#pragma once
// The columns of one knowledge table: name, type, description, primary key, foreign key
// target and the "meaningful for questions" flag. Every edit becomes an undo command.
#include <QAbstractTableModel>
#include <QVector>

class QUndoStack;

namespace assay {

class KnowledgeBase;
struct KnowledgeColumn;

class KnowledgeColumnModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, TypeColumn, DescriptionColumn, PrimaryKeyColumn, ForeignKeyColumn, MeaningfulColumn, ColumnCount };
    enum Role { ColumnIdRole = Qt::UserRole + 1 };

    KnowledgeColumnModel(KnowledgeBase *knowledge, QUndoStack *undoStack, QObject *parent = nullptr);
    void setTable(qint64 tableId);
    qint64 table() const { return m_tableId; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

    qint64 columnId(int row) const;
    // Columns of other tables a foreign key may reference: (label "table.column", column id).
    QVector<QPair<QString, qint64>> foreignKeyCandidates() const;
    static QStringList commonTypes();

signals:
    void editRejected(const QString &reason);

private:
    const KnowledgeColumn *columnAt(int row) const;
    KnowledgeBase *m_knowledge;
    QUndoStack *m_undoStack;
    qint64 m_tableId = 0;
};

} // namespace assay
