// The getting-started checklist (issue 33): a project made from the sample opens on the
// Overview page, which knows what the project holds in each step of an evaluation and offers
// a button for the next one; waiting steps have their button disabled with the reason; the
// buttons lead to the page (and tab) of their step and start the same work there.
#include "testmain.h"
#include "corpuspage.h"
#include "demo/demoproject.h"
#include "generation/generationstore.h"
#include "generation/ruleenumerator.h"
#include "generation/sqltemplateintake.h"
#include "generation/texttemplateintake.h"
#include "grounding/groundlinkstore.h"
#include "groundtruthpanel.h"
#include "mainwindow.h"
#include "overviewpage.h"
#include "project/project.h"
#include "projectnavigator.h"
#include "schema/knowledgebase.h"
#include "testrunspage.h"
#include "testsettings.h"

#include <QPushButton>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

namespace tst_overview {

using namespace assay;
using Step = ProjectProgress::Step;
using State = ProjectProgress::State;

class TestOverview : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    static ProjectProgress::Item item(OverviewPage *page, Step step) { return page->items().value(int(step)); }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        QVERIFY(m_dir.isValid());
    }

    void checklistFollowsTheSampleProject()
    {
        const QString path = m_dir.filePath(QStringLiteral("sample.assay"));
        QVERIFY(DemoProject::buildSample(path).ok());
        MainWindow w;
        w.resize(1366, 768);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openProject(path));
        w.setWindowState(Qt::WindowNoState); // the offscreen screen is 800×800; a laptop's is wider
        w.resize(1366, 768);
        QCOMPARE(w.navigator()->currentPage(), ProjectNavigator::Overview);
        OverviewPage *overview = w.overviewPage();
        QVERIFY(overview && overview->isVisible());
        QCOMPARE(overview->items().size(), ProjectProgress::StepCount);

        // Knowledge and documents are there, nothing generated: SQL templates come next.
        QCOMPARE(item(overview, Step::Knowledge).state, State::Done);
        QVERIFY2(item(overview, Step::Knowledge).detail.contains(QLatin1String("tables with")), qPrintable(item(overview, Step::Knowledge).detail));
        QCOMPARE(item(overview, Step::Corpus).state, State::Done);
        QCOMPARE(item(overview, Step::SqlTemplates).state, State::Next);
        QCOMPARE(QString::fromLatin1(item(overview, Step::SqlTemplates).actionId), QStringLiteral("generate-sql"));
        QVERIFY2(overview->nextText().contains(QLatin1String("SQL query templates")), qPrintable(overview->nextText()));
        for (Step waiting : {Step::Queries, Step::GroundTruth, Step::Runs, Step::Scoring, Step::Analysis, Step::Irt, Step::Report}) {
            QCOMPARE(item(overview, waiting).state, State::Waiting);
            QVERIFY(!overview->button(waiting)->isEnabled());
            QVERIFY2(overview->button(waiting)->toolTip().startsWith(QLatin1String("Needs")), qPrintable(overview->button(waiting)->toolTip()));
        }
        // An exam can already be written from the documents.
        QCOMPARE(item(overview, Step::Exam).state, State::Ready);
        QVERIFY(overview->button(Step::SqlTemplates)->font().bold());
        QTest::qWait(50);
        test::screenshot(&w, QStringLiteral("overview-sample"));

        // Generate queries (what the generation buttons do); the page follows when shown.
        Project &p = *w.project();
        QVERIFY(SqlTemplateIntake(p).add(RuleEnumerator::enumerate(*p.service<KnowledgeBase>()), QStringLiteral("rules")).ok());
        QVERIFY(TextTemplateIntake(p).generateOffline({QStringLiteral("short")}, 2).ok());
        QVERIFY(GenerationStore(p.database()).rebuildQueries(true).ok());
        w.navigator()->setCurrentPage(ProjectNavigator::Schema);
        w.navigator()->setCurrentPage(ProjectNavigator::Overview);
        QCOMPARE(item(overview, Step::SqlTemplates).state, State::Done);
        QCOMPARE(item(overview, Step::Queries).state, State::Done);
        QCOMPARE(item(overview, Step::GroundTruth).state, State::Next);
        QVERIFY2(item(overview, Step::GroundTruth).detail.contains(QLatin1String("retrieval accuracy cannot be measured")),
                 qPrintable(item(overview, Step::GroundTruth).detail));
        QCOMPARE(item(overview, Step::Runs).state, State::Ready);

        // Its button opens the Corpus page's Ground Truth tab and proposes the links there.
        QCOMPARE(overview->button(Step::GroundTruth)->text(), QStringLiteral("Propose Links"));
        overview->button(Step::GroundTruth)->click();
        QCOMPARE(w.navigator()->currentPage(), ProjectNavigator::Corpus);
        QCOMPARE(w.corpusPage()->tools()->currentWidget(), w.corpusPage()->groundTruth());
        GroundLinkStore links(p.database());
        QTRY_VERIFY_WITH_TIMEOUT(links.coverage().ok() && links.coverage().value().grounded > 0, 120000);
        QTRY_VERIFY_WITH_TIMEOUT(w.corpusPage()->groundTruth()->messageText().contains(QLatin1String("accepted")), 30000);
        w.navigator()->setCurrentPage(ProjectNavigator::Overview);
        QCOMPARE(item(overview, Step::GroundTruth).state, State::Done);
        QVERIFY2(item(overview, Step::GroundTruth).detail.contains(QLatin1String("wait for review")), qPrintable(item(overview, Step::GroundTruth).detail));
        QCOMPARE(item(overview, Step::Runs).state, State::Next);
        overview->button(Step::Runs)->click();
        QCOMPARE(w.navigator()->currentPage(), ProjectNavigator::Runs);
        w.navigator()->setCurrentPage(ProjectNavigator::Overview);
        QTest::qWait(50);
        test::screenshot(&w, QStringLiteral("overview-grounded"));

        // Undo of the links is followed as well: the step is to do again.
        w.project()->undoStack()->undo();
        w.navigator()->setCurrentPage(ProjectNavigator::Schema);
        w.navigator()->setCurrentPage(ProjectNavigator::Overview);
        QCOMPARE(item(overview, Step::GroundTruth).state, State::Next);
    }
};

ASSAY_TEST_MAIN(TestOverview)

} // namespace tst_overview
#include "tst_overview.moc"
