#include "mainwindow.h"

#include "pagestack.h"

#include "demo/demoproject.h"
#include "dialogs/userguidedialog.h"

#include "commands/importknowledgecommand.h"
#include "examtabs/irtpanel.h"
#include "core/job.h"
#include "llm/llmactivity.h"
#include "core/recentfiles.h"
#include "core/version.h"
#include "dialogs/projectpropertiesdialog.h"
#include "dialogs/settingsdialog.h"
#include "filedialogs.h"
#include "logview.h"
#include "messagebar.h"
#include "corpuspage.h"
#include "groundtruthpanel.h"
#include "placeholderpage.h"
#include "projectfileactions.h"
#include "progressarea.h"
#include "demo/demoevaluation.h"
#include "project/project.h"
#include "projectnavigator.h"
#include "reviewgrid.h"
#include "queriespage.h"
#include "versionspanel.h"
#include "runlauncher.h"
#include "generationactions.h"
#include "runspage.h"
#include "examspage.h"
#include "analysistabs/analysispage.h"
#include "analysistabs/labelpanel.h"
#include "schemaeditor.h"
#include "knowledgeimportflow.h"
#include "serverlinkflow.h"
#include "welcomepage.h"
#include "overviewpage.h"
#include "reportaction.h"
#include "steprouter.h"
#include "schema/knowledgebase.h"
#include "schema/schemaimporters.h"

#include <utility>

#include <QApplication>
#include <QGuiApplication>
#include <QScreen>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStatusBar>
#include <QUndoGroup>
#include <QUndoStack>

#include <algorithm>

namespace assay {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_recent(std::make_unique<RecentFiles>(SettingsDialog::recentFilesMaximum())),
      m_undoGroup(new QUndoGroup(this)), m_central(new QStackedWidget(this)), m_welcome(new WelcomePage(this)),
      m_navigator(new ProjectNavigator(this)), m_pages(new PageStack(this)), m_progress(new ProgressArea(this)),
      m_logDock(new QDockWidget(tr("Log"), this)), m_fileActions(new ProjectFileActions(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/assay.svg")));
    createPages();
    m_importFlow = new KnowledgeImportFlow({this, [this] { return m_project.get(); }, m_progress, m_navigator, [this] { return m_schemaEditor; }}, this);
    connect(m_importFlow, &KnowledgeImportFlow::imported, this, &MainWindow::knowledgeImported);
    connect(m_importFlow, &KnowledgeImportFlow::failed, this, &MainWindow::showError);
    m_linkFlow = new ServerLinkFlow(this, m_progress, this);

    auto *workspace = new QWidget(this);
    auto *row = new QHBoxLayout(workspace);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(0);
    row->addWidget(m_navigator);
    // The pages scroll where a screen is smaller than a page needs: the window's minimum size
    // is then the navigator's and the docks', and no page makes the window grow by itself.
    auto *pagesScroll = new QScrollArea(workspace);
    pagesScroll->setObjectName(QStringLiteral("pagesScroll"));
    pagesScroll->setWidgetResizable(true);
    pagesScroll->setFrameShape(QFrame::NoFrame);
    pagesScroll->setWidget(m_pages);
    row->addWidget(pagesScroll, 1);
    m_central->addWidget(m_welcome);
    m_central->addWidget(workspace);
    setCentralWidget(m_central);
    connect(m_navigator, &ProjectNavigator::pageSelected, m_pages, &QStackedWidget::setCurrentIndex);

    m_logDock->setObjectName(QStringLiteral("logDock"));
    m_logDock->setWidget(new LogView(m_logDock));
    addDockWidget(Qt::BottomDockWidgetArea, m_logDock);
    statusBar()->addPermanentWidget(m_progress);
    // LLM calls, tokens and cost of this session, shown once any call was made.
    auto *llmUsage = new QLabel(this);
    llmUsage->setObjectName(QStringLiteral("llmUsage"));
    llmUsage->hide();
    statusBar()->addPermanentWidget(llmUsage);
    connect(&LlmActivity::instance(), &LlmActivity::changed, llmUsage, [llmUsage] {
        const LlmUsage u = LlmActivity::instance().total();
        llmUsage->setText(QStringLiteral("LLM: %1").arg(u.summary()));
        llmUsage->setVisible(u.requests > 0);
    });

    connect(m_fileActions, &ProjectFileActions::jobStarted, this, [this](Job *job) { m_progress->track(job); });
    connect(m_fileActions, &ProjectFileActions::finished, this, [this](bool, const QString &message) { statusBar()->showMessage(message, 10000); });
    connect(m_welcome, &WelcomePage::demoRequested, this, &MainWindow::openDemoProject);
    connect(m_welcome, &WelcomePage::recentRequested, this, &MainWindow::openProject);
    m_reportAction = new ReportAction(this);
    m_steps = new StepRouter(this);
    createMenus();

    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray())) {
        // First start: 1440×900, or the whole screen where that does not fit (a 1366×768 laptop).
        const QScreen *screen = QGuiApplication::primaryScreen();
        const QSize room = screen ? screen->availableSize() : QSize(1440, 900);
        resize(std::min(1440, room.width()), std::min(900, room.height())); // a window manager may not maximize
        if (room.width() < 1440 || room.height() < 900)
            setWindowState(windowState() | Qt::WindowMaximized);
    } else if (const QScreen *screen = QGuiApplication::primaryScreen()) {
        // A geometry saved on a larger screen is brought within this one's room (a 1440 px
        // window restored on a 1280×1024 screen ran off its right edge).
        const QRect room = (QGuiApplication::screenAt(geometry().center()) ? QGuiApplication::screenAt(geometry().center()) : screen)->availableGeometry();
        QRect fitted(geometry().topLeft(), geometry().size().boundedTo(room.size()));
        fitted.moveLeft(std::clamp(fitted.left(), room.left(), room.right() + 1 - fitted.width()));
        fitted.moveTop(std::clamp(fitted.top(), room.top(), room.bottom() + 1 - fitted.height()));
        if (fitted != geometry())
            setGeometry(fitted);
    }
    if (!restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray())) {
        resizeDocks({m_logDock}, {150}, Qt::Vertical); // the pages, not the log, get the room
        // On a laptop's short screen the pages need every row (the Exams page's grid, tabs and
        // charts): the log starts closed there, one click away in View → Log; errors still
        // show in each page's message bar.
        const QScreen *screen = QGuiApplication::primaryScreen();
        if (screen && screen->availableSize().height() < 900)
            m_logDock->hide();
    }
    updateRecentMenu();
    updateTitle();
    statusBar()->showMessage(tr("Ready"), 3000);
}

MainWindow::~MainWindow()
{
    if (m_demoJob) {
        m_demoJob->cancel();
        m_demoJob->wait();
    }
}

void MainWindow::createPages()
{
    for (int p = 0; p < ProjectNavigator::PageCount; ++p) {
        auto *page = PlaceholderPage::forPage(ProjectNavigator::Page(p), m_pages);
        m_pages->addWidget(page);
        m_placeholders << page;
    }
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New Project…"), QKeySequence::New, this, [this] {
        const QString path = FileDialogs::saveFile(this, QStringLiteral("projects"), tr("New Assay Project"), QString(),
                                                          tr("Assay projects (*.assay)"));
        if (!path.isEmpty())
            newProject(path.endsWith(QLatin1String(".assay")) ? path : path + QStringLiteral(".assay"));
    });
    connect(m_welcome, &WelcomePage::newRequested, file->actions().constLast(), &QAction::trigger);
    file->addAction(tr("New Project from &Sample…"), this, [this] {
        const QString path = FileDialogs::saveFile(this, QStringLiteral("projects"), tr("New Project from the Sample"), QStringLiteral("sample.assay"), tr("Assay projects (*.assay)"));
        if (!path.isEmpty())
            newSampleProject(path.endsWith(QLatin1String(".assay")) ? path : path + QStringLiteral(".assay"));
    })->setObjectName(QStringLiteral("actionNewFromSample"));
    file->addAction(tr("&Open…"), QKeySequence::Open, this, [this] {
        const QString path = FileDialogs::openFile(this, QStringLiteral("projects"), tr("Open Assay Project"),
                                                          tr("Assay projects (*.assay);;All files (*)"));
        if (!path.isEmpty())
            openProject(path);
    });
    connect(m_welcome, &WelcomePage::openRequested, file->actions().constLast(), &QAction::trigger);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addAction(tr("Open &Demo Project"), this, &MainWindow::openDemoProject)
        ->setObjectName(QStringLiteral("actionOpenDemo"));
    file->addSeparator();
    QMenu *import = file->addMenu(tr("&Import Knowledge Schema"));
    import->setToolTipsVisible(true);
    bool servers = false;
    for (const SchemaImporters::Importer &from : SchemaImporters::all()) {
        if (from.pick == SchemaImporters::Pick::Server && !std::exchange(servers, true))
            import->addSeparator();
        const QString id = from.id;
        QAction *action = import->addAction(tr("From %1…").arg(from.label), this, [this, id] { m_importFlow->choose(id); });
        action->setToolTip(from.toolTip);
        if (!from.linkLabel.isEmpty())
            import->addAction(tr("%1…").arg(from.linkLabel), this, [this, id] { m_importFlow->choose(id, true); });
    }
    QAction *results = file->addAction(tr("Import &Results…"), this, [this] {
        if (!m_runsPage)
            return;
        m_navigator->setCurrentPage(ProjectNavigator::Runs);
        m_runsPage->askImportResults();
    });
    results->setObjectName(QStringLiteral("actionImportResults"));
    QAction *properties = file->addAction(tr("Project &Properties…"), this, [this] {
        if (m_project)
            ProjectPropertiesDialog(m_project.get(), this).exec();
    });
    QAction *report = m_reportAction->action();
    file->addAction(report);
    file->addSeparator();
    file->addAction(m_fileActions->saveCopyAction());
    file->addAction(m_fileActions->verifyAction());
    QAction *close = file->addAction(tr("&Close Project"), QKeySequence::Close, this, &MainWindow::closeProject);
    m_projectActions = {import->menuAction(), results, properties, report, close};
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_undoGroup->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setObjectName(QStringLiteral("actionUndo"));
    QAction *redo = m_undoGroup->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    redo->setObjectName(QStringLiteral("actionRedo"));
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(tr("&Settings…"), QKeySequence::Preferences, this, [this] {
        SettingsDialog dialog(this);
        if (dialog.exec() == QDialog::Accepted) {
            m_recent = std::make_unique<RecentFiles>(SettingsDialog::recentFilesMaximum());
            updateRecentMenu();
            if (m_analysisPage)
                m_analysisPage->labelPanel()->labellerChanged();
        }
    });

    m_generateMenu = menuBar()->addMenu(tr("&Generate")); // filled with the open project's steps
    m_generateMenu->setObjectName(QStringLiteral("generateMenu"));
    m_projectActions << m_generateMenu->menuAction();

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addAction(m_logDock->toggleViewAction());

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&User Guide"), QKeySequence::HelpContents, this, [this] {
        if (!m_guide)
            m_guide = new UserGuideDialog(this);
        m_guide->show();
        m_guide->raise();
    })->setObjectName(QStringLiteral("actionUserGuide"));
    help->addAction(tr("&About Assay"), this, [this] {
        QMessageBox::about(this, tr("About Assay"),
                           tr("<h3>Assay %1</h3><p>Grounded, modular evaluation of retrieval-augmented generation: "
                              "GRAMMAR query generation, exams with item response theory, R-Eval taxonomy and GaRAGe "
                              "grounding metrics.</p>")
                               .arg(QStringLiteral(ASSAY_VERSION)));
    });
}

void MainWindow::updateRecentMenu()
{
    const QStringList paths = m_recent->paths();
    m_welcome->setRecentFiles(paths);
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    for (const QString &path : paths)
        m_recentMenu->addAction(QFileInfo(path).fileName() + QStringLiteral("  —  ") + QFileInfo(path).path(), this,
                                [this, path] { openProject(path); });
    if (!paths.isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear List"), this, [this] {
            m_recent->clear();
            updateRecentMenu();
        });
    }
    m_recentMenu->setEnabled(!paths.isEmpty());
}

void MainWindow::updateTitle()
{
    const bool open = m_project != nullptr;
    for (QAction *a : std::as_const(m_projectActions))
        a->setEnabled(open);
    m_central->setCurrentIndex(open ? 1 : 0);
    if (open) {
        setWindowTitle(QStringLiteral("%1 — Assay").arg(m_project->name()));
        setWindowFilePath(m_project->path());
    } else {
        setWindowTitle(QStringLiteral("Assay"));
        setWindowFilePath(QString());
    }
}

bool MainWindow::openProject(const QString &path)
{
    if (m_project && QFileInfo(path).absoluteFilePath() == m_project->path())
        return true; // already open in this window
    auto project = Project::open(path);
    if (!project) {
        showError(project.error());
        if (!QFileInfo::exists(path)) {
            m_recent->remove(path);
            updateRecentMenu();
        }
        return false;
    }
    if (!project.value()->concurrentUseWarning().isEmpty())
        showWarning(project.value()->concurrentUseWarning());
    const bool unclean = !project.value()->uncleanShutdown().isEmpty();
    adoptProject(project.take());
    if (unclean) { // SQLite recovered the last committed state; check the pages in the background
        qWarning("%s", qPrintable(m_project->uncleanShutdown()));
        m_fileActions->startVerify(true);
    }
    return true;
}

bool MainWindow::newProject(const QString &path)
{
    auto project = Project::create(path);
    if (!project) {
        showError(project.error());
        return false;
    }
    adoptProject(project.take());
    return true;
}

// The sample's knowledge tables and documents, written in the background (a few seconds);
// the project opens on its Templates page, the next step.
void MainWindow::newSampleProject(const QString &path)
{
    if (m_demoJob && m_demoJob->isRunning())
        return;
    if (QFileInfo::exists(path)) {
        showError(tr("%1 exists already: choose a new file name for the sample project.").arg(path));
        return;
    }
    m_demoJob = std::make_unique<Job>(tr("Writing the sample project"), [path](Job &job) { return DemoProject::buildSample(path, QFileInfo(path).completeBaseName(), &job); });
    m_progress->track(m_demoJob.get());
    connect(m_demoJob.get(), &Job::finished, this, [this, path](bool ok, const QString &message) {
        if (!ok) {
            if (!(m_demoJob && m_demoJob->isCancelled()))
                showError(message);
            return;
        }
        openProject(path); // on the Overview page, whose next step is the SQL templates
    });
    m_demoJob->start();
}

void MainWindow::adoptProject(std::unique_ptr<Project> project)
{
    closeProject();
    m_project = std::move(project);
    m_undoGroup->addStack(m_project->undoStack());
    m_undoGroup->setActiveStack(m_project->undoStack());
    m_fileActions->setProject(m_project.get());
    // The GUI thread waits at most 5 s for another connection's write (a job, the CLI) and
    // then reports "database is locked" rather than freezing the window longer.
    m_project->database().setBusyTimeout(5000);
    // Pages follow what jobs and other programs commit (ChangeFollower), not navigation.
    m_project->watchChanges();
    connect(m_project.get(), &Project::propertyChanged, this, &MainWindow::updateTitle);
    m_overview = new OverviewPage(m_project.get(), m_pages);
    connect(m_overview, &OverviewPage::stepRequested, this, [this](ProjectProgress::Step step) { m_steps->follow(m_overview->items().value(int(step))); });
    setProjectPage(ProjectNavigator::Overview, m_overview);
    m_schemaEditor = new SchemaEditor(m_project->service<KnowledgeBase>(), m_project->undoStack(), m_pages);
    setProjectPage(ProjectNavigator::Schema, m_schemaEditor);
    m_linkFlow->follow(m_project.get(), m_schemaEditor);
    m_corpusPage = new CorpusPage(m_project.get(), m_pages);
    connect(m_corpusPage, &CorpusPage::jobStarted, this, [this](Job *job) { m_progress->track(job); });
    setProjectPage(ProjectNavigator::Corpus, m_corpusPage);
    // Schema → a column's "Rows Are Documents": the Ground Truth tab computes and stores the key.
    connect(m_schemaEditor, &SchemaEditor::documentKeyRequested, this, [this](const QString &table, const QString &column, const QString &match) {
        m_steps->follow({ProjectProgress::Step::GroundTruth, ProjectProgress::State::Done, {}, {}, {}, "review-links"});
        m_corpusPage->groundTruth()->startKeying(table, column, match);
    });
    m_templateGrid = new ReviewGrid(m_project.get(), m_project->undoStack(), ReviewModel::Scope::SqlTemplates, m_pages);
    m_templateGrid->setObjectName(QStringLiteral("templatesPage"));
    setProjectPage(ProjectNavigator::Templates, m_templateGrid);
    m_queriesPage = new QueriesPage(m_project.get(), m_project->undoStack(), m_pages);
    m_queryGrid = m_queriesPage->grid();
    connect(m_queriesPage->versions(), &VersionsPanel::jobStarted, this, [this](Job *job) { m_progress->track(job); });
    m_generation = new GenerationActions(m_project.get(), this);
    connect(m_generation, &GenerationActions::jobStarted, this, [this](Job *job) { m_progress->track(job); });
    connect(m_generation, &GenerationActions::resultReady, m_steps, &StepRouter::showGenerationResult);
    m_templateGrid->setStepActions({m_generation->generateSql(), m_generation->generateText(), m_generation->importGrammar()});
    m_queryGrid->setStepActions({m_generation->generateText(), m_generation->buildQueries(), m_generation->exportJsonl()});
    m_generateMenu->clear();
    m_generateMenu->addActions({m_generation->generateSql(), m_generation->generateText(), m_generation->buildQueries()});
    m_generateMenu->addSeparator();
    m_generateMenu->addActions({m_generation->importGrammar(), m_generation->exportGrammar(), m_generation->exportJsonl()});
    setProjectPage(ProjectNavigator::Queries, m_queriesPage);
    m_runsPage = new RunsPage(m_project.get(), m_pages);
    connect(m_queriesPage->versions(), &VersionsPanel::versionFrozen, m_runsPage->launcher(), &RunLauncher::reload);
    connect(m_runsPage, &RunsPage::jobStarted, this, [this](Job *job) { m_progress->track(job); });
    connect(m_runsPage, &RunsPage::analysisRequested, this, [this] { m_navigator->setCurrentPage(ProjectNavigator::Analysis); });
    setProjectPage(ProjectNavigator::Runs, m_runsPage);
    m_examsPage = new ExamsPage(m_project.get(), m_pages);
    setProjectPage(ProjectNavigator::Exams, m_examsPage);
    m_analysisPage = new AnalysisPage(m_project.get(), m_pages);
    connect(m_analysisPage, &AnalysisPage::jobStarted, this, [this](Job *job) { m_progress->track(job); });
    connect(m_runsPage->queue(), &RunQueue::runScored, m_analysisPage, [this](qint64, const QString &name) { m_analysisPage->forgetRun(name); });
    connect(m_runsPage, &RunsPage::labelRequested, this, [this](const QString &run, qint64 itemId) {
        m_navigator->setCurrentPage(ProjectNavigator::Analysis);
        m_analysisPage->labelItem(run, itemId);
    });
    connect(m_examsPage, &ExamsPage::jobStarted, this, [this](Job *job) { m_progress->track(job); });
    setProjectPage(ProjectNavigator::Analysis, m_analysisPage);
    m_recent->add(m_project->path());
    updateRecentMenu();
    updateTitle();
    m_navigator->setCurrentPage(ProjectNavigator::Overview);
    qInfo("Opened project %s (schema version %d)", qPrintable(m_project->path()), m_project->schemaVersion());
    emit projectOpened(m_project->path());
}

void MainWindow::closeProject()
{
    if (!m_project)
        return;
    m_undoGroup->removeStack(m_project->undoStack());
    m_fileActions->setProject(nullptr);
    for (int page : {int(ProjectNavigator::Overview), int(ProjectNavigator::Schema), int(ProjectNavigator::Corpus), int(ProjectNavigator::Templates), int(ProjectNavigator::Queries), int(ProjectNavigator::Runs),
                     int(ProjectNavigator::Analysis), int(ProjectNavigator::Exams)})
        setProjectPage(page, m_placeholders.value(page));
    m_overview = nullptr;
    m_linkFlow->follow(nullptr, nullptr);
    m_schemaEditor = nullptr;
    m_templateGrid = m_queryGrid = nullptr;
    m_queriesPage = nullptr;
    m_runsPage = nullptr;
    m_corpusPage = nullptr;
    m_analysisPage = nullptr;
    m_examsPage = nullptr;
    m_generateMenu->clear();
    delete m_generation; // waits for its job, which uses the project
    m_generation = nullptr;
    m_project.reset();
    updateTitle();
}

// Puts widget on a navigator page; a page widget of the closed project is deleted.
void MainWindow::setProjectPage(int page, QWidget *widget)
{
    QWidget *old = m_pages->widget(page);
    if (old == widget)
        return;
    const bool wasCurrent = m_pages->currentIndex() == page;
    m_pages->removeWidget(old);
    if (!m_placeholders.contains(old))
        delete old;
    m_pages->insertWidget(page, widget);
    if (wasCurrent)
        m_pages->setCurrentIndex(page);
}

void MainWindow::openDemoProject()
{
    if (m_demoJob && m_demoJob->isRunning())
        return;
    const QString folder = SettingsDialog::demoFolder();
    QDir().mkpath(folder);
    const QString path = QDir(folder).filePath(QStringLiteral("demo.assay"));
    // The new demo replaces the old one's content when it is complete: the window lets go of
    // the old one now and opens it again if the build is cancelled or fails (it is intact).
    const bool wasOpen = m_project && m_project->path() == QFileInfo(path).absoluteFilePath();
    if (wasOpen)
        closeProject();
    // The same evaluated project as `assay-cli demo`: runs scored, the exam taken, IRT fitted.
    m_demoJob = std::make_unique<Job>(tr("Building and evaluating the demo project"), [path](Job &job) {
        auto built = DemoEvaluation::build(path, &job);
        return built ? Status() : Status::failure(built);
    });
    m_progress->track(m_demoJob.get());
    connect(m_demoJob.get(), &Job::finished, this, [this, path, wasOpen](bool ok, const QString &message) {
        if (!ok) {
            if (!(m_demoJob && m_demoJob->isCancelled())) // a cancel needs no dialog
                showError(message);
            if (wasOpen && !m_project)
                openProject(path);
            return;
        }
        openProject(path);
        if (m_project && m_project->path() == QFileInfo(path).absoluteFilePath())
            m_navigator->setCurrentPage(ProjectNavigator::Analysis); // its charts draw by themselves
    });
    m_demoJob->start();
}

void MainWindow::importKnowledge(const QString &importer, const QString &path, bool replace)
{
    m_importFlow->importFile(importer, path, replace);
}

void MainWindow::showError(const QString &message)
{
    qWarning("%s", qPrintable(message));
    statusBar()->showMessage(message, 10000);
    auto *box = new QMessageBox(QMessageBox::Critical, tr("Assay"), message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    emit errorShown(message);
}

void MainWindow::showWarning(const QString &message)
{
    qWarning("%s", qPrintable(message));
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Assay"), message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("mainWindow/state"), saveState());
    settings.setValue(QStringLiteral("project/last"), m_project ? m_project->path() : QString());
    event->accept();
}

} // namespace assay
