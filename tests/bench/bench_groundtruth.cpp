// Ground truth at scale (issue 49): 100,000 semantic groups — one SQL template over a table of
// 100,000 items — and 100,000 documents, one per item, whose ids are the items' ids. Reports
// the truth by document keys (target: 5 s) and the automatic proposals over the same groups
// (target: 10 s), also in the join paths' worst case, each with groups per second, and checks
// that the keys ground every group.
#include "grounding/autolinker.h"
#include "grounding/keytruth.h"
#include "project/project.h"
#include "retrieval/corpusimporter.h"
#include "schema/knowledgeimporter.h"
#include "generation/sqltemplateintake.h"

#include "benchregistry.h"
#include "benchtargets.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <cstdio>

namespace bench_groundtruth {

using namespace assay;

int run(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    bench::BenchTargets targets;
    constexpr int items = 100000;
    QTemporaryDir dir;
    auto project = Project::create(dir.filePath(QStringLiteral("bench.assay"))).take();
    ImportedSchema schema;
    schema.origin = QStringLiteral("synthetic");
    ImportedTable t;
    t.name = QStringLiteral("items");
    t.origin = QStringLiteral("synthetic");
    t.columns = {{QStringLiteral("item_id"), QStringLiteral("INTEGER"), true, {}, {}, {}, false},
                 {QStringLiteral("name"), QStringLiteral("TEXT"), false, {}, {}, {}, false},
                 {QStringLiteral("city"), QStringLiteral("TEXT"), false, {}, {}, {}, false}};
    static const char *cities[] = {"Bergen", "Porto", "Tallinn", "Ghent", "Valletta", "Cork", "Riga", "Vilnius"};
    QVector<CorpusDocument> documents;
    for (int i = 1; i <= items; ++i) {
        const QString name = QStringLiteral("Item number %1").arg(i), city = QString::fromLatin1(cities[i % 8]);
        t.rows.append({i, name, city});
        documents.append({QString::number(i), name, QStringLiteral("%1 is made in %2. It ships in boxes of %3.").arg(name, city).arg(i % 50 + 3), QStringLiteral("{}"), {}});
    }
    schema.tables = {t};
    targets.require("knowledge imported", KnowledgeImporter::import(*project, schema, {}).ok());
    targets.require("template filled in", SqlTemplateIntake(*project).add({QStringLiteral("SELECT city FROM items WHERE name = '[items.name]';")}, QStringLiteral("user")).ok());
    targets.require("documents imported", CorpusImporter::import(*project, documents, {}).ok());

    QElapsedTimer clock;
    clock.start();
    auto keyed = KeyTruth::compute(*project, {{QStringLiteral("items"), QStringLiteral("item_id"), DocumentKey::Match::Id}});
    const double keySeconds = clock.nsecsElapsed() / 1e9;
    targets.require("truth by keys computed", keyed.ok());
    if (keyed) {
        std::printf("truth by keys: %lld of %lld groups grounded in %.2f s (%.0f groups/s)\n", keyed.value().grounded, keyed.value().groups, keySeconds,
                    keyed.value().groups / keySeconds);
        targets.require("every group grounded by its key", keyed.value().grounded == items);
    }
    targets.atMost("truth by keys for 100,000 groups (s)", keySeconds, 5.0);
    targets.reference("truth by keys for 100,000 groups (s)", assay::bench::calibrationSeconds(), "calibration work, s");

    clock.restart();
    auto proposed = AutoLinker::propose(*project, {});
    const double proposeSeconds = clock.nsecsElapsed() / 1e9;
    targets.require("proposals made", proposed.ok());
    if (proposed)
        std::printf("proposals: %lld groups searched, %lld linked, %lld links in %.2f s (%.0f groups/s)\n", proposed.value().groupsSearched,
                    proposed.value().groupsLinked, qint64(proposed.value().links.size()), proposeSeconds, proposed.value().groupsSearched / proposeSeconds);
    targets.atMost("proposals over 100,000 groups (s)", proposeSeconds, 10.0);
    targets.reference("proposals over 100,000 groups (s)", assay::bench::calibrationSeconds(), "calibration work, s");

    // The worst case of the join-path search (docs/METHODS.md §1.6.6): with the bar above
    // every confidence, no group has a link at the bar, so every group's join path is read
    // and its candidates confirmed too.
    clock.restart();
    AutoLinker::Options everyPath;
    everyPath.minConfidence = 1.01;
    auto pathed = AutoLinker::propose(*project, everyPath);
    const double pathSeconds = clock.nsecsElapsed() / 1e9;
    targets.require("proposals along every join path made", pathed.ok());
    if (pathed) {
        std::printf("proposals with every join path read: %lld groups searched, %lld linked, %lld links in %.2f s (%.0f groups/s)\n", pathed.value().groupsSearched,
                    pathed.value().groupsLinked, qint64(pathed.value().links.size()), pathSeconds, pathed.value().groupsSearched / pathSeconds);
        targets.require("join paths searched", pathed.value().joinPathsSkipped.isEmpty());
    }
    targets.atMost("proposals over 100,000 groups, every join path read (s)", pathSeconds, 10.0);
    targets.reference("proposals over 100,000 groups, every join path read (s)", assay::bench::calibrationSeconds(), "calibration work, s");
    return targets.exitCode();
}

} // namespace bench_groundtruth

ASSAY_BENCH(bench_groundtruth)
