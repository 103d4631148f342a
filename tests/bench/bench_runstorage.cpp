// What a run costs the project file (issue 31): a 1,000,000-item retrieval-only run (keyword
// retriever, k = 5, over a 10,000-chunk corpus), executed by RunExecutor as the desktop app
// and `assay-cli run` execute it, with its storage per item (pages in use after the run minus
// before it, over the items) split into the items' copies of their queries and the results,
// and the rates at which items are written. Target: ≤ 150 bytes of results per item.
#include "project/database.h"
#include "project/project.h"
#include "project/transaction.h"
#include "retrieval/corpusstore.h"
#include "readers/pipelinespec.h"
#include "runs/runexecutor.h"
#include "runs/runstore.h"

#include "benchregistry.h"
#include "benchtargets.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTemporaryDir>

#include <cstdio>

namespace bench_runstorage {

using namespace assay;

namespace {

qint64 bytesInUse(Database &db)
{
    const qint64 pages = db.scalar(QStringLiteral("PRAGMA page_count")).value().toLongLong();
    const qint64 free = db.scalar(QStringLiteral("PRAGMA freelist_count")).value().toLongLong();
    return (pages - free) * db.scalar(QStringLiteral("PRAGMA page_size")).value().toLongLong();
}

int fail(const QString &what)
{
    std::fprintf(stderr, "%s\n", qPrintable(what));
    return 1;
}

} // namespace

int run(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int items = argc > 1 ? QString::fromLatin1(argv[1]).toInt() : 1000000;
    QTemporaryDir dir;
    auto project = Project::create(dir.filePath(QStringLiteral("runs.assay")));
    if (!project)
        return fail(project.error());
    Database &db = project.value()->database();

    // A corpus of 10,000 one-chunk documents over a vocabulary of 4,000 words.
    QRandomGenerator random(31);
    QVector<CorpusDocument> documents;
    QVector<QStringList> chunks;
    for (int d = 0; d < 10000; ++d) {
        QStringList words;
        for (int w = 0; w < 60; ++w)
            words << QStringLiteral("w%1").arg(random.bounded(4000));
        const QString text = words.join(QLatin1Char(' ')) + QLatin1Char('.');
        documents.append({QStringLiteral("doc-%1").arg(d), {}, text, QStringLiteral("{}"), QStringLiteral("bench")});
        chunks.append({text});
    }
    if (auto s = CorpusStore(db).addDocuments(documents, chunks); !s)
        return fail(s.error());

    // A query set of `items` queries (one SQL template, one text template, a group each).
    {
        Transaction tx(db);
        if (!tx.began())
            return fail(tx.beginStatus().error());
        if (auto s = db.exec(QStringLiteral(
                "INSERT INTO sql_template(id, sql, source) VALUES (1, 'SELECT status FROM sensor WHERE name = ''[sensor.name]''', 'rules');"
                "INSERT INTO text_template(id, sql_template_id, form, text, source) VALUES (1, 1, 'short', 'readings of sensor [sensor.name] near w12 w99', 'offline');"));
            !s)
            return fail(s.error());
        auto group = db.prepare(QStringLiteral("INSERT INTO query_group(id, sql_template_id, vals, answer, row_count, doc_ids) VALUES (?, 1, ?, ?, 1, ?)"));
        auto query = db.prepare(QStringLiteral("INSERT INTO query(id, group_id, text_template_id) VALUES (?, ?, 1)"));
        if (!group || !query)
            return fail(!group ? group.error() : query.error());
        for (int i = 1; i <= items; ++i) {
            group.value().reset();
            group.value().bindAll({i, QStringLiteral("[\"w%1\"]").arg(random.bounded(4000)), QStringLiteral("w%1").arg(random.bounded(4000)),
                                   QStringLiteral("[\"doc-%1\"]").arg(random.bounded(10000))});
            query.value().reset();
            query.value().bindAll({i, i});
            if (auto s = group.value().run(); !s)
                return fail(s.error());
            if (auto s = query.value().run(); !s)
                return fail(s.error());
        }
        if (auto s = tx.commit(); !s)
            return fail(s.error());
    }

    auto spec = PipelineSpec::parse(QStringLiteral("retriever=keyword,k=5,reader=none"));
    if (!spec)
        return fail(spec.error());
    const qint64 before = bytesInUse(db);
    QElapsedTimer clock;
    clock.start();
    auto run = RunStore(db).openOrCreate(QStringLiteral("million"), spec.value(), QStringLiteral("short"));
    if (!run)
        return fail(run.error());
    const double createSeconds = clock.nsecsElapsed() / 1e9;
    const qint64 created = bytesInUse(db);
    clock.restart();
    auto executed = RunExecutor::execute(db, run.value());
    if (!executed)
        return fail(executed.error());
    const double runSeconds = clock.nsecsElapsed() / 1e9;
    const qint64 after = bytesInUse(db);
    const qint64 withContext = db.scalar(QStringLiteral("SELECT count(*) FROM run_item WHERE context IS NOT NULL")).value().toLongLong();
    // Chunk ids below 16,384 take two bytes as varints: six bytes per chunk with its score.
    const double meanRefs = db.scalar(QStringLiteral("SELECT avg((length(context) - 1) / 6.0) FROM run_item WHERE context IS NOT NULL")).value().toDouble();
    const double meanBlob = db.scalar(QStringLiteral("SELECT avg(length(context)) FROM run_item WHERE context IS NOT NULL")).value().toDouble();

    const double itemsCopy = double(created - before) / items;
    const double results = double(after - created) / items;
    std::printf("run of %d items (keyword, k = 5; %lld items with a context of %.2f chunks, %.1f bytes, on average)\n", items, withContext, meanRefs, meanBlob);
    std::printf("  items created (queries copied): %.1f s, %.0f items/s, %.1f bytes per item\n", createSeconds, items / createSeconds, itemsCopy);
    std::printf("  executed (retrieval, facts, results written): %.1f s, %.0f items/s, %.1f bytes of results per item\n", runSeconds, items / runSeconds,
                results);
    std::printf("  the run in all: %.1f bytes per item (%.1f MB)\n", itemsCopy + results, (after - before) / 1048576.0);
    std::printf("  as text, its contexts would have taken about %.0f bytes per item\n",
                db.scalar(QStringLiteral("SELECT avg(length(text)) FROM chunk")).value().toDouble() * meanRefs);
    bench::BenchTargets targets;
    targets.require("every item has its context", withContext > items * 0.9);
    targets.atMost("bytes of results per item", results, 150);
    return targets.exitCode();
}

} // namespace bench_runstorage

ASSAY_BENCH(bench_runstorage)
