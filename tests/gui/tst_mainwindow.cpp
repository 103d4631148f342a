// Smoke test of the GUI shell, offscreen: the window builds, the navigator switches pages,
// projects open/close, errors surface without blocking, the undo stack is wired to Edit.
// With ASSAY_SCREENSHOT_DIR set it saves PNGs of what it shows.
#include "testmain.h"
#include "commands/setprojectpropertycommand.h"
#include "core/job.h"
#include "core/messagelog.h"
#include "analysis/runoutcomes.h"
#include "analysistabs/analysispage.h"
#include "exams/examstore.h"
#include "runs/runstore.h"
#include "mainwindow.h"
#include "dialogs/userguidedialog.h"
#include "placeholderpage.h"
#include "progressarea.h"
#include "projectfileactions.h"
#include "project/projectverifier.h"
#include "project/project.h"
#include "projectnavigator.h"
#include "schema/knowledgebase.h"
#include "schemaeditor.h"
#include "testrunspage.h"
#include "testcrash.h"
#include "testlocks.h"
#include "messagebar.h"
#include "testsettings.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QListView>
#include <QApplication>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStackedWidget>
#include <QUndoGroup>
#include <QUndoStack>
#include <QThread>
#include <QToolButton>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtTest>

namespace tst_mainwindow {

using namespace assay;

namespace {
QAction *findAction(QWidget *w, const QString &objectName)
{
    return w->findChild<QAction *>(objectName);
}
} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QTemporaryDir &settingsDir = test::isolateSettings();
        MessageLog::install();
        QSettings().setValue(QStringLiteral("general/demoFolder"), settingsDir.filePath(QStringLiteral("demo")));
    }

    void buildsWithNavigatorAndPages()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.windowTitle(), QStringLiteral("Assay"));
        QVERIFY(w.findChild<QWidget *>(QStringLiteral("welcomePage"))->isVisible());
        QCOMPARE(w.navigator()->count(), int(ProjectNavigator::PageCount));
        QCOMPARE(w.pages()->count(), int(ProjectNavigator::PageCount));
        QVERIFY(w.findChild<QWidget *>(QStringLiteral("logView")));
        test::screenshot(&w, QStringLiteral("welcome"));
    }

    void helpOpensTheUserGuide()
    {
        MainWindow w;
        w.show();
        auto *action = w.findChild<QAction *>(QStringLiteral("actionUserGuide"));
        QVERIFY(action);
        action->trigger();
        auto *guide = w.findChild<UserGuideDialog *>(QStringLiteral("userGuide"));
        QVERIFY(guide && guide->isVisible());
        QVERIFY2(guide->text().contains(QLatin1String("Propose Links")), qPrintable(guide->text().left(200)));
        QVERIFY(guide->sections().contains(QStringLiteral("Ground truth: which document states which fact")));
        QVERIFY(guide->width() <= 1366 && guide->height() <= 768);
        test::screenshot(guide, QStringLiteral("user-guide"));
        // The sample project item is there too.
        QVERIFY(w.findChild<QAction *>(QStringLiteral("actionNewFromSample")));
    }

    void navigatorSwitchesPages()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.newProject(m_dir.filePath(QStringLiteral("nav.assay"))));
        QVERIFY(w.navigator()->isVisible());
        const char *expected[] = {"overviewPage", "schemaPage", "corpusPage", "templatesPage", "queriesPage",
                                  "examsPage",  "runsPage",   "analysisPage"};
        for (int p = ProjectNavigator::PageCount - 1; p >= 0; --p) {
            w.navigator()->setCurrentPage(ProjectNavigator::Page(p));
            QCOMPARE(w.pages()->currentWidget()->objectName(), QString::fromLatin1(expected[p]));
            if (p == ProjectNavigator::Overview || p == ProjectNavigator::Schema || p == ProjectNavigator::Corpus || p == ProjectNavigator::Templates || p == ProjectNavigator::Queries || p == ProjectNavigator::Runs
                || p == ProjectNavigator::Analysis || p == ProjectNavigator::Exams) {
                QVERIFY(!qobject_cast<PlaceholderPage *>(w.pages()->currentWidget())); // real editors
                continue;
            }
            auto *page = qobject_cast<PlaceholderPage *>(w.pages()->currentWidget());
            QVERIFY(page);
            QCOMPARE(page->title(), ProjectNavigator::pageTitle(ProjectNavigator::Page(p)));
            // Empty pages say what will appear and how to get it.
            QVERIFY(!page->findChild<QLabel *>(QStringLiteral("placeholderWhat"))->text().isEmpty());
            QVERIFY(!page->findChild<QLabel *>(QStringLiteral("placeholderHow"))->text().isEmpty());
        }
        w.navigator()->setCurrentPage(ProjectNavigator::Schema);
        test::screenshot(&w, QStringLiteral("schema-page"));
        // Clicking a row in the list switches too.
        const QRect rect = w.navigator()->visualItemRect(w.navigator()->item(ProjectNavigator::Runs));
        QTest::mouseClick(w.navigator()->viewport(), Qt::LeftButton, {}, rect.center());
        QCOMPARE(w.pages()->currentWidget()->objectName(), QStringLiteral("runsPage"));
    }

    void undoStackIsWiredToEditMenu()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.newProject(m_dir.filePath(QStringLiteral("undo.assay"))));
        QAction *undo = findAction(&w, QStringLiteral("actionUndo"));
        QAction *redo = findAction(&w, QStringLiteral("actionRedo"));
        QVERIFY(undo && redo);
        QVERIFY(!undo->isEnabled());
        Project *project = w.project();
        QCOMPARE(w.undoGroup()->activeStack(), project->undoStack());
        project->undoStack()->push(
            new SetProjectPropertyCommand(project, QStringLiteral("name"), QStringLiteral("Renamed")));
        QVERIFY(undo->isEnabled());
        QCOMPARE(w.windowTitle(), QStringLiteral("Renamed — Assay"));
        undo->trigger();
        QCOMPARE(project->name(), QStringLiteral("undo"));
        QCOMPARE(w.windowTitle(), QStringLiteral("undo — Assay"));
        QVERIFY(redo->isEnabled());
        redo->trigger();
        QCOMPARE(project->name(), QStringLiteral("Renamed"));
    }

    void badFileShowsErrorAndKeepsProject()
    {
        MainWindow w;
        w.show();
        const QString good = m_dir.filePath(QStringLiteral("good.assay"));
        QVERIFY(w.newProject(good));
        const QString bad = m_dir.filePath(QStringLiteral("bad.assay"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("garbage");
        f.close();
        QSignalSpy errors(&w, &MainWindow::errorShown);
        QVERIFY(!w.openProject(bad));
        QCOMPARE(errors.count(), 1);
        QVERIFY(errors.constFirst().at(0).toString().contains(QLatin1String("not an SQLite database")));
        QVERIFY(w.project());
        QCOMPARE(w.project()->path(), QFileInfo(good).absoluteFilePath());
        auto *box = w.findChild<QMessageBox *>();
        QVERIFY(box && box->isVisible()); // shown window-modal, without blocking
        test::screenshot(box, QStringLiteral("error-box"));
        box->close();
    }

    void demoProjectOpensInBackground()
    {
        MainWindow w;
        w.show();
        QSignalSpy opened(&w, &MainWindow::projectOpened);
        findAction(&w, QStringLiteral("actionOpenDemo"))->trigger();
        // Built and evaluated in the background (the same project as `assay-cli demo`).
        QVERIFY(opened.wait(240000));
        QVERIFY(w.project());
        QCOMPARE(w.project()->name(), QStringLiteral("Assay demo"));
        QTRY_VERIFY(!w.progressArea()->isVisible());
        auto runs = RunStore(w.project()->database()).runs();
        QVERIFY(runs);
        QCOMPARE(runs.value().size(), 12);
        for (const RunSummary &r : runs.value())
            QCOMPARE(RunOutcomes::answerJudges(w.project()->database(), r.id).value(),
                     (QStringList{QStringLiteral("contains"), QStringLiteral("human"), QStringLiteral("human:simulated")})); // scored, and the simulated labels
        auto examId = ExamStore(w.project()->database()).idOf(QStringLiteral("demo-exam"));
        QVERIFY(examId);
        auto items = ExamStore(w.project()->database()).items(examId.value());
        QVERIFY(items && !items.value().isEmpty());
        QVERIFY(std::any_of(items.value().begin(), items.value().end(), [](const ExamItem &it) { return it.a.has_value(); })); // IRT fitted
        // It opens on the Analysis page, whose charts draw without a click.
        QCOMPARE(w.navigator()->currentPage(), ProjectNavigator::Analysis);
        auto *analysis = w.pages()->currentWidget()->findChild<QObject *>() ? qobject_cast<AnalysisPage *>(w.pages()->currentWidget()) : nullptr;
        QVERIFY(analysis);
        QTRY_COMPARE_WITH_TIMEOUT(analysis->analyses().size(), 12, 60000);
        test::screenshot(&w, QStringLiteral("demo"));
        // The demo was built beside its file and put in place through SQLite: the app holds its
        // locks while a second process opens the file, and the file is sound (tests/testlocks.h,
        // the other jobs: tst_projectlocks).
        test::checkLocksAfter(w.project(), QStringLiteral("demo"), 1);
        const QString demo = w.project()->path();
        w.closeProject();
        test::checkIntegrity(demo);
    }

    void cancellingTheDemoKeepsTheOldOne()
    {
        // The demo of the test above is open; a new build is cancelled part-way: the old demo
        // is intact and open again.
        MainWindow w;
        w.show();
        const QString demo = QDir(QSettings().value(QStringLiteral("general/demoFolder")).toString()).filePath(QStringLiteral("demo.assay"));
        QVERIFY(w.openProject(demo));
        QVERIFY(w.project()->setProperty(QStringLiteral("marker"), QStringLiteral("the old demo")).ok());
        QSignalSpy opened(&w, &MainWindow::projectOpened);
        w.openDemoProject();
        QVERIFY(!w.project()); // let go while the new one is built
        QTest::qWait(4000);
        auto *cancel = w.progressArea()->findChild<QToolButton *>();
        QVERIFY(cancel && cancel->isVisible());
        cancel->click();
        QVERIFY(opened.wait(120000));
        QVERIFY(w.project());
        QCOMPARE(w.project()->property(QStringLiteral("marker")), QStringLiteral("the old demo"));
        QCOMPARE(RunStore(w.project()->database()).runs().value().size(), 12);
        const QStringList left = QDir(QFileInfo(demo).absolutePath()).entryList({QStringLiteral(".demo.assay.build-*")}, QDir::Files | QDir::Hidden);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QStringLiteral(", "))));
    }

    void fileMenuVerifiesAndCopies()
    {
        MainWindow w;
        w.show();
        const QString path = m_dir.filePath(QStringLiteral("care.assay"));
        QVERIFY(w.newProject(path));
        ProjectFileActions *file = w.fileActions();
        QMenu *fileMenu = w.menuBar()->actions().constFirst()->menu();
        QVERIFY(fileMenu->actions().contains(file->verifyAction()) && fileMenu->actions().contains(file->saveCopyAction()));
        fileMenu->popup(w.mapToGlobal(QPoint(0, 0)));
        QTRY_VERIFY(fileMenu->isVisible());
        test::screenshot(fileMenu, QStringLiteral("file-menu"));
        fileMenu->hide();
        QSignalSpy finished(file, &ProjectFileActions::finished);
        findAction(&w, QStringLiteral("actionVerifyProject"))->trigger();
        QVERIFY(finished.wait(60000));
        QVERIFY(finished.at(0).at(0).toBool());
        QVERIFY2(file->lastMessage().contains(QLatin1String("intact")), qPrintable(file->lastMessage()));
        auto *box = w.findChild<QMessageBox *>();
        QTRY_VERIFY(box && box->isVisible());
        QVERIFY(box->text().contains(QLatin1String("intact")));
        test::screenshot(box, QStringLiteral("verify-project"));
        box->close();
        const QString copy = m_dir.filePath(QStringLiteral("care copy.assay"));
        QVERIFY(file->startSaveCopy(copy));
        QVERIFY(finished.wait(60000));
        QVERIFY2(finished.at(1).at(0).toBool(), qPrintable(finished.at(1).at(1).toString()));
        QVERIFY(QFileInfo::exists(copy));
        QVERIFY(ProjectVerifier::verify(copy).value().ok);
        w.closeProject();
        QVERIFY(!findAction(&w, QStringLiteral("actionVerifyProject"))->isEnabled());

        // A session that died with the project open: the next open verifies it by itself.
        QVERIFY(test::openProjectAndDie(path) > 0);
        QVERIFY(w.openProject(path));
        QVERIFY(finished.wait(60000));
        QVERIFY2(file->lastMessage().contains(QLatin1String("ended without closing")), qPrintable(file->lastMessage()));
    }

    void progressAreaShowsEtaAndCancels()
    {
        ProgressArea area;
        std::atomic_int steps{0};
        Job job(QStringLiteral("Slow work"), [&](Job &j) {
            for (int i = 1; i <= 100000 && !j.isCancelled(); ++i) {
                QThread::msleep(2);
                steps = i;
                j.reportProgress(i, 100000, QStringLiteral("step %1").arg(i));
            }
            return Status();
        });
        area.track(&job);
        QVERIFY(area.isVisible() || !area.isHidden());
        QCOMPARE(area.titleText(), QStringLiteral("Slow work"));
        QSignalSpy finished(&job, &Job::finished);
        job.start();
        QTRY_VERIFY_WITH_TIMEOUT(area.etaText().contains(QLatin1String("left")), 5000);
        QVERIFY2(area.detailText().startsWith(QLatin1String("step ")), qPrintable(area.detailText()));
        area.resize(area.sizeHint());
        test::screenshot(&area, QStringLiteral("progress-area"));
        auto *cancel = area.findChild<QToolButton *>(QStringLiteral("cancelJob"));
        QVERIFY(cancel);
        QTest::mouseClick(cancel, Qt::LeftButton);
        // The job runs in another thread: it may finish before a wait() would start listening.
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 5000);
        QCOMPARE(finished.constFirst().at(0).toBool(), false);
        QVERIFY(steps.load() < 100000);
        QTRY_VERIFY(area.isHidden());
    }

    void knowledgeImportRunsInBackgroundAndUndoes()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.newProject(m_dir.filePath(QStringLiteral("import.assay"))));
        const QString csv = m_dir.filePath(QStringLiteral("csv"));
        QDir().mkpath(csv);
        QFile f(csv + QStringLiteral("/cities.csv"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("city_id,name,population\n1,Oslo,709000\n2,Lyon,522000\n");
        f.close();
        QSignalSpy imported(&w, &MainWindow::knowledgeImported);
        w.importKnowledge(QStringLiteral("csv"), csv, false);
        QVERIFY(imported.wait(10000));
        QCOMPARE(w.project()->service<KnowledgeBase>()->tables().size(), 1);
        QCOMPARE(w.schemaEditor()->tablesView()->model()->rowCount(), 1);
        // The result is said where it shows, with the button that takes it back.
        QCOMPARE(w.navigator()->currentPage(), ProjectNavigator::Schema);
        MessageBar *bar = w.schemaEditor()->messageBar();
        QVERIFY(bar && bar->isVisible());
        QVERIFY2(bar->text().contains(QLatin1String("Imported 1 knowledge table")), qPrintable(bar->text()));
        QCOMPARE(bar->buttonTexts(), QStringList{QStringLiteral("Undo")});
        bar->findChild<QPushButton *>(QStringLiteral("messageAction"))->click();
        QCOMPARE(w.project()->service<KnowledgeBase>()->tables().size(), 0);
        // Used, the offer goes: the bar says what was undone and offers nothing it cannot do.
        QVERIFY2(bar->buttonTexts().isEmpty(), qPrintable(bar->buttonTexts().join(QLatin1Char(','))));
        QVERIFY2(bar->text().startsWith(QLatin1String("Undone: Imported 1 knowledge table")), qPrintable(bar->text()));
        findAction(&w, QStringLiteral("actionRedo"))->trigger();
        QCOMPARE(w.project()->service<KnowledgeBase>()->tables().size(), 1);
        findAction(&w, QStringLiteral("actionUndo"))->trigger();
        QCOMPARE(w.project()->service<KnowledgeBase>()->tables().size(), 0);
        // Bad input: the error is shown and nothing is imported.
        QSignalSpy errors(&w, &MainWindow::errorShown);
        w.importKnowledge(QStringLiteral("sql"), m_dir.filePath(QStringLiteral("missing.sql")), false);
        QVERIFY(errors.wait(10000));
        QVERIFY(errors.constFirst().at(0).toString().contains(QLatin1String("no such file")));
        QCOMPARE(w.project()->service<KnowledgeBase>()->tables().size(), 0);
        for (auto *box : w.findChildren<QMessageBox *>())
            box->close();
    }

    void recentFilesAndGeometryPersist()
    {
        const QString file = m_dir.filePath(QStringLiteral("recent.assay"));
        {
            MainWindow w;
            w.show();
            QVERIFY(w.newProject(file));
            w.resize(760, 600); // within the offscreen screen's 800×800: a larger one is brought within it
            w.close();
        }
        QSettings settings;
        QVERIFY(!settings.value(QStringLiteral("mainWindow/geometry")).toByteArray().isEmpty());
        QCOMPARE(settings.value(QStringLiteral("project/recentFiles")).toStringList().constFirst(),
                 QFileInfo(file).absoluteFilePath());
        MainWindow again;
        QCOMPARE(again.size(), QSize(760, 600));
        const QMenu *file_menu = again.menuBar()->findChildren<QMenu *>().constFirst();
        QVERIFY(file_menu);
        bool listed = false;
        for (QMenu *m : again.findChildren<QMenu *>())
            for (QAction *a : m->actions())
                listed = listed || a->text().startsWith(QLatin1String("recent.assay"));
        QVERIFY(listed);
    }

    // A button added beside a message narrows its text: the bar grows to show every line
    // (the Exams page cut a message's second line, issue 50 item 6).
    void messageBarGrowsForAButton()
    {
        QWidget host;
        host.resize(640, 300);
        auto *layout = new QVBoxLayout(&host);
        auto *bar = new MessageBar(&host);
        layout->addWidget(bar);
        layout->addStretch(1);
        host.show();
        QVERIFY(QTest::qWaitForWindowExposed(&host));
        auto *text = bar->findChild<QLabel *>(QStringLiteral("messageText"));
        auto *scroll = bar->findChild<QScrollArea *>();
        QVERIFY(text && scroll);
        // Two lines at the bar's whole width (taller than a button), three beside a wide button:
        // the bar's own size need not change, so nothing but the button tells it.
        QString message;
        while (text->fontMetrics().horizontalAdvance(message) < 800)
            message += QStringLiteral(" word");
        bar->success(message.trimmed());
        QTRY_VERIFY(scroll->viewport()->height() >= text->heightForWidth(scroll->viewport()->width()));
        const int before = text->heightForWidth(scroll->viewport()->width());
        QVERIFY2(before >= 2 * text->fontMetrics().lineSpacing(), qPrintable(QString::number(before)));
        bar->addButton(QStringLiteral("A Button Wide Enough To Wrap"), [] {});
        QTest::qWait(100);
        const int needs = text->heightForWidth(scroll->viewport()->width());
        QVERIFY2(needs > before, "the button did not narrow the text: the test shows nothing");
        QVERIFY2(scroll->viewport()->height() >= needs, qPrintable(QStringLiteral("%1 px for text needing %2").arg(scroll->viewport()->height()).arg(needs)));
    }

    // A geometry saved on a larger screen comes back within this screen's room (issue 50 item 6:
    // 1440 px wide on a 1280×1024 screen).
    void restoredGeometryFitsTheScreen()
    {
        const QRect room = QGuiApplication::primaryScreen()->availableGeometry();
        {
            QWidget wide;
            wide.setGeometry(room.left() + 40, room.top() + 30, room.width() + 600, room.height() + 400);
            QSettings().setValue(QStringLiteral("mainWindow/geometry"), wide.saveGeometry());
        }
        MainWindow w;
        const QSize least = w.minimumSizeHint().expandedTo(w.minimumSize());
        QVERIFY2(w.width() <= std::max(room.width(), least.width()) && w.height() <= std::max(room.height(), least.height()),
                 qPrintable(QStringLiteral("%1×%2 on a %3×%4 screen").arg(w.width()).arg(w.height()).arg(room.width()).arg(room.height())));
        QVERIFY(w.width() < room.width() + 600); // the saved width was cut down
        QVERIFY(w.x() >= room.left() && w.y() >= room.top());
        if (w.width() <= room.width())
            QVERIFY(w.geometry().right() <= room.right());
    }
};

ASSAY_TEST_MAIN(TestMainWindow)

} // namespace tst_mainwindow
#include "tst_mainwindow.moc"
