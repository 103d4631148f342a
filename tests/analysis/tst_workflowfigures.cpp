// R-Eval's comparison figures and charts on hand-made outcomes with hand-computed values:
// task levels from SQL templates and their precedence, F1 / accuracy / halted / cost per
// correct answer overall and per level, a radar per workflow (axes = levels, "all" added when
// there are fewer than three), time against F1 coloured by workflow, the taxonomy by level.
#include "testmain.h"
#include "analysis/workflowcharts.h"
#include "analysis/workflowfigures.h"
#include "itemmodels/workflowfiguresmodel.h"
#include "runs/tasklevels.h"

#include <QtTest>

#include <nlohmann/json.hpp>

namespace tst_workflowfigures {

using namespace assay;

namespace {

Outcome outcome(const QString &level, const QString &answer, const QString &gold, std::optional<int> verdict, double cost = 0, double ms = 10, bool halted = false)
{
    Outcome o;
    o.level = level;
    o.answer = answer;
    o.gold = gold;
    o.verdict = verdict;
    o.cost = cost;
    o.latencyMs = ms;
    o.halted = halted;
    return o;
}

RunAnalysis analysis(const QString &run, const QString &reader, const QVector<Outcome> &outcomes)
{
    RunAnalysis a;
    a.run = run;
    a.pipeline = QStringLiteral("retriever=bm25,k=3,reader=%1").arg(reader);
    a.retriever = QStringLiteral("bm25");
    a.k = 3;
    a.reader = reader;
    a.querySet = QStringLiteral("short");
    a.judge = QStringLiteral("contains");
    a.outcomes = outcomes;
    a.workflow = WorkflowFigures::compute(reader, outcomes);
    return a;
}

} // namespace

class TestWorkflowFigures : public QObject {
    Q_OBJECT

private slots:
    void levelsOfTemplates_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("level");
        QTest::newRow("lookup") << "SELECT city FROM offices WHERE country = '[offices.country]'" << "KS";
        QTest::newRow("join") << "SELECT e.name FROM employees e JOIN offices o ON o.id = e.office_id WHERE o.city = 'x'" << "KA";
        QTest::newRow("left join") << "SELECT a FROM t LEFT OUTER JOIN u ON t.x = u.x" << "KA";
        QTest::newRow("comma join") << "SELECT a FROM t, u WHERE t.x = u.x" << "KA";
        QTest::newRow("aliased comma join") << "SELECT a FROM t AS a1, u WHERE a1.x = u.x" << "KA";
        QTest::newRow("count") << "SELECT count(*) FROM offices WHERE country = 'x'" << "KA";
        QTest::newRow("group by") << "SELECT country FROM offices GROUP BY country" << "KA";
        QTest::newRow("a column named joined") << "SELECT joined_at FROM employees WHERE name = 'x'" << "KS";
        QTest::newRow("a value with a comma") << "SELECT city FROM offices WHERE name = 'a, b'" << "KS";
    }
    void levelsOfTemplates()
    {
        QFETCH(QString, sql);
        QFETCH(QString, level);
        QCOMPARE(TaskLevels::ofSql(sql), level);
    }

    void orderedLevels()
    {
        QCOMPARE(TaskLevels::ordered({QStringLiteral("custom"), QStringLiteral("KA"), QStringLiteral("KS"), QStringLiteral("KA"), QStringLiteral("alpha")}),
                 (QStringList{QStringLiteral("KS"), QStringLiteral("KA"), QStringLiteral("alpha"), QStringLiteral("custom")}));
        QCOMPARE(TaskLevels::describe(QStringLiteral("KU")), QStringLiteral("Knowledge understanding (KU)"));
    }

    void figuresOverallAndPerLevel()
    {
        // KS: F1 1 and 0.5 ("new york" vs "york"), one correct of two judged; KA: F1 0, one
        // judged wrong, one unjudged and halted; no level: F1 1, correct.
        const QVector<Outcome> outcomes{outcome(QStringLiteral("KS"), QStringLiteral("Oslo"), QStringLiteral("Oslo"), 1, 0.02, 100),
                                        outcome(QStringLiteral("KS"), QStringLiteral("York"), QStringLiteral("New York"), 0, 0.02, 200),
                                        outcome(QStringLiteral("KA"), QStringLiteral("12"), QStringLiteral("7"), 0, 0.03, 300),
                                        outcome(QStringLiteral("KA"), QString(), QStringLiteral("3"), std::nullopt, 0.05, 400, true),
                                        outcome(QString(), QStringLiteral("Bergen"), QStringLiteral("Bergen"), 1, 0.02, 500)};
        const WorkflowFigures w = WorkflowFigures::compute(QStringLiteral("react:gpt"), outcomes);
        QCOMPARE(w.workflow, QStringLiteral("react"));
        QCOMPARE(w.llm, QStringLiteral("gpt"));
        QCOMPARE(w.all.n, qint64(5));
        QCOMPARE(w.all.meanF1, (1.0 + 2.0 / 3.0 + 0 + 0 + 1.0) / 5.0);
        QCOMPARE(w.all.judged, qint64(4));
        QCOMPARE(w.all.correct, qint64(2));
        QCOMPARE(*w.all.accuracy, 0.5);
        QCOMPARE(w.levelNames(), (QStringList{QStringLiteral("KS"), QStringLiteral("KA")}));
        QCOMPARE(w.levels.value(QStringLiteral("KS")).meanF1, (1.0 + 2.0 / 3.0) / 2.0);
        QCOMPARE(*w.levels.value(QStringLiteral("KS")).accuracy, 0.5);
        QCOMPARE(w.levels.value(QStringLiteral("KA")).meanF1, 0.0);
        QCOMPARE(*w.levels.value(QStringLiteral("KA")).accuracy, 0.0);
        QCOMPARE(w.levels.value(QStringLiteral("KA")).taxonomy.counts.value(QStringLiteral("TE")), qint64(1)); // halted, no error
        QCOMPARE(w.halted, qint64(1));
        QVERIFY(qAbs(w.cost - 0.14) < 1e-12);
        QVERIFY(qAbs(*w.costPerCorrect - 0.07) < 1e-12);
        QCOMPARE(w.meanLatencyMs, 300.0);
        const auto json = w.toJson();
        QCOMPARE(json["levels"]["KA"]["n"].get<int>(), 2);
        QVERIFY(json["levels"]["KA"]["accuracy"].get<double>() == 0.0);
        // Nothing correct: no cost per correct answer, not a division by zero.
        const WorkflowFigures none = WorkflowFigures::compute(QStringLiteral("pal:gpt"), {outcome(QStringLiteral("KS"), QStringLiteral("x"), QStringLiteral("y"), 0, 0.1)});
        QVERIFY(!none.costPerCorrect);
        QCOMPARE(WorkflowFigures::compute(QString(), {}).workflow, QStringLiteral("imported"));
        QCOMPARE(WorkflowFigures::compute(QStringLiteral("none"), {}).workflow, QStringLiteral("none"));
    }

    void unknownUsageIsUnknownNotFree()
    {
        // Two answers whose replies carried no token usage: the run's tokens, cost and cost per
        // correct answer are unknown (null, counted), never $0 — in the figures, their JSON, the
        // Workflows table and the cost chart.
        QVector<Outcome> outcomes{outcome(QStringLiteral("KS"), QStringLiteral("Oslo"), QStringLiteral("Oslo"), 1, 0.02),
                                  outcome(QStringLiteral("KS"), QStringLiteral("Bergen"), QStringLiteral("Bergen"), 1, 0),
                                  outcome(QStringLiteral("KS"), QStringLiteral("Rome"), QStringLiteral("Paris"), 0, 0)};
        outcomes[1].usageUnknown = outcomes[2].usageUnknown = true;
        const RunAnalysis a = analysis(QStringLiteral("bare"), QStringLiteral("llm:bare"), outcomes);
        QCOMPARE(a.workflow.usageUnknown, qint64(2));
        QVERIFY(!a.workflow.usageKnown());
        QVERIFY(!a.workflow.costPerCorrect);
        const auto json = a.workflow.toJson();
        QVERIFY(json["cost"].is_null() && json["tokens"].is_null() && json["cost_per_correct"].is_null());
        QCOMPARE(json["usage_unknown"].get<int>(), 2);
        QVERIFY(qAbs(json["cost_reported"].get<double>() - 0.02) < 1e-12);
        WorkflowFiguresModel model;
        model.setAnalyses({a});
        QStringList cells, tips;
        for (int c = 0; c < model.columnCount(); ++c) {
            cells << model.data(model.index(0, c), Qt::DisplayRole).toString();
            tips << model.data(model.index(0, c), Qt::ToolTipRole).toString();
        }
        QVERIFY2(!cells.join(QLatin1Char('|')).contains(QLatin1Char('$')), qPrintable(cells.join(QLatin1Char('|'))));
        QCOMPARE(cells.count(QStringLiteral("unknown")), 2);
        QVERIFY(tips.join(QLatin1Char(' ')).contains(QLatin1String("2 of this run's answers came without token usage")));
        const ChartData cost = WorkflowCharts::costPerCorrect({a});
        QVERIFY(std::isnan(cost.series[0].values[0]));
        QVERIFY2(cost.subtitle.contains(QLatin1String("bare: cost unknown (2 replies without token usage)")), qPrintable(cost.subtitle));
    }

    void chartsPerWorkflow()
    {
        const QVector<Outcome> ks{outcome(QStringLiteral("KS"), QStringLiteral("Oslo"), QStringLiteral("Oslo"), 1, 0.01, 50)};
        const QVector<Outcome> both{outcome(QStringLiteral("KS"), QStringLiteral("Oslo"), QStringLiteral("Oslo"), 1, 0.01, 50),
                                    outcome(QStringLiteral("KA"), QStringLiteral("no"), QStringLiteral("7"), 0, 0.01, 150)};
        const QVector<RunAnalysis> runs{analysis(QStringLiteral("r1"), QStringLiteral("react:a"), both), analysis(QStringLiteral("r2"), QStringLiteral("react:b"), ks),
                                        analysis(QStringLiteral("f1"), QStringLiteral("fc:a"), both), analysis(QStringLiteral("n"), QStringLiteral("none"), ks)};
        QCOMPARE(WorkflowCharts::workflows(runs), (QStringList{QStringLiteral("react"), QStringLiteral("fc")}));
        const ChartData react = WorkflowCharts::radar(runs, QStringLiteral("react"));
        QCOMPARE(react.id, QStringLiteral("radar-react"));
        QCOMPARE(react.categories, (QStringList{QStringLiteral("KS"), QStringLiteral("KA"), QStringLiteral("all")})); // two levels: "all" added
        QCOMPARE(react.series.size(), 2);
        QCOMPARE(react.series[0].values, (QVector<double>{1.0, 0.0, 0.5}));
        QCOMPARE(react.series[1].values, (QVector<double>{1.0, 0.0, 1.0})); // r2 has no KA item
        const ChartData time = WorkflowCharts::timeVsF1(runs);
        QCOMPARE(time.series.size(), 4);
        QCOMPARE(time.series[0].x, (QVector<double>{100.0}));
        QCOMPARE(time.series[0].color, time.series[1].color); // same workflow, same colour
        QVERIFY(time.series[0].color != time.series[2].color);
        QCOMPARE(time.series[0].marker, time.series[2].marker); // same LLM, same marker
        const ChartData cost = WorkflowCharts::costPerCorrect(runs);
        QCOMPARE(cost.series[0].values.size(), 4);
        QVERIFY(qAbs(cost.series[0].values[0] - 0.02) < 1e-12);
        const ChartData byLevel = WorkflowCharts::errorTypesByLevel(runs);
        // The retrieval-only run "n" has no response types (docs/METHODS.md §6.1): no bars, and
        // the subtitle says so.
        QCOMPARE(byLevel.categories.size(), 2 + 1 + 2);
        QVERIFY2(byLevel.subtitle.contains(QStringLiteral("n/a for retrieval-only runs (no model answered): n")), qPrintable(byLevel.subtitle));
        QCOMPARE(QSet<QString>(byLevel.categories.begin(), byLevel.categories.end()).size(), byLevel.categories.size()); // an axis merges equal labels
        // Two runs with the same workflow, LLM and query set are told apart by name.
        const ChartData twins = WorkflowCharts::costPerCorrect({analysis(QStringLiteral("a"), QStringLiteral("react:x"), ks), analysis(QStringLiteral("b"), QStringLiteral("react:x"), ks)});
        QCOMPARE(twins.categories, (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
        for (int i = 0; i < byLevel.categories.size(); ++i) {
            double sum = 0;
            for (const ChartSeries &s : byLevel.series)
                sum += s.values[i];
            QCOMPARE(sum, 1.0);
        }
        QStringList ids;
        for (const ChartData &c : WorkflowCharts::all(runs))
            ids << c.id;
        QCOMPARE(ids, (QStringList{QStringLiteral("radar-react"), QStringLiteral("radar-fc"), QStringLiteral("time-vs-f1"), QStringLiteral("cost-per-correct"),
                                   QStringLiteral("error-types-by-level")}));
        // Retrieval-only runs without levels or costs: no workflow chart at all.
        QVERIFY(WorkflowCharts::all({analysis(QStringLiteral("n"), QStringLiteral("none"), {outcome(QString(), QStringLiteral("a"), QStringLiteral("a"), 1)})}).isEmpty());
    }
};

ASSAY_TEST_GUILESS_MAIN(TestWorkflowFigures)

} // namespace tst_workflowfigures
#include "tst_workflowfigures.moc"
