// The desktop app on a laptop screen: at 1366×768 the main window's minimum size is at most
// 1280×720 and it never grows by itself; every page fits beside the navigator without
// scrolling; on every page and tab of the evaluated demo, no visible button, check box,
// label, tab or table header shows its text cut (the text's advance in the widget's font
// against the room it has; an item elided on purpose carries its whole text in a tooltip).
// Every dialog of the app opens within 1366×768 with nothing cut either.
// A screenshot of each page, tab and dialog goes to $ASSAY_SCREENSHOT_DIR when it is set.
#include "testmain.h"
#include "itemmodels/runitemsmodel.h"
#include "analysistabs/analysispage.h"
#include "analysistabs/comparepanel.h"
#include "dialogs/projectpropertiesdialog.h"
#include "dialogs/settingsdialog.h"
#include "runlauncher.h"
#include "runspage.h"
#include <QScrollBar>
#include "dialogs/examgeneratedialog.h"
#include "dialogs/examtakedialog.h"
#include "dialogs/generatedialog.h"
#include "dialogs/importresultsdialog.h"
#include "dialogs/userguidedialog.h"
#include "mainwindow.h"
#include "projectnavigator.h"
#include "dialogs/spotcheckdialog.h"
#include "testaxes.h"
#include "testdemo.h"
#include "testrunspage.h"
#include "testsettings.h"

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QStackedWidget>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include <functional>
#include <memory>
#include <vector>

namespace tst_laptopfit {

using namespace assay;

namespace {

bool reallyVisible(const QWidget *w, const QWidget *root)
{
    return w->isVisibleTo(root) && w->width() > 0 && w->height() > 0;
}

// The widest line of `text` in `w`'s font.
int advance(const QWidget *w, const QString &text)
{
    int widest = 0;
    for (const QString &line : text.split(QLatin1Char('\n')))
        widest = std::max(widest, w->fontMetrics().horizontalAdvance(line));
    return widest;
}

// "Page/Widget: text (needs N px, has M)" for everything cut inside `root`.
QStringList clipped(QWidget *root, const QString &where)
{
    QStringList out;
    const auto say = [&](const QWidget *w, const QString &text, int needs, int has) {
        out << QStringLiteral("%1/%2 '%3': needs %4 px, has %5").arg(where, QString::fromLatin1(w->metaObject()->className()), text.left(60)).arg(needs).arg(has);
    };
    for (QAbstractButton *b : root->findChildren<QAbstractButton *>()) {
        if (!reallyVisible(b, root) || b->text().isEmpty() || qobject_cast<QToolButton *>(b))
            continue;
        // A button's size hint is its text, icon and the style's margins.
        if (b->width() < b->sizeHint().width() && b->toolTip() != b->text())
            say(b, b->text(), b->sizeHint().width(), b->width());
    }
    // Qt 6.4 draws no combining mark over a letter it cannot compose with (θ̂ shows as θ, in
    // plain and rich text alike): no visible text may rely on one.
    const auto hat = [&](const QWidget *w, const QString &text) {
        if (text.contains(QChar(0x0302)))
            out << QStringLiteral("%1/%2 '%3': its combining hat does not render").arg(where, QString::fromLatin1(w->metaObject()->className()), text.left(60));
    };
    for (QLabel *l : root->findChildren<QLabel *>())
        if (reallyVisible(l, root))
            hat(l, l->text());
    for (QHeaderView *h : root->findChildren<QHeaderView *>())
        if (reallyVisible(h, root) && h->model())
            for (int s = 0; s < h->count(); ++s)
                hat(h, h->model()->headerData(s, h->orientation(), Qt::DisplayRole).toString());
    for (QLabel *l : root->findChildren<QLabel *>()) {
        if (!reallyVisible(l, root) || l->wordWrap() || l->text().isEmpty() || l->pixmap().isNull() == false)
            continue;
        if (l->width() + 1 < l->sizeHint().width() && l->toolTip().isEmpty())
            say(l, l->text(), l->sizeHint().width(), l->width());
    }
    // A wrapped label shows every line it wraps into, or says the whole in its tooltip (the IRT
    // tab's status beside Reject dropped was cut through its second line, issue 50 item 6); one
    // inside a scroll area scrolls instead.
    const auto scrolls = [root](const QWidget *w) {
        for (const QWidget *up = w->parentWidget(); up && up != root; up = up->parentWidget())
            if (auto *area = qobject_cast<const QAbstractScrollArea *>(up->parentWidget()); area && area->viewport() == up)
                return true;
        return false;
    };
    for (QLabel *l : root->findChildren<QLabel *>()) {
        if (!reallyVisible(l, root) || !l->wordWrap() || l->text().isEmpty() || !l->toolTip().isEmpty() || scrolls(l))
            continue;
        if (const int needs = l->heightForWidth(l->width()); needs > l->height() + 2)
            out << QStringLiteral("%1/%2 '%3': needs %4 px high, has %5").arg(where, QString::fromLatin1(l->metaObject()->className()), l->text().left(60)).arg(needs).arg(l->height());
    }
    for (QTabBar *t : root->findChildren<QTabBar *>()) {
        if (!reallyVisible(t, root))
            continue;
        // Every tab shows: no tab hides behind scroll arrows (issue 50 item 6 n).
        for (const QToolButton *arrow : t->findChildren<QToolButton *>())
            if (arrow->isVisible()) {
                out << QStringLiteral("%1/QTabBar '%2'…: the tabs scroll (%3 px for %4)").arg(where, t->tabText(0)).arg(t->width()).arg(t->sizeHint().width());
                break;
            }
        for (int i = 0; i < t->count(); ++i) {
            if (!t->isTabVisible(i))
                continue;
            const int needs = advance(t, t->tabText(i).remove(QLatin1Char('&')));
            if (t->tabRect(i).width() < needs + 8 && t->tabToolTip(i).isEmpty())
                say(t, t->tabText(i), needs + 8, t->tabRect(i).width());
        }
    }
    for (QHeaderView *h : root->findChildren<QHeaderView *>()) {
        if (!reallyVisible(h, root) || !h->model() || h->orientation() != Qt::Horizontal)
            continue;
        for (int s = 0; s < h->count(); ++s) {
            if (h->isSectionHidden(s))
                continue;
            const QString text = h->model()->headerData(s, Qt::Horizontal, Qt::DisplayRole).toString();
            const QString tip = h->model()->headerData(s, Qt::Horizontal, Qt::ToolTipRole).toString();
            // Why an item waits for review shows whole, not cut at the grid's edge (issue 50 item 6 q).
            if (text == QLatin1String("Reason") && h->sectionViewportPosition(s) + h->sectionSize(s) > h->viewport()->width())
                out << QStringLiteral("%1/Reason column: ends at %2 px of %3").arg(where).arg(h->sectionViewportPosition(s) + h->sectionSize(s)).arg(h->viewport()->width());
            if (text.isEmpty() || !tip.isEmpty())
                continue;
            const int needs = advance(h, text) + 8;
            if (h->sectionSize(s) < needs)
                say(h, text, needs, h->sectionSize(s));
        }
    }
    // Category labels of a bar chart side by side: each needs no more room than its category.
    for (QChartView *view : root->findChildren<QChartView *>()) {
        if (!reallyVisible(view, root) || !view->chart())
            continue;
        // An axis title with a mark over a letter (θ̂) loses the mark: QtCharts clips it (item f).
        for (const QAbstractAxis *axis : view->chart()->axes())
            if (axis->titleText().contains(QChar(0x0302)))
                out << QStringLiteral("%1/axis title '%2': its hat is clipped").arg(where, axis->titleText());
        // Value axes read as numbers: no "800.0" for 800, no two ticks alike (issue 50 item 6 j, n).
        // A legend in a row shows each series' whole name: QtCharts elides them all to fit
        // ("whole exam (36…", issue 50's review of the Measurement error tab).
        if (QLegend *legend = view->chart()->legend(); legend && legend->isVisible() && (legend->alignment() & (Qt::AlignBottom | Qt::AlignTop))) {
            const QFontMetrics fm(legend->font());
            int needs = 0;
            QStringList names;
            for (QLegendMarker *marker : legend->markers())
                if (marker->isVisible()) {
                    needs += fm.horizontalAdvance(marker->label()) + fm.height() + 16; // the label, its colour box and the gaps
                    names << marker->label();
                }
            if (needs > view->chart()->size().width() - 20)
                out << QStringLiteral("%1/chart '%2' legend: needs %3 px, has %4 (%5)").arg(where, view->chart()->title()).arg(needs).arg(int(view->chart()->size().width()) - 20)
                           .arg(names.join(QStringLiteral(", ")).left(80));
        }
        // A vertical axis title longer than the plot is high shows as "mean information p…".
        for (const QAbstractAxis *axis : view->chart()->axes(Qt::Vertical))
            if (!axis->titleText().isEmpty() && axis->isVisible()) {
                const int needs = QFontMetrics(axis->titleFont()).horizontalAdvance(axis->titleText());
                if (needs > view->chart()->plotArea().height() + 1)
                    out << QStringLiteral("%1/axis title '%2': needs %3 px, has %4").arg(where, axis->titleText()).arg(needs).arg(int(view->chart()->plotArea().height()));
            }
        for (const QString &bad : test::badTicks(view->chart()))
            out << QStringLiteral("%1/ticks %2").arg(where, bad);
        for (QAbstractAxis *axis : view->chart()->axes(Qt::Horizontal)) {
            auto *categories = qobject_cast<QBarCategoryAxis *>(axis);
            if (!categories || categories->count() == 0)
                continue;
            const QFontMetrics fm(categories->labelsFont());
            const double spacing = view->chart()->plotArea().width() / categories->count();
            const bool upright = std::abs(categories->labelsAngle()) == 90;
            for (const QString &label : categories->categories()) {
                const QStringList lines = label.split(QStringLiteral("<br>"));
                int needs = upright ? fm.height() * int(lines.size()) : 0;
                for (const QString &line : lines)
                    if (!upright)
                        needs = std::max(needs, fm.horizontalAdvance(line));
                if (needs > spacing + 1) {
                    out << QStringLiteral("%1/chart '%2' label '%3': needs %4 px, has %5").arg(where, view->chart()->title(), label.left(40)).arg(needs).arg(int(spacing));
                    break;
                }
            }
        }
    }
    return out;
}

} // namespace

class TestLaptopFit : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_path;

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        // The evaluated demo, as `assay-cli demo` writes it (this ctest run's fixture).
        const QString out = m_dir.filePath(QStringLiteral("demo-out"));
        const QString error = test::writeDemoOut(out);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        m_path = out + QStringLiteral("/demo.assay");
    }

    void everyPageFitsALaptopScreen()
    {
        MainWindow w;
        w.resize(1366, 768);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openProject(m_path));
        // The offscreen screen is 800×800, which the window would fill: a laptop's is wider.
        w.setWindowState(Qt::WindowNoState);
        w.resize(1366, 768);
        QTest::qWait(200);
        const QSize size = w.size();
        QCOMPARE(size, QSize(1366, 768));
        auto *scroll = w.findChild<QScrollArea *>(QStringLiteral("pagesScroll"));
        QVERIFY(scroll);
        QStringList cut;
        for (int p = 0; p < ProjectNavigator::PageCount; ++p) {
            w.navigator()->setCurrentPage(ProjectNavigator::Page(p));
            QTest::qWait(400);
            QWidget *page = w.pages()->currentWidget();
            const QString name = ProjectNavigator::pageTitle(ProjectNavigator::Page(p));
            // A page fits beside the navigator without scrolling sideways or down.
            const QSize room = scroll->viewport()->size();
            if (page->minimumSizeHint().width() > room.width() || page->minimumSizeHint().height() > room.height())
                cut << QStringLiteral("%1: needs %2×%3, has %4×%5").arg(name).arg(page->minimumSizeHint().width()).arg(page->minimumSizeHint().height())
                           .arg(room.width()).arg(room.height());
            // Fitting at its minimum, the page fills the window and does not scroll (word-wrapped
            // labels once made the scroll area size it at its preferred height).
            const auto scrolls = [scroll](const QString &where) {
                const QSize in = scroll->viewport()->size(), is = scroll->widget()->size();
                return is.height() > in.height() || is.width() > in.width()
                           ? QStringList{QStringLiteral("%1: scrolls (%2×%3 in %4×%5)").arg(where).arg(is.width()).arg(is.height()).arg(in.width()).arg(in.height())}
                           : QStringList{};
            };
            // The tab widgets directly inside `in` (not those inside one of its tab widgets).
            const auto outermost = [](QWidget *in) {
                QList<QTabWidget *> out;
                for (QTabWidget *tab : in->findChildren<QTabWidget *>()) {
                    QWidget *up = tab->parentWidget();
                    while (up && up != in && !qobject_cast<QTabWidget *>(up))
                        up = up->parentWidget();
                    if (up == in)
                        out << tab;
                }
                return out;
            };
            // Every tab in turn, and the tabs inside it (the IRT tab's charts inside the Exams
            // page's IRT tab).
            std::function<void(QTabWidget *, const QString &, const QString &)> visit = [&](QTabWidget *tab, const QString &where, const QString &shot) {
                for (int t = 0; t < tab->count(); ++t) {
                    tab->setCurrentIndex(t);
                    QTest::qWait(300);
                    const QString here = QStringLiteral("%1/%2").arg(where, tab->tabText(t));
                    cut << clipped(page, here);
                    test::screenshot(&w, QStringLiteral("%1-%2").arg(shot).arg(t));
                    cut << scrolls(here);
                    for (QTabWidget *inner : outermost(tab->widget(t)))
                        if (inner->isVisibleTo(page))
                            visit(inner, here, QStringLiteral("%1-%2").arg(shot).arg(t));
                }
            };
            // A page that is itself tabs (Queries: Working set | Versions) is visited tab by tab.
            const QList<QTabWidget *> tabs = qobject_cast<QTabWidget *>(page) ? QList<QTabWidget *>{qobject_cast<QTabWidget *>(page)} : outermost(page);
            if (tabs.isEmpty()) {
                cut << clipped(page, name) << scrolls(name);
                test::screenshot(&w, QStringLiteral("fit-%1").arg(p));
            }
            for (QTabWidget *tab : tabs)
                if (tab->isVisibleTo(page))
                    visit(tab, name, QStringLiteral("fit-%1").arg(p));
            if (p == ProjectNavigator::Runs) {
                // The page keeps its height for the runs and their items; the launcher opens in a
                // window of its own (issue 77 item 3: on the page its form scrolled in five rows).
                auto *runsPage = qobject_cast<RunsPage *>(page);
                QVERIFY(runsPage);
                auto *items = page->findChild<QTableView *>(QStringLiteral("runItemsTable"));
                auto *runs = page->findChild<QTableView *>(QStringLiteral("runsTable"));
                QVERIFY(items && runs);
                if (const int rows = items->viewport()->height() / items->verticalHeader()->defaultSectionSize(); rows < 15)
                    cut << QStringLiteral("Runs: the items list shows %1 rows").arg(rows);
                if (const int rows = runs->viewport()->height() / runs->verticalHeader()->defaultSectionSize(); rows < 8)
                    cut << QStringLiteral("Runs: the runs table shows %1 rows").arg(rows);
                // A run is chosen from the start, so the list holds its items (issue 77 item 3).
                QTRY_VERIFY_WITH_TIMEOUT(items->model()->rowCount() > 0, 10000);
                // Each item's verdict in view beside its query (issue 77's review).
                {
                    const QHeaderView *h = items->horizontalHeader();
                    const int at = h->sectionViewportPosition(RunItemsModel::Verdict);
                    if (at < 0 || at + h->sectionSize(RunItemsModel::Verdict) > h->viewport()->width())
                        cut << QStringLiteral("Runs: the Verdict column is out of view (%1 + %2 of %3 px)").arg(at).arg(h->sectionSize(RunItemsModel::Verdict)).arg(h->viewport()->width());
                    if (!items->model()->index(0, RunItemsModel::Verdict).data().toString().contains(QLatin1String("correct"))
                        && !items->model()->index(0, RunItemsModel::Verdict).data().toString().contains(QLatin1String("wrong")))
                        cut << QStringLiteral("Runs: the first item's verdict says '%1'").arg(items->model()->index(0, RunItemsModel::Verdict).data().toString());
                }
                auto *newRuns = page->findChild<QPushButton *>(QStringLiteral("newRunsButton"));
                QVERIFY(newRuns && newRuns->isVisible());
                newRuns->click();
                QDialog *launch = runsPage->launchDialog();
                QVERIFY(QTest::qWaitForWindowExposed(launch));
                QTest::qWait(100);
                if (launch->width() > 1366 || launch->height() > 740)
                    cut << QStringLiteral("New Runs: %1×%2").arg(launch->width()).arg(launch->height());
                // The whole form in view (its box needs no scrolling), every retriever row of the
                // grid, and Start whole.
                QScrollArea *form = runsPage->launcher()->formPane();
                if (form->verticalScrollBar()->maximum() > 0 || form->horizontalScrollBar()->maximum() > 0)
                    cut << QStringLiteral("New Runs: the form scrolls (%1 px down, %2 px across)").arg(form->verticalScrollBar()->maximum())
                               .arg(form->horizontalScrollBar()->maximum());
                auto *grid = launch->findChild<QTableView *>(QStringLiteral("pipelineGrid"));
                QVERIFY(grid && grid->model()->rowCount() >= 4);
                if (grid->verticalScrollBar()->maximum() > 0)
                    cut << QStringLiteral("New Runs: the grid scrolls by %1 px for its %2 rows").arg(grid->verticalScrollBar()->maximum()).arg(grid->model()->rowCount());
                QPushButton *start = runsPage->launcher()->startButton();
                if (!start->isVisible() || start->visibleRegion().boundingRect().size() != start->size())
                    cut << QStringLiteral("New Runs: Start shows %1 of its %2 px height").arg(start->visibleRegion().boundingRect().height()).arg(start->height());
                cut << clipped(launch, QStringLiteral("New Runs"));
                test::screenshot(launch, QStringLiteral("fit-dialog-new-runs"));
                launch->close();
            }
            if (p == ProjectNavigator::Exams) {
                // Item, stem, key, a, b, c and the fit in view without scrolling sideways, and
                // fifteen rows (issue 77 item 3: the charts moved beside the grid).
                auto *grid = page->findChild<QTableView *>(QStringLiteral("examItemsTable"));
                QVERIFY(grid && grid->model()->rowCount() > 15);
                if (const int rows = grid->viewport()->height() / grid->verticalHeader()->defaultSectionSize(); rows < 15)
                    cut << QStringLiteral("Exams: the grid shows %1 rows").arg(rows);
                const QHeaderView *h = grid->horizontalHeader();
                for (const QString &name : {QStringLiteral("Item"), QStringLiteral("Stem"), QStringLiteral("Key"), QStringLiteral("a"), QStringLiteral("b"),
                                            QStringLiteral("c"), QStringLiteral("S-X² p adj")}) {
                    int column = -1;
                    for (int c = 0; c < grid->model()->columnCount(); ++c)
                        if (grid->model()->headerData(c, Qt::Horizontal).toString() == name)
                            column = c;
                    QVERIFY2(column >= 0, qPrintable(name));
                    if (h->sectionViewportPosition(column) < 0 || h->sectionViewportPosition(column) + h->sectionSize(column) > h->viewport()->width())
                        cut << QStringLiteral("Exams: column %1 is out of view (%2 + %3 of %4 px)").arg(name).arg(h->sectionViewportPosition(column))
                                   .arg(h->sectionSize(column)).arg(h->viewport()->width());
                }
            }
            if (p == ProjectNavigator::Corpus) {
                // Nine titles in ten show whole, with no empty Metadata column beside them (issue
                // 50's review: "Project report: N… quay wall survey").
                auto *docs = page->findChild<QTableView *>(QStringLiteral("corpusDocuments"));
                QVERIFY(docs && docs->model()->rowCount() > 0);
                const int title = 1, metadata = 4;
                QVERIFY(docs->isColumnHidden(metadata));
                int whole = 0;
                for (int r = 0; r < docs->model()->rowCount(); ++r)
                    whole += docs->fontMetrics().horizontalAdvance(docs->model()->index(r, title).data().toString()) + 12 <= docs->columnWidth(title);
                if (whole * 10 < docs->model()->rowCount() * 9)
                    cut << QStringLiteral("Corpus: %1 of %2 titles show whole (the column is %3 px)").arg(whole).arg(docs->model()->rowCount()).arg(docs->columnWidth(title));
            }
            if (p == ProjectNavigator::Analysis) {
                // The drill pane ("Click a bar segment…", the groups, the inspector) stands only
                // beside the tabs that fill it, and Workflows' figures show every column without
                // scrolling sideways (issue 50's review: the Cost column was cut).
                auto *analysis = qobject_cast<AnalysisPage *>(page);
                QVERIFY(analysis);
                QTabWidget *tabs = analysis->tabs();
                // The tab bar never moves under the mouse (issue 77 item 1): every tab stands at
                // the same place in the window whichever tab is current, with no scroll arrows.
                const auto tabPlaces = [&] {
                    QStringList places;
                    for (int i = 0; i < tabs->count(); ++i) {
                        const QRect r = tabs->tabBar()->tabRect(i);
                        places << QStringLiteral("%1@%2+%3").arg(tabs->tabText(i)).arg(tabs->tabBar()->mapTo(&w, r.topLeft()).x()).arg(r.width());
                    }
                    return places.join(QLatin1Char(' '));
                };
                QString firstPlaces;
                for (int t = 0; t < tabs->count(); ++t) {
                    tabs->setCurrentIndex(t);
                    QTest::qWait(100);
                    const QString places = tabPlaces();
                    if (t == 0)
                        firstPlaces = places;
                    else if (places != firstPlaces)
                        cut << QStringLiteral("Analysis/%1: the tabs moved (%2, on the first tab %3)").arg(tabs->tabText(t), places, firstPlaces);
                    for (QToolButton *arrow : tabs->tabBar()->findChildren<QToolButton *>())
                        if (arrow->isVisible())
                            cut << QStringLiteral("Analysis/%1: the tab bar shows scroll arrows").arg(tabs->tabText(t));
                    const bool feeds = t == 0 || t == 2 || tabs->widget(t) == analysis->comparePanel();
                    if (analysis->groupList()->isVisible() != feeds)
                        cut << QStringLiteral("Analysis/%1: the drill pane is %2").arg(tabs->tabText(t), feeds ? QStringLiteral("hidden") : QStringLiteral("shown"));
                }
                tabs->setCurrentWidget(analysis->workflowsPanel());
                QTest::qWait(200);
                auto *figures = analysis->findChild<QTableView *>(QStringLiteral("workflowFigures"));
                QVERIFY(figures);
                const QHeaderView *h = figures->horizontalHeader();
                if (const int last = h->logicalIndex(h->count() - 1); h->sectionViewportPosition(last) + h->sectionSize(last) > h->viewport()->width())
                    cut << QStringLiteral("Analysis/Workflows: the last column ends at %1 px of %2")
                               .arg(h->sectionViewportPosition(last) + h->sectionSize(last))
                               .arg(h->viewport()->width());
                // Retrieval-only runs have no workflow chart: the table shows every run instead of
                // two rows above an empty plot.
                QVERIFY(!analysis->workflowsPanel()->chartChooser()->isVisibleTo(analysis));
                if (const int rows = figures->viewport()->height() / figures->verticalHeader()->defaultSectionSize(); rows < figures->model()->rowCount())
                    cut << QStringLiteral("Analysis/Workflows: the table shows %1 of %2 runs").arg(rows).arg(figures->model()->rowCount());
            }
            QCOMPARE(w.size(), size); // the window never grows by itself
        }
        qInfo().noquote() << "minimum size" << w.minimumSizeHint() << "window" << w.size();
        QVERIFY2(w.minimumSizeHint().width() <= 1280 && w.minimumSizeHint().height() <= 720,
                 qPrintable(QStringLiteral("minimum %1×%2").arg(w.minimumSizeHint().width()).arg(w.minimumSizeHint().height())));
        cut.removeDuplicates();
        for (const QString &c : cut)
            qInfo().noquote() << "CLIPPED" << c;
        QVERIFY2(cut.isEmpty(), qPrintable(QStringLiteral("%1 cut: %2").arg(cut.size()).arg(cut.mid(0, 12).join(QLatin1String("; ")))));
    }

    void everyDialogFitsALaptopScreen()
    {
        MainWindow w;
        w.resize(1366, 768);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openProject(m_path));
        const QStringList forms{QStringLiteral("short"), QStringLiteral("long")}, profiles{QStringLiteral("local-llm")};
        std::vector<std::pair<QString, std::unique_ptr<QDialog>>> dialogs;
        dialogs.emplace_back(QStringLiteral("settings"), std::make_unique<SettingsDialog>(&w));
        dialogs.emplace_back(QStringLiteral("project-properties"), std::make_unique<ProjectPropertiesDialog>(w.project(), &w));
        dialogs.emplace_back(QStringLiteral("generate-sql"), std::make_unique<GenerateDialog>(GenerateDialog::Step::SqlTemplates, forms, profiles, &w));
        dialogs.emplace_back(QStringLiteral("generate-text"), std::make_unique<GenerateDialog>(GenerateDialog::Step::TextTemplates, forms, profiles, &w));
        dialogs.emplace_back(QStringLiteral("build-queries"), std::make_unique<GenerateDialog>(GenerateDialog::Step::Queries, forms, profiles, &w));
        dialogs.emplace_back(QStringLiteral("exam-generate"), std::make_unique<ExamGenerateDialog>(forms, profiles, QStringLiteral("exam-2"), &w));
        dialogs.emplace_back(QStringLiteral("exam-take"), std::make_unique<ExamTakeDialog>(QStringLiteral("demo-exam"), profiles, true, QString(), &w));
        dialogs.emplace_back(QStringLiteral("import-results"), std::make_unique<ImportResultsDialog>(forms, &w));
        dialogs.emplace_back(QStringLiteral("user-guide"), std::make_unique<UserGuideDialog>(&w));
        GroundLink drawn;
        drawn.groupId = 3523;
        drawn.docId = QStringLiteral("client-c09");
        drawn.values = QStringLiteral("[\"telecommunications\",\"2019-10-07\"]");
        drawn.answer = QStringLiteral("Greyfen mast foundations");
        drawn.sql = QStringLiteral("SELECT a.title FROM projects a JOIN clients x ON a.client_id = x.client_id JOIN employees y ON a.lead_id = y.employee_id "
                                   "WHERE x.industry = '[clients.industry]' AND y.hire_date = '[employees.hire_date]';");
        drawn.evidence = QStringLiteral("Quillmoor's work for Greyfen Telecom includes Greyfen mast foundations, a telecommunications project started on "
                                        "7 October 2019 with piling under three masts on the peat north of the harbour, and a survey of the access track.");
        dialogs.emplace_back(QStringLiteral("spot-check"), std::make_unique<SpotCheckDialog>(QStringLiteral("0.40"), QVector<GroundLink>{drawn, drawn}, &w));
        QStringList cut;
        for (auto &[name, dialog] : dialogs) {
            dialog->show();
            QVERIFY(QTest::qWaitForWindowExposed(dialog.get()));
            QTest::qWait(100);
            if (dialog->width() > 1366 || dialog->height() > 768 || dialog->minimumSizeHint().width() > 1366 || dialog->minimumSizeHint().height() > 720)
                cut << QStringLiteral("%1: %2×%3 (minimum %4×%5)").arg(name).arg(dialog->width()).arg(dialog->height())
                           .arg(dialog->minimumSizeHint().width()).arg(dialog->minimumSizeHint().height());
            cut << clipped(dialog.get(), name);
            test::screenshot(dialog.get(), QStringLiteral("fit-dialog-%1").arg(name));
            dialog->close();
        }
        for (const QString &c : cut)
            qInfo().noquote() << "CLIPPED" << c;
        QVERIFY2(cut.isEmpty(), qPrintable(QStringLiteral("%1 cut: %2").arg(cut.size()).arg(cut.mid(0, 12).join(QLatin1String("; ")))));
    }
};

ASSAY_TEST_MAIN(TestLaptopFit)

} // namespace tst_laptopfit
#include "tst_laptopfit.moc"
