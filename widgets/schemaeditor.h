#pragma once
// The Schema page: tables on the left with their relations, the selected table's columns and
// rows on the right, and the validation problems below. Every edit goes through an undo command.
#include <QWidget>

class QListView;
class QTableView;
class QListWidget;
class QLabel;
class QUndoStack;
class QAction;
class QTimer;
class QToolBar;
class QSplitter;
class QMenu;
class QModelIndex;

namespace assay {

class MessageBar;

class KnowledgeBase;
class KnowledgeTableModel;
class KnowledgeColumnModel;
class KnowledgeRowModel;
class RelationsDiagram;

class SchemaEditor : public QWidget {
    Q_OBJECT
public:
    SchemaEditor(KnowledgeBase *knowledge, QUndoStack *undoStack, QWidget *parent = nullptr);

    qint64 currentTable() const;
    void selectTable(qint64 tableId);
    QTableView *columnsView() const { return m_columns; }
    QTableView *rowsView() const { return m_rows; }
    QListView *tablesView() const { return m_tables; }
    QListWidget *problemsView() const { return m_problems; }
    QString inlineMessage() const;
    MessageBar *messageBar() const { return m_message; }
    // The menu a column's right click opens: "Rows Are Documents (by Id / by Name)", and
    // removing the table's document key.
    QMenu *columnMenu(const QModelIndex &index);

signals:
    // A column's rows are documents (match "id" or "name"), or the table's key is to go (match
    // empty); the Corpus page's Ground Truth tab computes the truth and stores the key.
    void documentKeyRequested(const QString &table, const QString &column, const QString &match);
    // A linked server: check it again, or ask for its password and then check.
    void linkCheckRequested();
    void linkPasswordRequested();

public slots:
    void addTable();
    void removeTable();
    void addColumn();
    void removeColumn();
    void addRow();
    void removeRows();
    void revalidate();

private:
    QToolBar *buildToolbar();
    void setUpViews();
    QSplitter *buildSplit();
    void connectSignals();
    void showRejection(const QString &reason);
    void updateActions();
    void tableChanged();
    QString sourceText() const;
    void showLinkState();

    KnowledgeBase *m_knowledge;
    QUndoStack *m_undoStack;
    KnowledgeTableModel *m_tableModel;
    KnowledgeColumnModel *m_columnModel;
    KnowledgeRowModel *m_rowModel;
    QListView *m_tables;
    QTableView *m_columns;
    QTableView *m_rows;
    QListWidget *m_problems;
    RelationsDiagram *m_diagram;
    QLabel *m_heading;
    MessageBar *m_message;
    bool m_linkWarning = false; // the message bar shows an unreachable link
    QLabel *m_emptyHint;
    QLabel *m_source; // where the tables came from
    QTimer *m_revalidate;
    QTimer *m_messageTimer;
    QAction *m_removeTable;
    QAction *m_addColumn;
    QAction *m_removeColumn;
    QAction *m_addRow;
    QAction *m_removeRows;
    QAction *m_addTable;
};

} // namespace assay
