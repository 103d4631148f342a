// Set-based against per-combination fill-in (issue 18) on the table: employees(emp_id,
// name, city, year, dept), 50,000 rows, 500 cities × 100 years × 300 departments. Prints the
// time to materialise the knowledge table, the fill-in of the 3-placeholder template
// (city, year, dept: 15 million combinations, about 50,000 that exist) set-based, the
// per-combination engine's rate (measured on the 2-placeholder template it can finish) and
// its extrapolated time for the 3-placeholder one, and `import grammar` of that template end
// to end (validation, fill-in, groups persisted). Targets: fill-in ≤ 0.5 s, import ≤ 1.5 s,
// ≥ 100× the per-combination engine.
#include "generation/fillinengine.h"
#include "generation/grammarimport.h"
#include "project/project.h"
#include "schema/knowledgeconnection.h"
#include "schema/knowledgeimporter.h"

#include "benchregistry.h"
#include "benchtargets.h"
#include "schema/knowledgebase.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>

#include <cstdio>

namespace bench_setfillin {

using namespace assay;

int run(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    bench::BenchTargets targets;
    QTemporaryDir dir;
    auto created = Project::create(dir.filePath(QStringLiteral("employees.assay")));
    targets.require("creating the project", created.ok());
    if (!created)
        return targets.exitCode();
    auto project = created.take();

    ImportedTable t;
    t.name = QStringLiteral("employees");
    t.origin = QStringLiteral("synthetic");
    t.columns = {{QStringLiteral("emp_id"), QStringLiteral("INTEGER"), true, {}, {}, {}, false},
                 {QStringLiteral("name"), QStringLiteral("TEXT"), false, {}, {}, {}, false},
                 {QStringLiteral("city"), QStringLiteral("TEXT"), false, {}, {}, {}, false},
                 {QStringLiteral("year"), QStringLiteral("INTEGER"), false, {}, {}, {}, false},
                 {QStringLiteral("dept"), QStringLiteral("TEXT"), false, {}, {}, {}, false}};
    QRandomGenerator rng(18);
    for (int i = 1; i <= 50000; ++i)
        t.rows.append({i, QStringLiteral("Employee %1").arg(i), QStringLiteral("City %1").arg(rng.bounded(500)), 1925 + int(rng.bounded(100)),
                       QStringLiteral("Dept %1").arg(rng.bounded(300))});
    ImportedSchema schema;
    schema.origin = QStringLiteral("synthetic");
    schema.tables = {t};
    QElapsedTimer clock;
    clock.start();
    const bool imported = KnowledgeImporter::import(*project, schema, {}).ok();
    const double materialise = clock.nsecsElapsed() / 1e9;
    targets.require("materialising the knowledge table", imported);
    std::printf("knowledge table of 50,000 rows materialised in %.3f s\n", materialise);

    auto connection = KnowledgeConnection::open(*project->service<KnowledgeBase>());
    targets.require("opening the knowledge connection", connection.ok());
    if (!connection)
        return targets.exitCode();
    const SqlTemplate three(QStringLiteral("SELECT name FROM employees WHERE city = '[employees.city]' AND year = '[employees.year]' AND dept = '[employees.dept]';"));
    const SqlTemplate two(QStringLiteral("SELECT name FROM employees WHERE city = '[employees.city]' AND year = '[employees.year]';"));

    FillInEngine engine(connection.value());
    clock.restart();
    auto set = engine.run(three);
    const double setSeconds = clock.nsecsElapsed() / 1e9;
    targets.require("set-based fill-in", set.ok() && set.value().setBased);
    if (!set)
        return targets.exitCode();
    std::printf("set-based, 3 placeholders: %lld groups of %lld combinations in %.3f s (%.0f groups/s), singular rate %.4f\n",
                qint64(set.value().groups.size()), set.value().combinations, setSeconds, set.value().groups.size() / setSeconds, set.value().singularRate);

    // The per-combination engine on the template it can finish (500 × 100 combinations).
    FillInEngine perEngine(connection.value());
    perEngine.setCombinationBudget(std::numeric_limits<qint64>::max());
    clock.restart();
    auto per = perEngine.run(two, {}, FillInEngine::Path::PerCombination);
    const double perSeconds = clock.nsecsElapsed() / 1e9;
    clock.restart();
    auto setTwo = engine.run(two);
    const double setTwoSeconds = clock.nsecsElapsed() / 1e9;
    targets.require("per-combination fill-in", per.ok() && setTwo.ok());
    if (!per || !setTwo)
        return targets.exitCode();
    targets.require("both paths give the same groups", per.value().groups.size() == setTwo.value().groups.size()
                                                           && per.value().singularRate == setTwo.value().singularRate);
    const double rate = per.value().combinations / perSeconds;
    const double extrapolated = set.value().combinations / rate;
    std::printf("per-combination, 2 placeholders: %lld combinations in %.3f s (%.0f combinations/s); set-based: %.3f s (%.0f×)\n",
                per.value().combinations, perSeconds, rate, setTwoSeconds, perSeconds / setTwoSeconds);
    std::printf("per-combination, 3 placeholders: %lld combinations, extrapolated %.0f s; set-based %.3f s (%.0f×)\n", set.value().combinations,
                extrapolated, setSeconds, extrapolated / setSeconds);

    // import grammar of the 3-placeholder template, end to end.
    const QString json = dir.filePath(QStringLiteral("sql_templates.json"));
    QFile f(json);
    targets.require("writing the GRAMMAR file", f.open(QIODevice::WriteOnly));
    f.write(QByteArray("{\"('employees',)\": [\"") + three.sql().toUtf8() + "\"]}");
    f.close();
    clock.restart();
    auto grammar = GrammarImport::run(*project, json, {});
    const double importSeconds = clock.nsecsElapsed() / 1e9;
    targets.require("import grammar", grammar.ok());
    if (grammar)
        std::printf("import grammar of the 3-placeholder template: %lld groups stored in %.3f s\n", grammar.value().sql.groups, importSeconds);

    targets.atMost("set-based fill-in of the 3-placeholder template, s", setSeconds, 0.5);
    targets.atMost("import grammar end to end, s", importSeconds, 1.5);
    targets.atLeast("speed-up over the per-combination engine (3 placeholders)", extrapolated / setSeconds, 100);
    return targets.exitCode();
}

} // namespace bench_setfillin

ASSAY_BENCH(bench_setfillin)
