// The Labels tab, offscreen, as a person uses it: 20 items labelled with the keys 1 and 2,
// one taken back with Undo, the project closed and reopened: 19 labels under the labeller's
// name. The card highlights the gold answer and the run's answer; the summary shows the
// corrected accuracy and says which labels are simulated.
#include "charts/analysispage.h"
#include "charts/labelpanel.h"
#include "dialogs/settingsdialog.h"
#include "project/project.h"
#include "runs/labelstore.h"
#include "testlabels.h"
#include "testsettings.h"

#include <QComboBox>
#include <QDir>
#include <QTabWidget>
#include <QTextBrowser>
#include <QUndoStack>
#include <QtTest>

using namespace assay;

class TestLabelPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        test::isolateSettings();
        SettingsDialog::setLabeller(QStringLiteral("tester"));
    }

    void labelTwentyByKeyboardUndoOneReopen()
    {
        QTemporaryDir dir;
        QString path;
        {
            auto created = test::projectWithRun(dir, 60);
            QVERIFY(created);
            path = created->path();
        }
        {
            auto project = Project::open(path);
            QVERIFY2(project, qPrintable(project.error()));
            AnalysisPage page(project.value().get());
            page.setWindowState(Qt::WindowNoState);
            page.resize(1366, 768);
            page.show();
            LabelPanel *panel = page.labelPanel();
            page.tabs()->setCurrentWidget(panel);
            QTRY_VERIFY_WITH_TIMEOUT(panel->currentItem() != 0 && !panel->isBusy(), 20000);
            QCOMPARE(panel->run(), QStringLiteral("r"));
            QCOMPARE(panel->labeller(), QStringLiteral("tester"));
            const QString card = panel->cardHtml();
            QVERIFY2(card.contains(QLatin1String("Tallinn")) && card.contains(QLatin1String("#bfe8c4")), qPrintable(card));
            auto *browser = panel->findChild<QTextBrowser *>(QStringLiteral("labelCard"));
            browser->setFocus();
            QSet<qint64> seen;
            for (int i = 0; i < 20; ++i) {
                const qint64 item = panel->currentItem();
                QVERIFY(item != 0);
                QVERIFY(!seen.contains(item)); // the next item comes at once
                seen.insert(item);
                QTest::keyClick(browser, i % 3 == 0 ? Qt::Key_2 : Qt::Key_1);
            }
            QCOMPARE(panel->labelledByMe(), 20);
            // A skip shows another item and stores nothing.
            const qint64 before = panel->currentItem();
            QTest::keyClick(browser, Qt::Key_0);
            QVERIFY(panel->currentItem() != before);
            QCOMPARE(panel->labelledByMe(), 20);
            project.value()->undoStack()->undo();
            QCOMPARE(panel->labelledByMe(), 19);
            // The summary: labels counted, the corrected accuracy of the run's judge.
            QTRY_VERIFY_WITH_TIMEOUT(panel->summaryText().contains(QLatin1String("Corrected accuracy")), 20000);
            QVERIFY2(panel->summaryText().contains(QLatin1String("19</b> label(s)")), qPrintable(panel->summaryText()));
            if (const QByteArray shots = qgetenv("ASSAY_SCREENSHOT_DIR"); !shots.isEmpty())
                page.grab().save(QDir(QString::fromLocal8Bit(shots)).filePath(QStringLiteral("labels-tab.png")));
            QTRY_VERIFY_WITH_TIMEOUT(!panel->isBusy() && !page.isBusy(), 20000);
        }
        auto reopened = Project::open(path);
        QVERIFY(reopened);
        LabelStore *store = reopened.value()->service<LabelStore>();
        const auto labels = store->labels(store->runId(QStringLiteral("r")).value());
        QVERIFY(labels);
        QCOMPARE(labels.value().size(), 19);
        for (const HumanLabel &l : labels.value()) {
            QCOMPARE(l.labeller, QStringLiteral("tester"));
            QCOMPARE(l.rule, QStringLiteral("random"));
            QVERIFY(!l.at.isEmpty());
        }
    }
};

QTEST_MAIN(TestLabelPanel)
#include "tst_labelpanel.moc"
