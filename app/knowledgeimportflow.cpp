#include "knowledgeimportflow.h"

#include "commands/importknowledgecommand.h"
#include "core/job.h"
#include "dialogs/serverimportdialog.h"
#include "filedialogs.h"
#include "messagebar.h"
#include "progressarea.h"
#include "project/project.h"
#include "projectnavigator.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgeimporter.h"
#include "schema/schemaimporters.h"
#include "schema/serverpasswords.h"
#include "schema/serverschemareader.h"
#include "schemaeditor.h"

#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QUndoStack>

namespace assay {

KnowledgeImportFlow::KnowledgeImportFlow(Context context, QObject *parent) : QObject(parent), m_context(std::move(context)) {}

KnowledgeImportFlow::~KnowledgeImportFlow()
{
    if (m_job) {
        m_job->cancel();
        m_job->wait();
    }
}

bool KnowledgeImportFlow::askReplace(bool *replace) const
{
    Project *project = m_context.project();
    if (!project || project->service<KnowledgeBase>()->tables().isEmpty() || *replace)
        return project != nullptr;
    QMessageBox ask(QMessageBox::Question, tr("Import knowledge schema"),
                    tr("The project already has knowledge tables. Replace them, or add the imported tables beside them?"), QMessageBox::Cancel,
                    m_context.window);
    QPushButton *replaceButton = ask.addButton(tr("Replace"), QMessageBox::DestructiveRole);
    QPushButton *addButton = ask.addButton(tr("Add"), QMessageBox::AcceptRole);
    ask.setDefaultButton(addButton);
    ask.exec();
    if (ask.clickedButton() != replaceButton && ask.clickedButton() != addButton)
        return false;
    *replace = ask.clickedButton() == replaceButton;
    return true;
}

void KnowledgeImportFlow::choose(const QString &importer, bool link)
{
    const SchemaImporters::Importer *from = SchemaImporters::find(importer);
    if (!m_context.project() || !from)
        return;
    if (from->pick == SchemaImporters::Pick::Server)
        return chooseServer(from->dialect);
    QWidget *w = m_context.window;
    const QString title = QString(from->label).remove(QLatin1Char('&'));
    const QString path = from->pick == SchemaImporters::Pick::Folder
                             ? FileDialogs::folder(w, QStringLiteral("knowledge"), tr("Choose the %1").arg(title))
                             : FileDialogs::openFile(w, QStringLiteral("knowledge"), tr("Import knowledge schema"), from->fileFilter);
    if (path.isEmpty())
        return;
    bool replace = link; // a link replaces the project's tables
    if (askReplace(&replace))
        importFile(importer, path, replace, link);
}

void KnowledgeImportFlow::chooseServer(ServerLocation::Dialect dialect)
{
    if (!m_context.project())
        return;
    ServerImportDialog dialog(dialect, m_context.window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    bool replace = dialog.linkRequested(); // a link replaces the project's tables, as a linked file does
    if (askReplace(&replace))
        importServer(dialog.location(), dialog.pickedTables(), replace, dialog.linkRequested());
}

void KnowledgeImportFlow::importFile(const QString &importer, const QString &path, bool replace, bool link)
{
    const SchemaImporters::Importer *from = SchemaImporters::find(importer);
    if (!from || !from->read)
        return emit failed(tr("%1: no importer '%2' reads files").arg(path, importer));
    run(tr("Reading %1").arg(QFileInfo(path).fileName()), QFileInfo(path).fileName(),
        [read = from->read, path, link](Job &job) {
            job.reportProgress(0, 1);
            Result<ImportedSchema> r = read(path, !link, SqlDialectTranslator::Dialect::Auto);
            job.reportProgress(1, 1);
            return r;
        },
        replace, link ? path : QString());
}

void KnowledgeImportFlow::importServer(const ServerLocation &location, const QStringList &tables, bool replace, bool link)
{
    // A name the project has already fails before the rows stream in.
    if (Project *project = m_context.project(); project && !replace)
        for (const QString &name : tables)
            if (const KnowledgeTable *t = project->service<KnowledgeBase>()->tableNamed(name))
                return emit failed(tr("%1: the project already has a table '%2': import again and choose Replace, or untick it")
                                       .arg(location.describe(), t->name));
    run(tr("Reading %1").arg(location.describe()), location.describe(),
        [location, tables, link](Job &job) {
            return ServerSchemaReader::read(
                location, tables,
                [&job](qint64 done, qint64 total, const QString &table) {
                    job.reportProgress(done, qMax<qint64>(total, 1), table.isEmpty() ? tr("catalog read") : tr("table %1").arg(table));
                    return !job.isCancelled();
                },
                !link);
        },
        replace, link ? location.uri() : QString());
    if (link)
        ServerPasswords::remember(location); // for the jobs that reach the server later, this session only
}

void KnowledgeImportFlow::run(const QString &title, const QString &sourceName, std::function<Result<ImportedSchema>(Job &)> read, bool replace,
                              const QString &linkPath)
{
    if (!m_context.project() || (m_job && m_job->isRunning()))
        return;
    auto schema = std::make_shared<ImportedSchema>();
    m_job = std::make_unique<Job>(title, [read, schema](Job &job) {
        Result<ImportedSchema> r = read(job);
        if (!r)
            return r.isCancelled() ? Status::cancelled() : Status::failure(r.error());
        *schema = r.take();
        return Status();
    });
    m_context.progress->track(m_job.get());
    connect(m_job.get(), &Job::finished, this, [this, sourceName, replace, linkPath, schema](bool ok, const QString &message) {
        Project *project = m_context.project();
        if (!ok || !project) {
            if (!ok && !m_job->outcome().value_or(Status()).isCancelled())
                emit failed(message);
            return;
        }
        KnowledgeImporter::Options options;
        options.replace = replace;
        options.linkPath = linkPath;
        if (auto s = KnowledgeImporter::precheck(*project, *schema, options); !s)
            return emit failed(s.error());
        const bool replaced = replace && !project->service<KnowledgeBase>()->tables().isEmpty();
        project->undoStack()->push(new ImportKnowledgeCommand(project, *schema, options));
        m_context.navigator->setCurrentPage(ProjectNavigator::Schema);
        MessageBar *bar = m_context.schemaEditor()->messageBar();
        bar->showMessage(MessageBar::Level::Success,
                         (linkPath.isEmpty() ? tr("Imported %1 from %2%3.%4") : tr("Linked %1 read-only from %2%3; the rows stay there.%4"))
                             .arg(schema->tables.size() == 1 ? tr("1 knowledge table") : tr("%1 knowledge tables").arg(schema->tables.size()),
                                  sourceName.toHtmlEscaped(), replaced ? tr(", replacing the earlier ones") : QString(),
                                  schema->notes.isEmpty() ? QString() : QStringLiteral(" ") + schema->notes.join(QStringLiteral("; ")).toHtmlEscaped() + QLatin1Char('.')));
        bar->addUndoButton(project->undoStack(), tr("Takes the import back (Edit → Undo)."));
        emit imported();
    });
    m_job->start();
}

} // namespace assay
