// The Exams page, offscreen, on the demo's grounded exam: statistics and baselines, filters
// (Bloom, filter reason), reject / accept of a selection and in-place edits of stem, option
// and key — each undoable, with refused edits explained.
#include "examspage.h"
#include "core/job.h"
#include "exams/examfilters.h"
#include "exams/examstore.h"
#include "exams/groundedexamgenerator.h"
#include "exams/examstats.h"
#include "itemmodels/examitemsmodel.h"
#include "project/project.h"
#include "testdemo.h"
#include "testexam.h"
#include "testsettings.h"

#include <QComboBox>
#include <QTableView>
#include <QUndoStack>
#include <QtTest>

using namespace assay;

class TestExamsPage : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_project;

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        m_project = test::openDemoProject(m_dir);
        QVERIFY(m_project);
        QVERIFY(test::createGroundedExam(*m_project, QStringLiteral("e1"), [](QVector<ExamItem> &items) {
                    items[1].stem = items[0].stem; // one duplicate, filtered
                }).ok());
    }

    void curation()
    {
        ExamsPage page(m_project.get());
        page.resize(1400, 800);
        page.show();
        ExamItemsModel *m = page.model();
        QCOMPARE(page.examChooser()->currentText(), QStringLiteral("e1"));
        const int all = m->rowCount();
        QVERIFY(all > 1000);
        QVERIFY2(page.statsText().contains(QLatin1String("baselines")), qPrintable(page.statsText()));
        // Filter: only the duplicate.
        page.reasonFilter()->setCurrentIndex(page.reasonFilter()->findData(QStringLiteral("duplicate")));
        QCOMPARE(m->rowCount(), 1);
        QCOMPARE(m->index(0, ExamItemsModel::Reason).data().toString(), QStringLiteral("duplicate"));
        page.reasonFilter()->setCurrentIndex(page.reasonFilter()->findData(QStringLiteral("kept")));
        QCOMPARE(m->rowCount(), all - 1);
        // Reject two items, undo.
        QUndoStack *undo = m_project->undoStack();
        page.view()->selectRow(0);
        page.view()->selectionModel()->select(m->index(1, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        page.rejectSelection();
        QCOMPARE(m->index(0, ExamItemsModel::State).data().toString(), QStringLiteral("rejected"));
        QCOMPARE(m->index(1, ExamItemsModel::State).data().toString(), QStringLiteral("rejected"));
        undo->undo();
        QCOMPARE(m->index(0, ExamItemsModel::State).data().toString(), QStringLiteral("accepted"));
        // Edit the stem, an option and the key; undo each.
        const QString stem = m->index(0, ExamItemsModel::Stem).data().toString();
        const QString key = m->index(0, ExamItemsModel::Answer).data().toString();
        QVERIFY(m->setData(m->index(0, ExamItemsModel::Stem), QStringLiteral("Which city is it?"), Qt::EditRole));
        QCOMPARE(m->index(0, ExamItemsModel::Stem).data().toString(), QStringLiteral("Which city is it?"));
        QVERIFY(m->setData(m->index(0, ExamItemsModel::Answer), key == QLatin1String("A") ? QStringLiteral("b") : QStringLiteral("a"), Qt::EditRole));
        QVERIFY(m->index(0, ExamItemsModel::Answer).data().toString() != key);
        QSignalSpy refused(m, &ExamItemsModel::editRejected);
        QVERIFY(!m->setData(m->index(0, ExamItemsModel::Answer), QStringLiteral("E"), Qt::EditRole));
        QVERIFY(!m->setData(m->index(0, ExamItemsModel::OptionB), QString(), Qt::EditRole));
        QCOMPARE(refused.count(), 2);
        undo->undo();
        undo->undo();
        QCOMPARE(m->index(0, ExamItemsModel::Stem).data().toString(), stem);
        QCOMPARE(m->index(0, ExamItemsModel::Answer).data().toString(), key);
        const QString dir = qEnvironmentVariable("ASSAY_SCREENSHOT_DIR");
        if (!dir.isEmpty())
            page.grab().save(dir + QStringLiteral("/exams-page.png"));
    }

    void generateAndTakeFromThePage()
    {
        ExamsPage page(m_project.get());
        page.resize(1400, 800);
        page.show();
        // Generate: a second grounded exam from the long form, in the background.
        // The spies listen to the page before a job starts: one that ends at once is not missed.
        QSignalSpy generated(&page, &ExamsPage::jobFinished);
        QVERIFY(page.startGenerate(QStringLiteral("from-gui"), QStringLiteral("long"), 7));
        QVERIFY(!generated.isEmpty() || generated.wait(120000));
        QVERIFY2(generated.constFirst().at(0).toBool(), qPrintable(generated.constFirst().at(1).toString()));
        QCOMPARE(page.examChooser()->currentText(), QStringLiteral("from-gui"));
        ExamStore store(m_project->database());
        auto id = store.idOf(QStringLiteral("from-gui"));
        QVERIFY(id);
        auto items = store.items(id.value());
        QVERIFY(items && items.value().size() > 1000);
        QCOMPARE(page.model()->rowCount(), int(store.items(id.value(), false).value().size()));
        // A name that exists is refused with a message, and nothing is added.
        QSignalSpy refused(&page, &ExamsPage::jobFinished);
        QVERIFY(page.startGenerate(QStringLiteral("from-gui"), QStringLiteral("long"), 7));
        QVERIFY(!refused.isEmpty() || refused.wait(30000));
        QVERIFY(!refused.constFirst().at(0).toBool());
        QVERIFY(refused.constFirst().at(1).toString().contains(QLatin1String("exists already")));
        // Take: three IR students; each take is stored with one answer per kept item.
        QSignalSpy taken(&page, &ExamsPage::jobFinished);
        QVERIFY(page.startTake({QStringLiteral("ir:bm25:1"), QStringLiteral("ir:tfidf:3"), QStringLiteral("oracle-ir")}));
        QVERIFY(!taken.isEmpty() || taken.wait(120000));
        QVERIFY2(taken.constFirst().at(0).toBool(), qPrintable(taken.constFirst().at(1).toString()));
        auto runs = store.runs(id.value());
        QVERIFY(runs);
        QCOMPARE(runs.value().size(), 3);
        auto answers = store.choices(id.value());
        QVERIFY(answers);
        for (auto it = answers.value().begin(); it != answers.value().end(); ++it)
            QCOMPARE(it.value().size(), items.value().size());
        // The statistics line names the filter counts in words.
        QVERIFY2(!page.statsText().contains(QLatin1String("{")), qPrintable(page.statsText()));
        QVERIFY2(page.statsText().contains(QLatin1String("filtered")), qPrintable(page.statsText()));
    }
};

QTEST_MAIN(TestExamsPage)
#include "tst_examspage.moc"
