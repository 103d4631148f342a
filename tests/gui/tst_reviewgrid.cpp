// The review grid on the demo project, offscreen: scopes with counts, filters, sorting,
// accept / reject with undo (queries follow), inline edits (refused ones explained), the
// side panel, and the query scope loaded off the GUI thread.
#include "testmain.h"
#include "demo/demoproject.h"
#include "generation/generationstore.h"
#include "project/project.h"
#include "reviewgrid.h"
#include "testdemo.h"
#include "testsettings.h"

#include <QLineEdit>
#include <QTabBar>
#include <QTableView>
#include <QUndoStack>
#include <QtTest>

namespace tst_reviewgrid {

using namespace assay;

class TestReviewGrid : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_project;

    int rowsWhere(ReviewModel *m, int column, const QString &value)
    {
        int n = 0;
        for (int r = 0; r < m->rowCount(); ++r)
            n += m->index(r, column).data().toString() == value;
        return n;
    }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        m_project = test::openDemoProject(m_dir);
        QVERIFY(m_project);
    }

    void templatesScopeFiltersAndSorts()
    {
        ReviewGrid grid(m_project.get(), m_project->undoStack(), ReviewModel::Scope::SqlTemplates);
        grid.resize(1200, 700);
        grid.show();
        ReviewModel *m = grid.model();
        const auto st = GenerationStore(m_project->database()).sqlTemplates().value();
        QCOMPARE(m->rowCount(), int(st.size()));
        QVERIFY(grid.scopes()->tabText(0).contains(QString::number(st.size())));
        m->setFilter({QString(), QString(), CurationState::Review, QString()});
        QVERIFY(m->rowCount() > 0);
        QCOMPARE(rowsWhere(m, 3, QStringLiteral("review")), m->rowCount());
        m->setFilter({QStringLiteral("budget_keur"), QString(), std::nullopt, QStringLiteral("clients")});
        for (int r = 0; r < m->rowCount(); ++r) {
            QVERIFY(m->index(r, 1).data().toString().contains(QLatin1String("budget_keur")));
            QVERIFY(m->index(r, 9).data().toString().contains(QLatin1String("'clients'")));
        }
        m->setFilter({});
        m->sort(5, Qt::DescendingOrder); // singular rate
        QVERIFY(m->index(0, 5).data().toDouble() >= m->index(m->rowCount() - 1, 5).data().toDouble());
        m->sort(0, Qt::AscendingOrder);
        grid.view()->setCurrentIndex(m->index(0, 1));
        QVERIFY2(grid.sidePanelText().contains(QLatin1String("Example fill-in")), qPrintable(grid.sidePanelText()));
        QVERIFY(grid.sidePanelText().contains(QLatin1String("Text templates")));
        const QString dir = qEnvironmentVariable("ASSAY_SCREENSHOT_DIR");
        if (!dir.isEmpty())
            grid.grab().save(dir + QStringLiteral("/review-grid.png"));
    }

    void acceptRejectIsUndoableAndQueriesFollow()
    {
        ReviewGrid grid(m_project.get(), m_project->undoStack(), ReviewModel::Scope::SqlTemplates);
        ReviewModel *m = grid.model();
        GenerationStore store(m_project->database());
        const qint64 before = store.stats().value().textQueries.value(QStringLiteral("short"));
        // Reject the first accepted template: its queries disappear from the counts.
        m->setFilter({QString(), QString(), CurationState::Accepted, QString()});
        grid.view()->selectRow(0);
        grid.rejectSelection();
        QVERIFY(store.stats().value().textQueries.value(QStringLiteral("short")) < before);
        QCOMPARE(m_project->undoStack()->undoText(), QStringLiteral("Mark 1 item(s) rejected"));
        m_project->undoStack()->undo();
        QCOMPARE(store.stats().value().textQueries.value(QStringLiteral("short")), before);
        // Bulk: accept three flagged templates, then undo.
        m->setFilter({QString(), QString(), CurationState::Review, QString()});
        const int flagged = m->rowCount();
        grid.view()->selectionModel()->select(QItemSelection(m->index(0, 0), m->index(2, 0)),
                                               QItemSelectionModel::Select | QItemSelectionModel::Rows);
        grid.acceptSelection();
        QCOMPARE(m->rowCount(), flagged - 3);
        m_project->undoStack()->undo();
        QCOMPARE(m->rowCount(), flagged);
    }

    void inlineEditsRederiveAndRefuse()
    {
        ReviewGrid grid(m_project.get(), m_project->undoStack(), ReviewModel::Scope::SqlTemplates);
        ReviewModel *m = grid.model();
        m->setFilter({QStringLiteral("SELECT budget_keur FROM projects WHERE title = '[projects.title]';"), QString(), std::nullopt, QString()});
        QCOMPARE(m->rowCount(), 1);
        const qint64 id = m->idAt(0);
        GenerationStore store(m_project->database());
        const QString budget = store.firstGroup(id).value().answer;
        // An identical SQL already exists as another template: refused.
        QVERIFY(!m->setData(m->index(0, 1), QStringLiteral("SELECT status FROM projects WHERE title = '[projects.title]';"), Qt::EditRole));
        QVERIFY(grid.inlineMessage().contains(QLatin1String("already has this SQL")));
        // Changing the target keeps the placeholders: accepted, re-measured, queries re-derived.
        const QString edited = QStringLiteral("SELECT upper(status) FROM projects WHERE title = '[projects.title]';");
        QVERIFY(m->setData(m->index(0, 1), edited, Qt::EditRole));
        QCOMPARE(store.sqlTemplate(id).value().sql, edited);
        QCOMPARE(store.sqlTemplate(id).value().state, CurationState::Accepted);
        const QStringList statuses{QStringLiteral("ACTIVE"), QStringLiteral("COMPLETED"), QStringLiteral("ON HOLD"), QStringLiteral("TENDERING")};
        QVERIFY(statuses.contains(store.firstGroup(id).value().answer));
        m_project->undoStack()->undo();
        QCOMPARE(store.firstGroup(id).value().answer, budget);
        // Changing the placeholders is refused with the reason shown.
        m->setFilter({QStringLiteral("SELECT budget_keur FROM projects WHERE title = '[projects.title]';"), QString(), std::nullopt, QString()});
        QVERIFY(!m->setData(m->index(0, 1), QStringLiteral("SELECT budget_keur FROM projects WHERE status = '[projects.status]';"), Qt::EditRole));
        QVERIFY2(grid.inlineMessage().contains(QLatin1String("changes the placeholders")), qPrintable(grid.inlineMessage()));
        // A text template that loses its placeholder is refused too.
        m->setScope(ReviewModel::Scope::TextTemplates);
        m->setFilter({});
        QVERIFY(!m->setData(m->index(0, 1), QStringLiteral("no placeholder here"), Qt::EditRole));
        QVERIFY(grid.inlineMessage().contains(QLatin1String("loses placeholder")));
    }

    void queryScopeLoadsInTheBackground()
    {
        ReviewGrid grid(m_project.get(), m_project->undoStack(), ReviewModel::Scope::Queries);
        ReviewModel *m = grid.model();
        QSignalSpy updated(m, &ReviewModel::viewUpdated);
        QTRY_VERIFY_WITH_TIMEOUT(!m->isBusy() && m->rowCount() > 0, 10000);
        const auto st = GenerationStore(m_project->database()).stats().value();
        QCOMPARE(m->rowCount(), int(st.textQueries.value(QStringLiteral("short")) + st.textQueries.value(QStringLiteral("long"))));
        grid.search()->setText(QStringLiteral("Fjellsbu"));
        QTRY_VERIFY_WITH_TIMEOUT(!m->isBusy() && m->rowCount() < st.textQueries.value(QStringLiteral("short")), 10000);
        QVERIFY(m->rowCount() > 0);
        for (int r = 0; r < m->rowCount(); ++r)
            QVERIFY(m->index(r, 1).data().toString().contains(QLatin1String("Fjellsbu"), Qt::CaseInsensitive));
        // Reject one query: it leaves the accepted counts; undo brings it back.
        const qint64 before = GenerationStore(m_project->database()).stats().value().textQueries.value(QStringLiteral("short")) +
                              GenerationStore(m_project->database()).stats().value().textQueries.value(QStringLiteral("long"));
        grid.view()->selectRow(0);
        grid.rejectSelection();
        QTRY_VERIFY_WITH_TIMEOUT(!m->isBusy(), 10000);
        auto total = [this] {
            const auto s = GenerationStore(m_project->database()).stats().value();
            return s.textQueries.value(QStringLiteral("short")) + s.textQueries.value(QStringLiteral("long"));
        };
        QCOMPARE(total(), before - 1);
        m_project->undoStack()->undo();
        QCOMPARE(total(), before);
        const QString dir = qEnvironmentVariable("ASSAY_SCREENSHOT_DIR");
        if (!dir.isEmpty()) {
            grid.resize(1200, 700);
            grid.show();
            QTRY_VERIFY_WITH_TIMEOUT(!m->isBusy(), 10000);
            grid.grab().save(dir + QStringLiteral("/review-queries.png"));
        }
    }
};

ASSAY_TEST_MAIN(TestReviewGrid)

} // namespace tst_reviewgrid
#include "tst_reviewgrid.moc"
