#pragma once
// File → Verify Project… and File → Save a Copy…: the project file's own care, each a job
// off the GUI thread with progress and cancel. Verification also starts by itself when a
// project is opened after an unclean shutdown.
#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>

class QAction;
class QWidget;

namespace assay {

class Job;
class Project;

class ProjectFileActions : public QObject {
    Q_OBJECT
public:
    explicit ProjectFileActions(QWidget *window);
    ~ProjectFileActions() override;

    QAction *verifyAction() const { return m_verify; }
    QAction *saveCopyAction() const { return m_saveCopy; }
    // The open project (null when none): the actions act on its file.
    void setProject(Project *project);
    bool busy() const;
    // Starts the work (nullptr while another of these jobs runs); the actions call these
    // after asking, tests call them directly.
    Job *startVerify(bool afterUncleanShutdown = false);
    Job *startSaveCopy(const QString &to);
    // The last outcome, as said to the user.
    QString lastMessage() const { return m_lastMessage; }

signals:
    void jobStarted(Job *job);
    // ok: the file is intact / the copy was written.
    void finished(bool ok, const QString &message);

private:
    Job *start(std::unique_ptr<Job> job);
    void report(bool ok, const QString &message, bool quietWhenOk);

    QWidget *m_window;
    QPointer<Project> m_project;
    QAction *m_verify;
    QAction *m_saveCopy;
    std::unique_ptr<Job> m_job;
    QString m_lastMessage;
};

} // namespace assay
