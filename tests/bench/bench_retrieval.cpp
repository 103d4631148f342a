// Retrieval figures on a synthetic corpus of 100,000 chunks (60 words each, Zipf-distributed
// over a 30,000-word vocabulary) with long queries (35 words): FTS5 index build while
// importing, BM25 top-5 queries/s on one core, and the keyword and TF-IDF retrievers; for the
// runs' in-memory BM25 index also its build time and the memory it takes.
#include "project/project.h"
#include "retrieval/corpusimporter.h"
#include "retrieval/bm25index.h"
#include "retrieval/corpussnapshot.h"
#include "retrieval/retriever.h"
#include "retrieval/tokenizer.h"

#include "benchregistry.h"
#include "benchtargets.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>

#include <cmath>
#include <cstdio>
#include <random>

namespace bench_retrieval {

using namespace assay;

// A "VmRSS:"-style field of /proc/self/status in MB, or -1 when /proc cannot tell.
long statusMb(const QByteArray &field)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith(field))
            return line.mid(field.size()).trimmed().split(' ').value(0).toLong() / 1024;
    return -1;
}

// Starts the process's peak resident memory (VmHWM) over from the current one; false when the
// kernel does not allow it.
bool resetPeakRss()
{
    QFile clear(QStringLiteral("/proc/self/clear_refs"));
    return clear.open(QIODevice::WriteOnly) && clear.write("5") == 1;
}

int run(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    constexpr int chunks = 100000, words = 60, vocabularySize = 30000, queries = 400;
    std::mt19937 random(7);
    QStringList vocabulary;
    const char *syllables[] = {"ka", "ri", "to", "me", "lu", "sa", "no", "vi", "de", "pa", "zu", "en", "or", "il", "ba", "qu"};
    for (int i = 0; i < vocabularySize; ++i) {
        QString w;
        for (int n = i; ; n /= 16) {
            w += QLatin1String(syllables[n % 16]);
            if (n < 16)
                break;
        }
        vocabulary << w;
    }
    // Zipf(1.0) over the vocabulary by inverse-CDF sampling.
    QVector<double> cdf(vocabularySize);
    double total = 0;
    for (int i = 0; i < vocabularySize; ++i)
        cdf[i] = (total += 1.0 / (i + 1));
    std::uniform_real_distribution<double> uniform(0, total);
    auto word = [&] { return vocabulary[int(std::lower_bound(cdf.begin(), cdf.end(), uniform(random)) - cdf.begin())]; };

    QVector<CorpusImporter::Document> docs;
    docs.reserve(chunks);
    for (int c = 0; c < chunks; ++c) {
        QStringList text;
        for (int w = 0; w < words; ++w)
            text << word();
        docs.append({QStringLiteral("doc-%1").arg(c), QString(), text.join(QLatin1Char(' ')), QStringLiteral("{}"), QStringLiteral("synthetic")});
    }
    QStringList queryTexts;
    for (int q = 0; q < queries; ++q) {
        QStringList text = docs[int(random() % chunks)].text.split(QLatin1Char(' ')).mid(0, 20);
        for (int w = 0; w < 15; ++w)
            text << word();
        queryTexts << text.join(QLatin1Char(' '));
    }

    QTemporaryDir dir;
    auto project = Project::create(dir.filePath(QStringLiteral("bench.assay"))).take();
    QElapsedTimer clock;
    clock.start();
    if (!CorpusImporter::import(*project, docs, {}))
        return 1;
    std::printf("import + FTS5 index build: %d chunks in %.2f s\n", chunks, clock.nsecsElapsed() / 1e9);

    double fts5PerSecond = 0; // SQLite's own bm25(): the baseline of the runs' index
    for (const QString &name : {QStringLiteral("bm25"), QStringLiteral("keyword"), QStringLiteral("tfidf")}) {
        clock.restart();
        auto retriever = Retriever::create(name, project->database());
        if (!retriever)
            return 1;
        const double buildSeconds = clock.nsecsElapsed() / 1e9;
        clock.restart();
        int found = 0;
        const int n = name == QLatin1String("bm25") ? 20 : queries / 4; // FTS5 over long queries is slow: fewer
        for (int q = 0; q < n; ++q)
            found += int(retriever.value()->retrieve({queryTexts[q], {}}, 5).value().size());
        const double seconds = clock.nsecsElapsed() / 1e9;
        if (name == QLatin1String("bm25"))
            fts5PerSecond = n / seconds;
        std::printf("%-8s top-5, 35-word queries: %.0f queries/s (%d queries, %d hits; index ready in %.2f s)\n", qPrintable(name), n / seconds, n,
                    found, buildSeconds);
    }
    const long residentBefore = statusMb("VmRSS:");
    const bool peakReset = resetPeakRss();
    clock.restart();
    Bm25Index index(CorpusSnapshot::load(project->database()).value());
    const double indexSeconds = clock.nsecsElapsed() / 1e9;
    const long residentAfter = statusMb("VmRSS:");
    if (peakReset)
        std::printf("bm25 in-memory index (snapshot + index): built in %.2f s; resident %ld MB before, %ld MB after, peak %ld MB while building\n",
                    indexSeconds, residentBefore, residentAfter, statusMb("VmHWM:"));
    else
        std::printf("bm25 in-memory index (snapshot + index): built in %.2f s; resident %ld MB before, %ld MB after (the peak could not be reset: "
                    "process peak %ld MB)\n",
                    indexSeconds, residentBefore, residentAfter, statusMb("VmHWM:"));
    if (!index.retrieve({queryTexts.first(), {}}, 5)) // first use sizes the accumulators
        return 1;
    clock.restart();
    int found = 0;
    for (const QString &q : std::as_const(queryTexts))
        found += int(index.retrieve({q, {}}, 5).value().size());
    const double seconds = clock.nsecsElapsed() / 1e9;
    clock.restart();
    qsizetype tokens = 0;
    for (const QString &q : std::as_const(queryTexts))
        tokens += Tokenizer::tokens(q).size();
    std::printf("tokenizing the queries alone: %.0f queries/s (%lld tokens)\n", queries / (clock.nsecsElapsed() / 1e9), qlonglong(tokens));
    std::printf("bm25 in-memory index (FTS5 formula, impacts, MaxScore), used by runs: %.0f queries/s (%d queries, %d hits; index built in %.2f s)\n",
                queries / seconds, queries, found, indexSeconds);
    assay::bench::BenchTargets targets;
    targets.atLeast("bm25 top-5 queries per second on one core (the runs' index)", queries / seconds, 2000);
    targets.reference("bm25 top-5 queries per second on one core (the runs' index)", fts5PerSecond, "SQLite FTS5 bm25(), same queries, q/s");
    return targets.exitCode();
}

} // namespace bench_retrieval

ASSAY_BENCH(bench_retrieval)
