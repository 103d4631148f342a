#include "knowledgeimportflow.h"

#include "commands/importknowledgecommand.h"
#include "core/job.h"
#include "dialogs/serverimportdialog.h"
#include "filedialogs.h"
#include "messagebar.h"
#include "progressarea.h"
#include "project/project.h"
#include "projectnavigator.h"
#include "schema/csvschemareader.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgeimporter.h"
#include "schema/serverpasswords.h"
#include "schema/serverschemareader.h"
#include "schema/sqliteschemareader.h"
#include "schema/sqlscriptreader.h"
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

void KnowledgeImportFlow::choose(Source source)
{
    if (!m_context.project())
        return;
    QWidget *w = m_context.window;
    const QString path =
        source == Source::CsvFolder
            ? FileDialogs::folder(w, QStringLiteral("knowledge"), tr("Folder with one CSV file per table"))
            : FileDialogs::openFile(w, QStringLiteral("knowledge"), tr("Import knowledge schema"),
                                    source == Source::SqlScript ? tr("SQL scripts and dumps (SQLite, MySQL, PostgreSQL) (*.sql *.dump);;All files (*)")
                                                                : tr("SQLite databases (*.sqlite *.sqlite3 *.db);;All files (*)"));
    if (path.isEmpty())
        return;
    bool replace = source == Source::LinkedSqlite;
    if (askReplace(&replace))
        importFile(source, path, replace);
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

void KnowledgeImportFlow::importFile(Source source, const QString &path, bool replace)
{
    run(tr("Reading %1").arg(QFileInfo(path).fileName()), QFileInfo(path).fileName(),
        [source, path](Job &job) {
            job.reportProgress(0, 1);
            Result<ImportedSchema> r = source == Source::CsvFolder   ? CsvSchemaReader::readFolder(path)
                                       : source == Source::SqlScript ? SqlScriptReader::readFile(path)
                                                                     : SqliteSchemaReader::readFile(path, source != Source::LinkedSqlite);
            job.reportProgress(1, 1);
            return r;
        },
        replace, source == Source::LinkedSqlite ? path : QString());
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
