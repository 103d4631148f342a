#pragma once
// Corpus → Ground Truth → Absent Answers: the answers no document states (docs/METHODS.md
// §1.6.2), with the aliases the corpus suggests. Ticked aliases are stored in one undoable
// command; stored ones are listed below and can be removed. The check runs off the GUI thread.
#include <QDialog>

#include <memory>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace assay {

class AbsentAnswersModel;
class Job;
class MessageBar;
class Project;
class ValueAliasesModel;

class AbsentAnswersDialog : public QDialog {
    Q_OBJECT
public:
    explicit AbsentAnswersDialog(Project *project, QWidget *parent = nullptr);
    ~AbsentAnswersDialog() override;
    // Starts the check (also on opening); nullptr while one runs.
    Job *check();
    void storeChecked();
    void removeSelected();
    bool busy() const;
    AbsentAnswersModel *absentModel() const { return m_absent; }
    QString summaryText() const;
    QString messageText() const;

private:
    void updateButtons();
    Project *m_project;
    AbsentAnswersModel *m_absent;
    ValueAliasesModel *m_stored;
    QLabel *m_summary;
    MessageBar *m_message;
    QProgressBar *m_progress;
    QPushButton *m_cancel;
    QTableView *m_absentView;
    QTableView *m_storedView;
    QPushButton *m_checkAgain;
    QPushButton *m_store;
    QPushButton *m_remove;
    std::unique_ptr<Job> m_job;
};

} // namespace assay
