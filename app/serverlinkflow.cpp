#include "serverlinkflow.h"

#include "core/job.h"
#include "core/secretkeychain.h"
#include "progressarea.h"
#include "project/project.h"
#include "schema/knowledgebase.h"
#include "schema/linkcheck.h"
#include "schema/serverlocation.h"
#include "schema/serverpasswords.h"
#include "schemaeditor.h"

#include <QInputDialog>
#include <QLineEdit>

namespace assay {

ServerLinkFlow::ServerLinkFlow(QWidget *window, ProgressArea *progress, QObject *parent) : QObject(parent), m_window(window), m_progress(progress) {}

ServerLinkFlow::~ServerLinkFlow() { releaseJob(); }

void ServerLinkFlow::releaseJob()
{
    // A server still being reached (up to its 10 s connect timeout) finishes on its own.
    Job::abandon(std::move(m_job), this);
}

void ServerLinkFlow::follow(Project *project, SchemaEditor *editor)
{
    releaseJob();
    if (m_project)
        disconnect(m_project->service<KnowledgeBase>(), nullptr, this, nullptr);
    if (m_editor)
        disconnect(m_editor, nullptr, this, nullptr);
    m_project = project;
    m_editor = editor;
    if (!project)
        return;
    KnowledgeBase *kb = project->service<KnowledgeBase>();
    connect(kb, &KnowledgeBase::reloaded, this, [this, kb] {
        if (kb->isRemote() && !kb->linkState().checked)
            check();
    });
    if (editor) {
        connect(editor, &SchemaEditor::linkCheckRequested, this, &ServerLinkFlow::check);
        connect(editor, &SchemaEditor::linkPasswordRequested, this, &ServerLinkFlow::askPassword);
    }
    if (!kb->isRemote())
        return;
    // The keychain's password for this server first (if it has one), then the check.
    auto location = ServerLocation::parse(kb->linkedPath());
    if (!location) {
        check(); // the check reports the unreadable link
        return;
    }
    QPointer<ServerLinkFlow> self(this);
    Project *opened = project;
    SecretKeychain::read(location.value().account(), tr("the password of %1").arg(location.value().describe()),
                         [self, opened, l = location.value()](Result<QString> secret) mutable {
                             if (!self || self->m_project != opened)
                                 return;
                             if (secret) {
                                 l.password = secret.value();
                                 ServerPasswords::remember(l);
                             }
                             self->check();
                         });
}

void ServerLinkFlow::check()
{
    if (!m_project)
        return;
    KnowledgeBase *kb = m_project->service<KnowledgeBase>();
    if (!kb->isRemote())
        return;
    if (m_job && m_job->isRunning()) {
        m_again = true;
        return;
    }
    const QString uri = kb->linkedPath();
    const QVector<KnowledgeTable> tables = kb->tables();
    auto state = std::make_shared<LinkCheck::State>();
    auto location = ServerLocation::parse(uri);
    m_job = std::make_unique<Job>(tr("Reaching %1").arg(location ? location.value().describe() : uri), [uri, tables, state](Job &job) {
        job.reportProgress(0, 1);
        *state = LinkCheck::run(uri, tables);
        job.reportProgress(1, 1);
        return Status(); // an unreachable server is a state the Schema page shows, not a failed job
    });
    m_progress->track(m_job.get());
    Project *checked = m_project;
    connect(m_job.get(), &Job::finished, this, [this, checked, state] {
        if (m_project != checked)
            return;
        m_project->service<KnowledgeBase>()->applyLinkState(*state);
        if (m_again) {
            m_again = false;
            check();
        }
    });
    m_job->start();
}

void ServerLinkFlow::askPassword()
{
    if (!m_project)
        return;
    auto location = ServerLocation::parse(m_project->service<KnowledgeBase>()->linkedPath());
    if (!location)
        return;
    bool ok = false;
    const QString password = QInputDialog::getText(m_window, tr("Password of the linked server"),
                                                   tr("Password of %1 (kept in memory until Assay closes, never in the project):")
                                                       .arg(location.value().describe()),
                                                   QLineEdit::Password, QString(), &ok);
    if (!ok || password.isEmpty())
        return;
    location.value().password = password;
    ServerPasswords::remember(location.value());
    check();
}

} // namespace assay
