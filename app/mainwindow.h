#pragma once
// The main window wires the project, the navigator, the pages, the log dock and the progress
// area together; it holds no domain logic of its own.
#include "knowledgeimportflow.h"

#include <QMainWindow>

#include <memory>

class QStackedWidget;
class QUndoGroup;
class QMenu;
class QDockWidget;

namespace assay {

class Project;
class Job;
class ProjectNavigator;
class ProgressArea;
class WelcomePage;
class RecentFiles;
class SchemaEditor;
class ReviewGrid;
class QueriesPage;
class CorpusPage;
class RunsPage;
class ExamsPage;
class AnalysisPage;
class GenerationActions;
class ProjectFileActions;
class OverviewPage;
class ServerLinkFlow;
class ReportAction;
class StepRouter;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    bool openProject(const QString &path);
    void newSampleProject(const QString &path);
    bool newProject(const QString &path);
    void openDemoProject();
    void closeProject();

    // Reads the source off the GUI thread, then imports it as one undoable edit.
    // importer: a SchemaImporters id ("csv", "sql", …).
    void importKnowledge(const QString &importer, const QString &path, bool replace);

    Project *project() const { return m_project.get(); }
    QUndoGroup *undoGroup() const { return m_undoGroup; }
    ProjectNavigator *navigator() const { return m_navigator; }
    QStackedWidget *pages() const { return m_pages; }
    ProgressArea *progressArea() const { return m_progress; }
    OverviewPage *overviewPage() const { return m_overview; }
    ReportAction *reportAction() const { return m_reportAction; }
    SchemaEditor *schemaEditor() const { return m_schemaEditor; }
    ReviewGrid *templateGrid() const { return m_templateGrid; }
    ReviewGrid *queryGrid() const { return m_queryGrid; }
    RunsPage *runsPage() const { return m_runsPage; }
    CorpusPage *corpusPage() const { return m_corpusPage; }
    ExamsPage *examsPage() const { return m_examsPage; }
    AnalysisPage *analysisPage() const { return m_analysisPage; }
    GenerationActions *generationActions() const { return m_generation; }
    ProjectFileActions *fileActions() const { return m_fileActions; }
    KnowledgeImportFlow *importFlow() const { return m_importFlow; }
    ServerLinkFlow *linkFlow() const { return m_linkFlow; }

signals:
    void projectOpened(const QString &path);
    void knowledgeImported();
    void errorShown(const QString &message);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createPages();
    void createMenus();
    void updateRecentMenu();
    void updateTitle();
    void showError(const QString &message);
    void showWarning(const QString &message);
    void adoptProject(std::unique_ptr<Project> project);
    void setProjectPage(int page, QWidget *widget);

    std::unique_ptr<Project> m_project;
    std::unique_ptr<RecentFiles> m_recent;
    std::unique_ptr<Job> m_demoJob;
    class UserGuideDialog *m_guide = nullptr;
    KnowledgeImportFlow *m_importFlow = nullptr;
    ServerLinkFlow *m_linkFlow = nullptr;
    QUndoGroup *m_undoGroup;
    QStackedWidget *m_central;
    WelcomePage *m_welcome;
    ProjectNavigator *m_navigator;
    QStackedWidget *m_pages;
    ProgressArea *m_progress;
    QDockWidget *m_logDock;
    QMenu *m_recentMenu = nullptr;
    QList<QAction *> m_projectActions;
    QList<QWidget *> m_placeholders;
    OverviewPage *m_overview = nullptr;
    ReportAction *m_reportAction = nullptr;
    StepRouter *m_steps = nullptr;
    SchemaEditor *m_schemaEditor = nullptr;
    ReviewGrid *m_templateGrid = nullptr;
    ReviewGrid *m_queryGrid = nullptr;
    QueriesPage *m_queriesPage = nullptr;
    RunsPage *m_runsPage = nullptr;
    CorpusPage *m_corpusPage = nullptr;
    ExamsPage *m_examsPage = nullptr;
    AnalysisPage *m_analysisPage = nullptr;
    GenerationActions *m_generation = nullptr;
    QMenu *m_generateMenu = nullptr;
    ProjectFileActions *m_fileActions = nullptr;
};

} // namespace assay
