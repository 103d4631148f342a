#include "projectfileactions.h"

#include "core/job.h"
#include "project/project.h"
#include "project/projectbackup.h"
#include "project/projectverifier.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>

namespace assay {

namespace {
const char *const copyFolderKey = "files/saveCopyFolder";
}

ProjectFileActions::ProjectFileActions(QWidget *window)
    : QObject(window), m_window(window), m_verify(new QAction(tr("&Verify Project…"), this)), m_saveCopy(new QAction(tr("Save a &Copy…"), this))
{
    m_verify->setObjectName(QStringLiteral("actionVerifyProject"));
    m_verify->setStatusTip(tr("Check every page of the project file (opening it reads only its header)"));
    m_saveCopy->setObjectName(QStringLiteral("actionSaveCopy"));
    m_saveCopy->setStatusTip(tr("Write a consistent copy of the project, also while runs are writing to it"));
    connect(m_verify, &QAction::triggered, this, [this] { startVerify(); });
    connect(m_saveCopy, &QAction::triggered, this, [this] {
        if (!m_project)
            return;
        const QFileInfo current(m_project->path());
        QSettings settings;
        const QString folder = settings.value(QLatin1String(copyFolderKey), current.absolutePath()).toString();
        const QString suggested = QDir(folder).filePath(tr("%1 copy.assay").arg(current.completeBaseName()));
        QString to = QFileDialog::getSaveFileName(m_window, tr("Save a Copy of the Project"), suggested, tr("Assay projects (*.assay)"));
        if (to.isEmpty())
            return;
        if (!to.endsWith(QLatin1String(".assay")))
            to += QStringLiteral(".assay");
        settings.setValue(QLatin1String(copyFolderKey), QFileInfo(to).absolutePath());
        startSaveCopy(to);
    });
    setProject(nullptr);
}

ProjectFileActions::~ProjectFileActions()
{
    if (m_job) {
        m_job->cancel();
        m_job->wait();
    }
}

void ProjectFileActions::setProject(Project *project)
{
    if (m_job && m_job->isRunning()) { // its file is about to close: stop reading it
        m_job->cancel();
        m_job->wait();
    }
    m_project = project;
    m_verify->setEnabled(project);
    m_saveCopy->setEnabled(project);
}

bool ProjectFileActions::busy() const { return m_job && m_job->isRunning(); }

Job *ProjectFileActions::startVerify(bool afterUncleanShutdown)
{
    if (!m_project || busy())
        return nullptr;
    const QString path = m_project->path();
    auto outcome = std::make_shared<QString>();
    auto intact = std::make_shared<bool>(false);
    auto job = std::make_unique<Job>(tr("Verifying %1").arg(QFileInfo(path).fileName()), [path, outcome, intact](Job &j) {
        auto report = ProjectVerifier::verify(path, &j);
        if (!report)
            return Status::failure(report);
        *outcome = report.value().text();
        *intact = report.value().ok;
        return Status();
    });
    connect(job.get(), &Job::finished, this, [this, outcome, intact, afterUncleanShutdown](bool ok, const QString &message) {
        if (!ok) {
            report(false, message, false);
            return;
        }
        QString text = *outcome;
        if (!*intact)
            text += tr(" Keep working on a backup: open your last copy (File → Save a Copy… makes one while a project is healthy).");
        else if (afterUncleanShutdown)
            text = tr("The last session ended without closing the project; SQLite recovered its last committed state. %1").arg(text);
        report(*intact, text, afterUncleanShutdown); // a check the user asked for always answers
    });
    return start(std::move(job));
}

Job *ProjectFileActions::startSaveCopy(const QString &to)
{
    if (!m_project || busy())
        return nullptr;
    const QString from = m_project->path();
    auto job = std::make_unique<Job>(tr("Saving a copy as %1").arg(QFileInfo(to).fileName()), [from, to](Job &j) { return ProjectBackup::saveCopy(from, to, &j); });
    connect(job.get(), &Job::finished, this, [this, to](bool ok, const QString &message) {
        if (ok)
            report(true, tr("Saved a copy of the project as %1 (%2 MB).").arg(to).arg(QFileInfo(to).size() / 1048576.0, 0, 'f', 1), false);
        else if (!(m_job && m_job->isCancelled()))
            report(false, message, false);
    });
    return start(std::move(job));
}

Job *ProjectFileActions::start(std::unique_ptr<Job> job)
{
    m_job = std::move(job);
    emit jobStarted(m_job.get());
    m_job->start();
    return m_job.get();
}

void ProjectFileActions::report(bool ok, const QString &message, bool quietWhenOk)
{
    m_lastMessage = message;
    if (ok)
        qInfo("%s", qPrintable(message));
    else
        qWarning("%s", qPrintable(message));
    if (!(ok && quietWhenOk)) {
        auto *box = new QMessageBox(ok ? QMessageBox::Information : QMessageBox::Critical, tr("Assay"), message, QMessageBox::Ok, m_window);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    }
    emit finished(ok, message);
}

} // namespace assay
