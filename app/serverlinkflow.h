#pragma once
// Keeps a project's link to a PostgreSQL or MySQL/MariaDB server in view: when the project
// opens (after trying the OS keychain's password) and after every import or undo, a job reaches
// the server and reads its tables' row counts and first rows (LinkCheck) off the GUI
// thread; the Schema page shows the result. Its "Check Again" and "Password…" buttons come here.
// The password stays in this process (ServerPasswords), never in the project.
#include <QObject>
#include <QPointer>

#include <memory>

class QWidget;

namespace assay {

class Job;
class Project;
class ProgressArea;
class SchemaEditor;

class ServerLinkFlow : public QObject {
    Q_OBJECT
public:
    ServerLinkFlow(QWidget *window, ProgressArea *progress, QObject *parent = nullptr);
    ~ServerLinkFlow() override;
    // Follows this project and its Schema page (nullptrs: stop following).
    void follow(Project *project, SchemaEditor *editor);
    void check();
    void askPassword();
    Job *job() const { return m_job.get(); }

private:
    void releaseJob();

    QWidget *m_window;
    ProgressArea *m_progress;
    Project *m_project = nullptr;
    QPointer<SchemaEditor> m_editor;
    std::unique_ptr<Job> m_job;
    bool m_again = false; // a check was asked for while one ran
};

} // namespace assay
