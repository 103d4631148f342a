// Issue 52's import target: 1,000,000 rows read from a local PostgreSQL (started here in a
// temporary folder, tests/testservers.h) and written into a project in at most 60 s, with
// progress. The table is the sales fact table of bench_fillin1m's shape (7 columns: integer
// keys, year, month, a text channel, a real amount) beside a 20,000-row stores table it
// refers to. Printed: catalog + rows read (rows/s), the project write, the total, the
// progress reports and the peak RSS. MariaDB's figure is printed beside it (no target).
// Then the link target: the rule generator (enumeration and fill-in of every template) on the
// linked schema — the rows left on the server — takes at most twice its time on the imported
// copy, on each server.
#include "generation/ruleenumerator.h"
#include "generation/sqltemplateintake.h"
#include "project/project.h"
#include "schema/knowledgebase.h"
#include "schema/serverpasswords.h"
#include "schema/knowledgeimporter.h"
#include "schema/serverschemareader.h"
#include "testservers.h"

#include "benchregistry.h"
#include "benchtargets.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>

namespace bench_serverimport {

using namespace assay;

namespace {

// Creates the tables on the server with its own SQL (generate_series / seq_1_to_N).
QString fill(test::TestServer &server)
{
    if (!server.createDatabase(QStringLiteral("sales")))
        return QStringLiteral("cannot create the database");
    const bool pg = server.dialect() == ServerLocation::Dialect::Postgres;
    QString problem;
    {
        QSqlDatabase d = server.connect(QStringLiteral("sales"), QStringLiteral("fill"));
        QSqlQuery q(d);
        const QStringList statements = pg
            ? QStringList{QStringLiteral("CREATE TABLE stores (store_id integer PRIMARY KEY, name text, city text)"),
                          QStringLiteral("INSERT INTO stores SELECT i, 'Store ' || i, 'City ' || (i % 2000) FROM generate_series(1, 20000) AS i"),
                          QStringLiteral("CREATE TABLE sales (sale_id integer PRIMARY KEY, store_id integer REFERENCES stores, product_id integer, "
                                         "year integer, month integer, channel text, amount double precision)"),
                          QStringLiteral("INSERT INTO sales SELECT i, 1 + (i::bigint * 7919) % 20000, 1 + (i::bigint * 104729) % 50000, 2000 + i % 25, 1 + i % 12, "
                                         "(ARRAY['shop', 'web', 'phone', 'partner'])[1 + i % 4], (i % 100000) / 100.0 FROM generate_series(1, 1000000) AS i"),
                          QStringLiteral("ANALYZE")}
            : QStringList{QStringLiteral("CREATE TABLE stores (store_id int PRIMARY KEY, name varchar(40), city varchar(40))"),
                          QStringLiteral("INSERT INTO stores SELECT seq, concat('Store ', seq), concat('City ', seq % 2000) FROM seq_1_to_20000"),
                          QStringLiteral("CREATE TABLE sales (sale_id int PRIMARY KEY, store_id int, product_id int, year int, month int, channel varchar(10), "
                                         "amount double, FOREIGN KEY (store_id) REFERENCES stores (store_id))"),
                          QStringLiteral("INSERT INTO sales SELECT seq, 1 + (seq * 7919) % 20000, 1 + (seq * 104729) % 50000, 2000 + seq % 25, 1 + seq % 12, "
                                         "ELT(1 + seq % 4, 'shop', 'web', 'phone', 'partner'), (seq % 100000) / 100.0 FROM seq_1_to_1000000")};
        for (const QString &sql : statements)
            if (problem.isEmpty() && !q.exec(sql))
                problem = sql.left(40) + QStringLiteral(": ") + q.lastError().text();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("fill"));
    return problem;
}

// The rule generator on a project: templates enumerated and filled in; returns seconds, or -1.
double generate(Project &project, const char *name, bench::BenchTargets &targets)
{
    QElapsedTimer clock;
    clock.start();
    const QStringList sqls = RuleEnumerator::enumerate(*project.service<KnowledgeBase>());
    auto report = SqlTemplateIntake(project).add(sqls, QStringLiteral("rules"));
    const double seconds = clock.elapsed() / 1000.0;
    targets.require(qPrintable(QStringLiteral("%1: the rule generator runs (%2)").arg(QLatin1String(name), report ? QString() : report.error())), report.ok());
    if (!report)
        return -1;
    std::printf("%s: rule generator %.1f s: %lld templates, %d accepted, %d for review, %d rejected, %lld groups; peak RSS %ld MB\n", name, seconds,
                qlonglong(sqls.size()), report.value().accepted, report.value().review, report.value().rejected, qlonglong(report.value().groups),
                bench::peakRssMb());
    std::fflush(stdout);
    return seconds;
}

// The rule generator linked and imported: the ratio (linked / imported), or -1.
double linkedAgainstImported(test::TestServer &server, Project &imported, const char *name, bench::BenchTargets &targets)
{
    QTemporaryDir dir;
    const ServerLocation location = server.location(QStringLiteral("sales"));
    auto structure = ServerSchemaReader::read(location, {}, {}, false);
    auto project = Project::create(dir.filePath(QStringLiteral("linked.assay")));
    targets.require("the linked project is made", structure.ok() && project.ok());
    if (!structure || !project)
        return -1;
    KnowledgeImporter::Options options;
    options.linkPath = location.uri();
    ServerPasswords::remember(location);
    targets.require("the server is linked", KnowledgeImporter::import(*project.value(), structure.value(), options).ok());
    const double copy = generate(imported, qPrintable(QStringLiteral("%1 imported").arg(QLatin1String(name))), targets);
    const double linked = generate(*project.value(), qPrintable(QStringLiteral("%1 linked").arg(QLatin1String(name))), targets);
    if (copy <= 0 || linked <= 0)
        return -1;
    std::printf("%s: linked / imported = %.2f\n", name, linked / copy);
    return linked / copy;
}

// Reads and imports; returns the total seconds, or -1. The project stays for the generation.
double importOnce(test::TestServer &server, const char *name, bench::BenchTargets &targets, QTemporaryDir &dir, std::unique_ptr<Project> *out)
{
    QElapsedTimer clock;
    clock.start();
    int reports = 0;
    qint64 lastDone = -1;
    auto schema = ServerSchemaReader::read(server.location(QStringLiteral("sales")), {}, [&](qint64 done, qint64, const QString &) {
        ++reports;
        lastDone = done;
        return true;
    });
    const double readS = clock.elapsed() / 1000.0;
    targets.require("the server's tables are read", schema.ok());
    if (!schema) {
        std::printf("%s\n", qPrintable(schema.error()));
        return -1;
    }
    auto project = Project::create(dir.filePath(QStringLiteral("sales.assay")));
    targets.require("the project is created", project.ok());
    if (!project)
        return -1;
    QElapsedTimer write;
    write.start();
    auto report = KnowledgeImporter::import(*project.value(), schema.value(), {});
    targets.require("the rows are written into the project", report.ok());
    const double writeS = write.elapsed() / 1000.0, total = clock.elapsed() / 1000.0;
    std::printf("%s: read %lld rows in %.1f s (%.0f rows/s, %d progress reports, last at %lld rows), written in %.1f s; total %.1f s; peak RSS %ld MB\n",
                name, report ? report.value().rows : 0LL, readS, 1'020'000 / readS, reports, lastDone, writeS, total, bench::peakRssMb());
    std::fflush(stdout);
    targets.require("every row arrives", report && report.value().rows == 1'020'000);
    *out = project.take();
    return total;
}

} // namespace

int run(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    bench::BenchTargets targets;
    test::PostgresServer postgres;
    const QString problem = postgres.start();
    targets.require(qPrintable(QStringLiteral("PostgreSQL starts (%1)").arg(problem)), problem.isEmpty());
    if (!problem.isEmpty())
        return targets.exitCode();
    QElapsedTimer clock;
    clock.start();
    const QString filled = fill(postgres);
    targets.require(qPrintable(QStringLiteral("PostgreSQL is filled (%1)").arg(filled)), filled.isEmpty());
    std::printf("PostgreSQL: 1,020,000 rows made in %.1f s\n", clock.elapsed() / 1000.0);
    QTemporaryDir dir;
    std::unique_ptr<Project> imported;
    if (filled.isEmpty()) {
        const double total = importOnce(postgres, "PostgreSQL", targets, dir, &imported);
        targets.atMost("PostgreSQL import of 1M rows (s)", total < 0 ? 1e9 : total, 60);
        if (imported) {
            const double ratio = linkedAgainstImported(postgres, *imported, "PostgreSQL", targets);
            targets.atMost("PostgreSQL rule generator, linked / imported", ratio < 0 ? 1e9 : ratio, 2.0);
        }
    }
    test::MariaDbServer mariadb;
    mariadb.setBufferPool(QStringLiteral("1G")); // the sales table fits, as on a server sized for it
    if (mariadb.start().isEmpty() && fill(mariadb).isEmpty()) {
        QTemporaryDir mariaDir; // outlives the project, which removes its lock file first
        std::unique_ptr<Project> copy;
        importOnce(mariadb, "MariaDB", targets, mariaDir, &copy);
        if (copy) {
            const double ratio = linkedAgainstImported(mariadb, *copy, "MariaDB", targets);
            targets.atMost("MariaDB rule generator, linked / imported", ratio < 0 ? 1e9 : ratio, 2.0);
        }
    }
    return targets.exitCode();
}

} // namespace bench_serverimport

ASSAY_BENCH(bench_serverimport)
