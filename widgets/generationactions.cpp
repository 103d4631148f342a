#include "generationactions.h"
#include "filedialogs.h"

#include "commands/replacegenerationcommand.h"
#include "core/job.h"
#include "grounding/keytruth.h"
#include "dialogs/generatedialog.h"
#include "generation/generationsnapshotstore.h"
#include "generation/generationstore.h"
#include "generation/grammarjson.h"
#include "llm/llmprofilestore.h"
#include "project/project.h"
#include "messagebar.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QUndoStack>
#include <QWidget>

namespace assay {

namespace {

QStringList profileNames()
{
    QStringList names;
    for (const LlmProfile &p : LlmProfileStore::all())
        names << p.name;
    return names;
}

} // namespace

GenerationActions::GenerationActions(Project *project, QWidget *dialogParent)
    : QObject(dialogParent), m_project(project), m_dialogParent(dialogParent),
      m_generateSql(new QAction(tr("Generate SQL Templates…"), this)), m_generateText(new QAction(tr("Generate Text Templates…"), this)),
      m_buildQueries(new QAction(tr("Build Text Queries…"), this)), m_importGrammar(new QAction(tr("Import GRAMMAR Templates…"), this)),
      m_exportGrammar(new QAction(tr("Export GRAMMAR Files…"), this)), m_exportJsonl(new QAction(tr("Export Queries as JSONL…"), this))
{
    m_generateSql->setObjectName(QStringLiteral("generateSqlTemplates"));
    m_generateText->setObjectName(QStringLiteral("generateTextTemplates"));
    m_buildQueries->setObjectName(QStringLiteral("buildQueries"));
    m_importGrammar->setObjectName(QStringLiteral("importGrammar"));
    m_exportGrammar->setObjectName(QStringLiteral("exportGrammar"));
    m_exportJsonl->setObjectName(QStringLiteral("exportJsonl"));
    m_generateSql->setToolTip(tr("Enumerate SQL templates from the schema by rules, or have an LLM write them; each is measured on the knowledge base."));
    m_generateText->setToolTip(tr("Phrase the accepted SQL templates in natural language, per linguistic form."));
    m_buildQueries->setToolTip(tr("Fill every accepted text template with its semantic groups' values."));
    m_importGrammar->setToolTip(tr("GRAMMAR's SQL-template JSON and its per-form text-template files."));
    connect(m_generateSql, &QAction::triggered, this, &GenerationActions::askSqlTemplates);
    connect(m_generateText, &QAction::triggered, this, &GenerationActions::askTextTemplates);
    connect(m_buildQueries, &QAction::triggered, this, &GenerationActions::askQueries);
    connect(m_importGrammar, &QAction::triggered, this, &GenerationActions::askGrammarImport);
    connect(m_exportGrammar, &QAction::triggered, this, &GenerationActions::askGrammarExport);
    connect(m_exportJsonl, &QAction::triggered, this, &GenerationActions::askJsonlExport);
}

GenerationActions::~GenerationActions()
{
    if (m_job && m_job->isRunning()) {
        m_job->cancel();
        m_job->wait();
    }
}

bool GenerationActions::busy() const { return m_job && m_job->isRunning(); }

Job *GenerationActions::start(const QString &title, bool changesProject, Step step, Shows shows, const QString &location)
{
    if (busy())
        return nullptr;
    const QString path = m_project->path();
    const QString undoFile = m_project->undoFile();
    auto result = std::make_shared<GenerationSnapshotStore::Step>();
    // Everything runs on the job's thread, with its own connection: the step and, for a step
    // that changes the project, the copies that make it undoable (which take it back on a
    // failure or a cancel).
    m_job = std::make_unique<Job>(title, [path, undoFile, step, result, changesProject](Job &job) {
        auto project = Project::openForJob(path);
        if (!project)
            return Status::failure(project);
        if (changesProject) {
            // The step, then the document keys' truth for the groups it made (part of the
            // same undoable step).
            const Step withKeys = [step](Project &p, Job &j) -> Result<QString> {
                auto done = step(p, j);
                if (!done || j.isCancelled())
                    return done;
                auto keyed = KeyTruth::refresh(p, &j);
                if (!keyed)
                    return Result<QString>::failure(keyed);
                return keyed.value().isEmpty() ? done.value() : done.value() + QLatin1Char('\n') + keyed.value();
            };
            auto ran = GenerationSnapshotStore::runUndoable(*project.value(), undoFile, withKeys, job);
            if (!ran)
                return Status::failure(ran);
            *result = ran.take();
            return Status();
        }
        auto done = step(*project.value(), job);
        if (!done)
            return Status::failure(done);
        if (job.isCancelled())
            return Status::cancelled();
        result->summary = done.value();
        return Status();
    });
    connect(m_job.get(), &Job::finished, this, [this, title, changesProject, result, shows, location](bool ok, const QString &message) {
        if (changesProject) {
            if (ok)
                m_project->undoStack()->push(new ReplaceGenerationCommand(m_project, title, result->before, result->after));
            emit m_project->generationReplaced();
        }
        m_lastSummary = ok ? result->summary : message; // the page that shows the result says it (and logs it)
        emit jobFinished(ok, m_lastSummary);
        emit resultReady(shows, ok, m_lastSummary, changesProject && ok, location);
    });
    emit jobStarted(m_job.get());
    m_job->start();
    return m_job.get();
}

Job *GenerationActions::startSqlTemplates(const GenerationWorkflow::SqlOptions &options)
{
    // The step's error code, written on the job's thread before it finishes.
    auto code = std::make_shared<ErrorCode>(ErrorCode::None);
    Job *job = start(options.llmProfile.isEmpty() ? tr("Generate SQL templates by rules") : tr("Generate SQL templates with %1").arg(options.llmProfile), true,
                     [options, code](Project &p, Job &j) {
                         auto done = GenerationWorkflow::generateSqlTemplates(p, options, &j);
                         if (!done)
                             *code = done.code();
                         return done;
                     },
                     Shows::Templates);
    if (!job || options.replace)
        return job;
    // Refused because it would remove text queries (docs/METHODS.md §1.8): ask, then again. One
    // shot, on this object's own signal (the job may be gone by the time a queued call runs).
    auto once = std::make_shared<QMetaObject::Connection>();
    *once = connect(this, &GenerationActions::jobFinished, this, [this, once, code, options](bool ok, const QString &message) {
        disconnect(*once);
        if (ok || *code != ErrorCode::WouldRemove)
            return;
        const auto ask = m_confirm ? m_confirm : [this](const QString &text) {
            return QMessageBox::question(m_dialogParent, tr("Generate SQL Templates Again"), tr("%1\n\nRemove them and store the new groups?").arg(text),
                                         QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) == QMessageBox::Yes;
        };
        if (!ask(message))
            return;
        GenerationWorkflow::SqlOptions again = options;
        again.replace = true;
        QMetaObject::invokeMethod(this, [this, again] { startSqlTemplates(again); }, Qt::QueuedConnection);
    });
    return job;
}

Job *GenerationActions::startTextTemplates(const GenerationWorkflow::TextOptions &options)
{
    return start(tr("Generate text templates (%1)").arg(options.forms.join(QStringLiteral(", "))), true,
                 [options](Project &p, Job &j) { return GenerationWorkflow::generateTextTemplates(p, options, &j); }, Shows::Templates);
}

Job *GenerationActions::startQueries(bool balanced)
{
    return start(balanced ? tr("Build balanced text queries") : tr("Build text queries"), true,
                 [balanced](Project &p, Job &j) { return GenerationWorkflow::buildQueries(p, balanced, &j); }, Shows::Queries);
}

Job *GenerationActions::startGrammarImport(const QString &sqlTemplatesPath, const QMap<QString, QString> &forms)
{
    return start(tr("Import GRAMMAR templates from %1").arg(QFileInfo(sqlTemplatesPath).fileName()), true,
                 [sqlTemplatesPath, forms](Project &p, Job &j) { return GenerationWorkflow::importGrammar(p, sqlTemplatesPath, forms, &j); },
                 Shows::Templates);
}

Job *GenerationActions::startGrammarExport(const QString &folder)
{
    return start(tr("Export GRAMMAR files to %1").arg(folder), false, [folder](Project &p, Job &j) -> Result<QString> {
        j.reportProgress(0, 1, folder);
        GenerationStore &store = *p.service<GenerationStore>();
        if (auto s = GrammarJson::writeGrammarFolder(store, folder); !s)
            return Result<QString>::failure(s);
        return QStringLiteral("GRAMMAR files written to %1").arg(folder);
    }, Shows::Files, folder);
}

Job *GenerationActions::startJsonlExport(const QString &path)
{
    return start(tr("Export text queries to %1").arg(QFileInfo(path).fileName()), false, [path](Project &p, Job &j) -> Result<QString> {
        j.reportProgress(0, 1, path);
        GenerationStore &store = *p.service<GenerationStore>();
        auto n = GrammarJson::writeQueriesJsonl(store, path);
        if (!n)
            return Result<QString>::failure(n);
        return QStringLiteral("%1 text queries written to %2").arg(n.value()).arg(path);
    }, Shows::Files, path);
}

void GenerationActions::askSqlTemplates()
{
    GenerateDialog dialog(GenerateDialog::Step::SqlTemplates, {}, profileNames(), m_dialogParent);
    if (dialog.exec() == QDialog::Accepted)
        startSqlTemplates(dialog.sqlOptions());
}

void GenerationActions::askTextTemplates()
{
    auto forms = m_project->service<GenerationStore>()->forms();
    if (!forms) {
        MessageBar::report(m_dialogParent, MessageBar::Level::Error, tr("Generate Text Templates: %1").arg(forms.error()));
        return;
    }
    GenerateDialog dialog(GenerateDialog::Step::TextTemplates, forms.value(), profileNames(), m_dialogParent);
    if (dialog.exec() == QDialog::Accepted)
        startTextTemplates(dialog.textOptions());
}

void GenerationActions::askQueries()
{
    GenerateDialog dialog(GenerateDialog::Step::Queries, {}, {}, m_dialogParent);
    if (dialog.exec() == QDialog::Accepted)
        startQueries(dialog.balanced());
}

void GenerationActions::askGrammarImport()
{
    const QString sql = FileDialogs::openFile(m_dialogParent, QStringLiteral("grammar"), tr("GRAMMAR SQL templates"), tr("JSON (*.json);;All files (*)"));
    if (sql.isEmpty())
        return;
    // Text templates beside it, one file per form: text_templates_<form>.json (as Export writes them).
    QMap<QString, QString> forms;
    static const QRegularExpression name(QStringLiteral("^text_templates_(.+)\\.json$"));
    const QFileInfo info(sql);
    for (const QFileInfo &f : info.dir().entryInfoList({QStringLiteral("text_templates_*.json")}, QDir::Files, QDir::Name))
        if (const auto m = name.match(f.fileName()); m.hasMatch())
            forms.insert(m.captured(1), f.absoluteFilePath());
    QString what = tr("SQL templates from %1").arg(info.fileName());
    for (auto it = forms.begin(); it != forms.end(); ++it)
        what += tr("\ntext templates of form \"%1\" from %2").arg(it.key(), QFileInfo(it.value()).fileName());
    if (forms.isEmpty())
        what += tr("\n(no text_templates_<form>.json beside it: SQL templates only)");
    QMessageBox ask(QMessageBox::Question, tr("Import GRAMMAR Templates"), tr("Import:\n%1").arg(what), QMessageBox::Cancel, m_dialogParent);
    QPushButton *import = ask.addButton(tr("Import"), QMessageBox::AcceptRole);
    ask.setDefaultButton(import);
    ask.exec();
    if (ask.clickedButton() == import)
        startGrammarImport(sql, forms);
}

void GenerationActions::askGrammarExport()
{
    const QString folder = FileDialogs::folder(m_dialogParent, QStringLiteral("grammar"), tr("Folder for the GRAMMAR files"));
    if (!folder.isEmpty())
        startGrammarExport(folder);
}

void GenerationActions::askJsonlExport()
{
    const QString path = FileDialogs::saveFile(m_dialogParent, QStringLiteral("exports"), tr("Export text queries"), QStringLiteral("queries.jsonl"),
                                                      tr("JSON Lines (*.jsonl);;All files (*)"));
    if (!path.isEmpty())
        startJsonlExport(path);
}

} // namespace assay
