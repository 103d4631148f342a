// Knowledge-schema figures: CSV parse + typed import into a project (rows/s), materialising
// the read-only knowledge connection (ms), and parameterised point queries through it (q/s).
#include "project/project.h"
#include "schema/csvschemareader.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgeconnection.h"
#include "schema/knowledgeimporter.h"

#include "benchregistry.h"
#include "benchtargets.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>

#include <cstdio>

namespace bench_knowledge {

using namespace assay;

int run(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    constexpr int rows = 50000;
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("csv"));
    QDir().mkpath(csv);
    {
        QFile f(csv + QStringLiteral("/items.csv"));
        if (!f.open(QIODevice::WriteOnly))
            return 1;
        f.write("item_id,name,price,added,note\n");
        for (int i = 1; i <= rows; ++i)
            f.write(QStringLiteral("%1,Item %1,%2,2024-%3-%4,\"note, with comma %1\"\n")
                        .arg(i).arg(i * 0.25).arg(1 + i % 12, 2, 10, QLatin1Char('0')).arg(1 + i % 28, 2, 10, QLatin1Char('0'))
                        .toUtf8());
    }
    auto project = Project::create(dir.filePath(QStringLiteral("bench.assay")));
    QElapsedTimer clock;
    clock.start();
    auto schema = CsvSchemaReader::readFolder(csv);
    const double parseMs = clock.nsecsElapsed() / 1e6;
    clock.restart();
    auto report = KnowledgeImporter::import(*project.value(), schema.value(), {});
    const double importMs = clock.nsecsElapsed() / 1e6;
    if (!report) {
        std::fprintf(stderr, "%s\n", qPrintable(report.error()));
        return 1;
    }
    clock.restart();
    auto conn = KnowledgeConnection::open(*project.value()->service<KnowledgeBase>());
    const double materialiseMs = clock.nsecsElapsed() / 1e6;
    if (!conn)
        return 1;
    constexpr int queries = 20000;
    clock.restart();
    for (int i = 0; i < queries; ++i) {
        auto r = conn.value().query(QStringLiteral("SELECT price FROM items WHERE name = ?"),
                                    {QStringLiteral("Item %1").arg(1 + (i * 7919) % rows)});
        if (!r || r.value().rows.size() != 1)
            return 1;
    }
    const double qps = queries / (clock.nsecsElapsed() / 1e9);
    std::printf("csv parse + type inference: %d rows in %.0f ms (%.0f rows/s)\n", rows, parseMs, rows / parseMs * 1000);
    std::printf("import into project (one transaction): %.0f ms (%.0f rows/s)\n", importMs, rows / importMs * 1000);
    std::printf("materialise read-only knowledge connection: %.0f ms for %d rows\n", materialiseMs, rows);
    std::printf("point queries on a text condition column (indexed at materialisation): %.0f queries/s\n", qps);
    // Issue 3 set no figures; these catch a regression to the unindexed or row-by-row paths.
    assay::bench::BenchTargets targets;
    targets.atLeast("import rows per second", rows / importMs * 1000, 50000);
    targets.atMost("materialise 50,000 rows, ms", materialiseMs, 2000);
    targets.atLeast("indexed point queries per second", qps, 20000);
    return targets.exitCode();
}

} // namespace bench_knowledge

ASSAY_BENCH(bench_knowledge)
