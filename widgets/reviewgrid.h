#pragma once
// The review grid: SQL templates, text templates and text queries in one grid with a scope
// switch, filters (text, form, state, table), sorting by any column, accept / reject of a
// selection, inline edits (undoable), and a side panel describing the selected item.
#include "itemmodels/reviewmodel.h"

#include <QWidget>

class QTabBar;
class QLineEdit;
class QComboBox;
class QTableView;
class QTextBrowser;
class QLabel;
class QTimer;
class QUndoStack;
class QAction;
class QHBoxLayout;

namespace assay {

class MessageBar;

class Project;

class ReviewGrid : public QWidget {
    Q_OBJECT
public:
    ReviewGrid(Project *project, QUndoStack *undoStack, ReviewModel::Scope scope, QWidget *parent = nullptr);

    ReviewModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QTabBar *scopes() const { return m_scopes; }
    QLineEdit *search() const { return m_search; }
    QString sidePanelText() const;
    QString inlineMessage() const;
    MessageBar *messageBar() const { return m_message; }
    // Buttons for the page's generation steps, beside the scope tabs.
    void setStepActions(const QList<QAction *> &actions);

public slots:
    void acceptSelection();
    void rejectSelection();

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void fitTextColumn(); // the text column leaves the reason whole in view, until the user sizes a column
    QHBoxLayout *buildFilters();
    void connectFilters();
    void applyFilter();
    void updateCounts();
    void layoutColumns();
    void describeCurrent();
    void reloadAll();
    void fillForms();
    QList<int> selectedRows() const;

    Project *m_project;
    ReviewModel *m_model;
    QTabBar *m_scopes;
    QLineEdit *m_search;
    QComboBox *m_form;
    QComboBox *m_state;
    QComboBox *m_table;
    QTableView *m_view;
    QTextBrowser *m_side;
    QLabel *m_count;
    MessageBar *m_message;
    QTimer *m_debounce;
    QHBoxLayout *m_steps;
    int m_laidOutScope = -1;
    bool m_sizing = false;      // this grid is setting widths, not the user
    bool m_userSized = false;   // the user dragged a column: their widths stay
};

} // namespace assay
