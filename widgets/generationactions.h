#pragma once
// The generation steps of the Templates and Queries pages and the Generate menu: each asks
// its options (GenerateDialog, file choosers), runs as a background job with progress and
// cancel on its own connection, and lands as one undoable ReplaceGenerationCommand. A failed
// or cancelled step leaves the project as it was. Exports (GRAMMAR folder, JSONL) change
// nothing and are not on the undo stack.
#include "generation/generationworkflow.h"

#include <QObject>

#include <functional>
#include <memory>

class QAction;
class QWidget;

namespace assay {

class Job;
class Project;

class GenerationActions : public QObject {
    Q_OBJECT
public:
    GenerationActions(Project *project, QWidget *dialogParent);
    ~GenerationActions() override;

    QAction *generateSql() const { return m_generateSql; }
    QAction *generateText() const { return m_generateText; }
    QAction *buildQueries() const { return m_buildQueries; }
    QAction *importGrammar() const { return m_importGrammar; }
    QAction *exportGrammar() const { return m_exportGrammar; }
    QAction *exportJsonl() const { return m_exportJsonl; }
    bool busy() const;
    QString lastSummary() const { return m_lastSummary; }

    // The steps without their dialogs (the actions call these; so do tests).
    // Generating again keeps every template whose groups come out the same; when some changed
    // and would take text queries with them, nothing is changed and the user is asked (the
    // message names how many); on yes, the step runs again with options.replace.
    Job *startSqlTemplates(const GenerationWorkflow::SqlOptions &options);
    // The question asked before removing (default: a message box); tests answer it.
    void setConfirmation(std::function<bool(const QString &)> confirm) { m_confirm = std::move(confirm); }
    Job *startTextTemplates(const GenerationWorkflow::TextOptions &options);
    Job *startQueries(bool balanced);
    Job *startGrammarImport(const QString &sqlTemplatesPath, const QMap<QString, QString> &forms);
    Job *startGrammarExport(const QString &folder);
    Job *startJsonlExport(const QString &path);

    // Where a step's result shows: the Templates page, the Queries page, or files it wrote.
    enum class Shows { Templates, Queries, Files };

signals:
    void jobStarted(assay::Job *job);
    void jobFinished(bool ok, const QString &summary);
    // After jobFinished: where to look (`location`: the folder or file an export wrote) and
    // whether the step is one undoable edit.
    void resultReady(assay::GenerationActions::Shows shows, bool ok, const QString &summary, bool undoable, const QString &location);

private:
    using Step = std::function<Result<QString>(Project &, Job &)>;
    Job *start(const QString &title, bool changesProject, Step step, Shows shows, const QString &location = {});
    void askSqlTemplates();
    void askTextTemplates();
    void askQueries();
    void askGrammarImport();
    void askGrammarExport();
    void askJsonlExport();

    Project *m_project;
    QWidget *m_dialogParent;
    std::function<bool(const QString &)> m_confirm;
    QAction *m_generateSql;
    QAction *m_generateText;
    QAction *m_buildQueries;
    QAction *m_importGrammar;
    QAction *m_exportGrammar;
    QAction *m_exportJsonl;
    std::unique_ptr<Job> m_job;
    QString m_lastSummary;
};

} // namespace assay
