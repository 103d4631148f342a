// GRAMMAR-Gen fill-in figures on a synthetic knowledge base built to yield 1,000,000 text
// queries: 50,000 items × 20 text templates (10 short, 10 long). Reports the fill-in of the
// SQL template (semantic groups/s), text queries built in memory (queries/s) and text
// queries persisted to the project (queries/s), plus peak RSS.
#include "generation/generationstore.h"
#include "generation/queryindex.h"
#include "generation/semanticgroup.h"
#include "generation/sqltemplate.h"
#include "generation/sqltemplateintake.h"
#include "generation/textpattern.h"
#include "generation/texttemplateintake.h"
#include "project/project.h"
#include "schema/knowledgeimporter.h"

#include "benchregistry.h"
#include "benchtargets.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>

#include <cstdio>

namespace bench_fillin {

using namespace assay;

static long peakRssKb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLong();
    return -1;
}

int run(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    constexpr int items = 50000, perForm = 10;
    QTemporaryDir dir;
    auto project = Project::create(dir.filePath(QStringLiteral("bench.assay"))).take();
    ImportedSchema schema;
    schema.origin = QStringLiteral("synthetic");
    ImportedTable t;
    t.name = QStringLiteral("items");
    t.origin = QStringLiteral("synthetic");
    t.columns = {{QStringLiteral("item_id"), QStringLiteral("INTEGER"), true, {}, {}, {}, false},
                 {QStringLiteral("name"), QStringLiteral("TEXT"), false, {}, {}, {}, false},
                 {QStringLiteral("price"), QStringLiteral("REAL"), false, {}, {}, {}, false}};
    for (int i = 1; i <= items; ++i)
        t.rows.append({i, QStringLiteral("Item number %1").arg(i), i * 0.5});
    schema.tables = {t};
    if (!KnowledgeImporter::import(*project, schema, {}))
        return 1;

    QElapsedTimer clock;
    clock.start();
    auto report = SqlTemplateIntake(*project).add({QStringLiteral("SELECT price FROM items WHERE name = '[items.name]';")}, QStringLiteral("user"));
    const double fillMs = clock.nsecsElapsed() / 1e6;
    if (!report || report.value().groups != items)
        return 1;
    GenerationStore store(project->database());
    const qint64 sqlId = store.sqlTemplates().value().constFirst().id;
    QStringList shortTexts, longTexts;
    for (int k = 0; k < perForm; ++k) {
        shortTexts << QStringLiteral("price %1 of '[items.name]'").arg(k);
        longTexts << QStringLiteral("I would like to know, for the purposes of report number %1 that our team is preparing this "
                                    "week, what the current price of the item called '[items.name]' is according to the catalogue.").arg(k);
    }
    TextTemplateIntake intake(*project);
    if (!intake.add(sqlId, QStringLiteral("short"), shortTexts, QStringLiteral("user")) || !intake.add(sqlId, QStringLiteral("long"), longTexts, QStringLiteral("user")))
        return 1;

    // In memory: every text query of every group and text template.
    const QVector<SemanticGroup> groups = store.groups(sqlId).value();
    const SqlTemplate sqlTemplate(store.sqlTemplates().value().constFirst().sql);
    QVector<QStringList> values;
    values.reserve(groups.size());
    for (const SemanticGroup &g : groups)
        values << g.valueTexts();
    clock.restart();
    qint64 built = 0, chars = 0;
    for (const TextTemplateRecord &tt : store.textTemplates(sqlId).value()) {
        const TextPattern pattern(tt.text, sqlTemplate.placeholders());
        for (const QStringList &v : values) {
            const QString q = pattern.fill(v);
            chars += q.size();
            ++built;
        }
    }
    const double memorySeconds = clock.nsecsElapsed() / 1e9;

    clock.restart();
    auto persisted = store.rebuildQueries(false);
    const double persistSeconds = clock.nsecsElapsed() / 1e9;
    if (!persisted)
        return 1;

    // The review grid's model over the same million queries: open (load + first view) and a
    // text filter, as the grid does them on its worker thread.
    clock.restart();
    auto index = QueryIndex::load(project->path());
    if (!index)
        return 1;
    const QVector<int> all = index.value()->select({});
    const double openSeconds = clock.nsecsElapsed() / 1e9;
    clock.restart();
    QueryIndex::Criteria filter;
    filter.text = QStringLiteral("ITEM NUMBER 4242'");
    const QVector<int> hits = index.value()->select(filter);
    const double filterSeconds = clock.nsecsElapsed() / 1e9;
    clock.restart();
    QueryIndex::Criteria byAnswer;
    byAnswer.sortColumn = QueryIndex::AnswerColumn;
    index.value()->select(byAnswer);
    const double sortSeconds = clock.nsecsElapsed() / 1e9;

    std::printf("fill-in: %d semantic groups measured in %.0f ms (%.0f groups/s)\n", items, fillMs, items / fillMs * 1000);
    std::printf("text queries built in memory: %lld in %.3f s (%.0f queries/s, %lld chars)\n", built, memorySeconds,
                built / memorySeconds, chars);
    std::printf("text queries persisted to the project: %lld in %.2f s (%.0f queries/s)\n", persisted.value(), persistSeconds,
                persisted.value() / persistSeconds);
    std::printf("review grid: open %d queries in %.3f s; text filter in %.3f s (%d hits); sort by answer in %.3f s\n",
                int(all.size()), openSeconds, filterSeconds, int(hits.size()), sortSeconds);
    std::printf("peak RSS: %ld MB\n", peakRssKb() / 1024);
    assay::bench::BenchTargets targets;
    targets.atLeast("text queries built in memory per second", built / memorySeconds, 1e6);
    targets.atLeast("text queries persisted per second", persisted.value() / persistSeconds, 3e5);
    targets.atMost("review grid text filter, s", filterSeconds, 0.3);
    const double calibration = assay::bench::calibrationSeconds();
    targets.reference("text queries built in memory per second", 1 / calibration, "calibration work, runs/s");
    targets.reference("text queries persisted per second", 1 / calibration, "calibration work, runs/s");
    targets.reference("review grid text filter, s", calibration, "calibration work, s");
    targets.atMost("peak RSS, MB", double(peakRssKb()) / 1024, 600);
    return targets.exitCode();
}

} // namespace bench_fillin

ASSAY_BENCH(bench_fillin)
