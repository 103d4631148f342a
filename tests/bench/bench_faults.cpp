// Faults at scale: the demo's 21,864 text queries (two forms) run through an `llm:` reader
// against the loopback endpoint (a separate process) scripted with 5% 429 + Retry-After, 2%
// 500, 1% replies that never come, 1% truncated bodies, 1% invalid JSON and 1% resets.
//   A. One run with one retry per request: it completes; every item is done or an error of
//      one of the six classes.
//   B. `run --retry-failed` executes exactly the failed items; the done items are untouched.
//   C. A fresh project and endpoint: `assay-cli run` is SIGKILLed at 5 random moments and
//      resumed each time; it ends with every item done, and each kill costs at most
//      `concurrency` answers paid twice.
// ASSAY_BENCH_SEED changes the faults and the kill moments.
#include "demo/demoproject.h"
#include "project/database.h"

#include "benchregistry.h"
#include "benchtargets.h"
#include "endpointprocess.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QMap>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QThread>

#include <nlohmann/json.hpp>

#include <cstdio>

namespace bench_faults {

using namespace assay;

namespace {

constexpr int Concurrency = 8;
const QStringList Classes{QStringLiteral("rate_limited"), QStringLiteral("server"), QStringLiteral("timeout"),
                          QStringLiteral("truncated"), QStringLiteral("invalid_json"), QStringLiteral("connection")};

QString g_config;

QProcessEnvironment cliEnvironment()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), g_config);
    env.insert(QStringLiteral("ASSAY_BENCH_KEY"), QStringLiteral("sk-bench"));
    return env;
}

struct Cli {
    int code = -1;
    QString out;
    QString err;
};

Cli cli(const QStringList &args)
{
    QProcess p;
    p.setProcessEnvironment(cliEnvironment());
    p.start(QStringLiteral(ASSAY_CLI), args);
    if (!p.waitForFinished(1800000))
        p.kill();
    p.waitForFinished();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

// The endpoint process with the fault mix.
class Endpoint : public test::EndpointProcess {
public:
    Endpoint(quint32 seed, int latencyMs)
        : test::EndpointProcess(QStringLiteral(ASSAY_TEST_ENDPOINT),
                                {QStringLiteral("--faults"), QStringLiteral("rate_limited=5,server=2,hang=1,truncated=1,invalid_json=1,reset=1"),
                                 QStringLiteral("--seed"), QString::number(seed), QStringLiteral("--latency"), QString::number(latencyMs)})
    {
    }
};

bool addProfile(const QString &name, int port, const QString &retries)
{
    const Cli c = cli({QStringLiteral("llm"), QStringLiteral("profile"), QStringLiteral("add"), name, QStringLiteral("--base-url"),
                       QStringLiteral("http://127.0.0.1:%1/v1").arg(port), QStringLiteral("--model"), QStringLiteral("m"), QStringLiteral("--key-env"),
                       QStringLiteral("ASSAY_BENCH_KEY"), QStringLiteral("--concurrency"), QString::number(Concurrency), QStringLiteral("--first-byte-timeout"),
                       QStringLiteral("2"), QStringLiteral("--retries"), retries, QStringLiteral("--breaker"), QStringLiteral("8")});
    if (c.code != 0)
        std::printf("profile add failed: %s\n", qPrintable(c.err));
    return c.code == 0;
}

struct ItemCounts {
    qint64 total = 0, done = 0, errors = 0;
    QMap<QString, qint64> byClass;
    QMap<qint64, QString> doneAnswers; // item id -> answer
    bool ok = false;
};

ItemCounts counts(const QString &project, const QString &run)
{
    ItemCounts c;
    auto db = Database::open(project, Database::Mode::ReadOnly);
    if (!db)
        return c;
    auto s = db.value().prepare(QStringLiteral("SELECT i.id, i.status, i.error_class, i.answer FROM run_item i JOIN run r ON r.id = i.run_id WHERE r.name = ?"));
    if (!s)
        return c;
    s.value().bind(1, run);
    const Status read = s.value().forEach([&](const Statement &r) {
        ++c.total;
        if (r.text(1) == QLatin1String("done")) {
            ++c.done;
            c.doneAnswers.insert(r.integer(0), r.text(3));
        } else if (r.text(1) == QLatin1String("error")) {
            ++c.errors;
            ++c.byClass[r.text(2)];
        }
    });
    c.ok = read.ok();
    return c;
}

QString classesText(const QMap<QString, qint64> &byClass)
{
    QStringList parts;
    for (auto it = byClass.begin(); it != byClass.end(); ++it)
        parts << QStringLiteral("%1 %2").arg(it.key().isEmpty() ? QStringLiteral("(none)") : it.key()).arg(it.value());
    return parts.join(QStringLiteral(", "));
}

} // namespace

int run(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    bool seeded = false;
    const quint32 seed = qEnvironmentVariable("ASSAY_BENCH_SEED").toUInt(&seeded);
    QRandomGenerator random(seeded ? seed : 11u);
    QTemporaryDir dir;
    g_config = dir.filePath(QStringLiteral("config"));
    bench::BenchTargets targets;
    const QString projectA = dir.filePath(QStringLiteral("faults.assay"));
    const QString projectC = dir.filePath(QStringLiteral("kills.assay"));
    if (auto built = DemoProject::build(projectA); !built) {
        std::printf("demo: %s\n", qPrintable(built.error()));
        return 1;
    }
    if (!QFile::copy(projectA, projectC))
        return 1;
    const QString pipeline = QStringLiteral("retriever=bm25,k=3,reader=llm:flaky");

    // A. One pass with one retry per request.
    Endpoint endpointA(seeded ? seed : 7u, 0);
    targets.require("endpoint A started", endpointA.port() > 0);
    targets.require("profile flaky", addProfile(QStringLiteral("flaky"), endpointA.port(), QStringLiteral("1")));
    QElapsedTimer clock;
    clock.start();
    const Cli runA = cli({QStringLiteral("run"), projectA, QStringLiteral("--name"), QStringLiteral("stress"), QStringLiteral("--pipeline"), pipeline});
    const double secondsA = clock.elapsed() / 1000.0;
    std::printf("A: %s", qPrintable(runA.out));
    const ItemCounts a = counts(projectA, QStringLiteral("stress"));
    // A run that ends holding failed items exits 5 (docs/llm-faults.md §6).
    targets.require("run A exits 5 with failed items, 0 without", runA.code == (a.errors > 0 ? 5 : 0));
    const int requestsA = endpointA.ask("count");
    std::printf("A: %lld items in %.1f s (%d requests): %lld done, %lld errors: %s\n", a.total, secondsA, requestsA, a.done, a.errors,
                qPrintable(classesText(a.byClass)));
    targets.require("A: at least 10,000 items", a.total >= 10000);
    targets.require("A: every item done or an error", a.ok && a.done + a.errors == a.total);
    qint64 classified = 0;
    for (const QString &k : Classes)
        classified += a.byClass.value(k);
    targets.require("A: every error has one of the six classes", classified == a.errors);
    targets.require("A: some items failed (else the faults were not injected)", a.errors > 0);

    // B. Retry exactly the failed items.
    clock.restart();
    const Cli runB = cli({QStringLiteral("run"), projectA, QStringLiteral("--name"), QStringLiteral("stress"), QStringLiteral("--pipeline"), pipeline,
                          QStringLiteral("--retry-failed")});
    const double secondsB = clock.elapsed() / 1000.0;
    std::printf("B: %s", qPrintable(runB.out));
    const ItemCounts b = counts(projectA, QStringLiteral("stress"));
    targets.require("run B exits 5 with failed items, 0 without", runB.code == (b.errors > 0 ? 5 : 0));
    const int executedB = runB.out.section(QStringLiteral("items executed"), 0, 0).section(QLatin1Char(' '), -2, -2).toInt();
    std::printf("B: %d items executed again in %.1f s; now %lld done, %lld errors: %s\n", executedB, secondsB, b.done, b.errors,
                qPrintable(classesText(b.byClass)));
    targets.require("B: executed exactly the failed items", executedB == a.errors);
    bool kept = true;
    for (auto it = a.doneAnswers.begin(); it != a.doneAnswers.end(); ++it)
        kept = kept && b.doneAnswers.value(it.key()) == it.value();
    targets.require("B: done items untouched", kept);
    targets.require("B: fewer errors than before", b.errors < a.errors);

    // C. Kills and resumes on a fresh project and endpoint (nothing cached, nothing answered);
    // the endpoint takes 20 ms a reply, so that requests are in flight at every kill.
    Endpoint endpointC((seeded ? seed : 7u) + 1, 20);
    targets.require("profile steady", addProfile(QStringLiteral("steady"), endpointC.port(), QStringLiteral("6")));
    const QStringList runArgs{QStringLiteral("run"), projectC, QStringLiteral("--name"), QStringLiteral("killed"), QStringLiteral("--pipeline"),
                              QStringLiteral("retriever=bm25,k=3,reader=llm:steady")};
    int maxTwice = 0;
    int lastTwice = 0;
    clock.restart();
    for (int kill = 1; kill <= 5; ++kill) {
        QProcess p;
        p.setProcessEnvironment(cliEnvironment());
        p.start(QStringLiteral(ASSAY_CLI), runArgs);
        const int afterMs = 1500 + int(random.bounded(4500));
        const bool finishedEarly = p.waitForFinished(afterMs);
        if (!finishedEarly) {
            p.kill(); // SIGKILL: no handler runs
            p.waitForFinished();
        }
        const int twice = endpointC.ask("twice");
        const ItemCounts c = counts(projectC, QStringLiteral("killed"));
        // The answers paid twice since the previous kill were those the previous kill lost.
        const int paid = twice - lastTwice;
        if (kill > 1)
            maxTwice = std::max(maxTwice, paid);
        lastTwice = twice;
        std::printf("C: kill %d after %d ms%s: %lld of %lld done; answers paid twice since the last kill: %d\n", kill, afterMs,
                    finishedEarly ? " (it had finished)" : "", c.done, c.total, kill > 1 ? paid : 0);
    }
    Cli last = cli(runArgs);
    const int twiceAfterLastKill = endpointC.ask("twice") - lastTwice;
    maxTwice = std::max(maxTwice, twiceAfterLastKill);
    std::printf("C: resumed to the end: %s", qPrintable(last.out));
    for (int round = 0; round < 3 && counts(projectC, QStringLiteral("killed")).errors > 0; ++round) {
        last = cli(runArgs + QStringList{QStringLiteral("--retry-failed")});
        std::printf("C: %s", qPrintable(last.out));
    }
    const ItemCounts c = counts(projectC, QStringLiteral("killed"));
    const int totalTwice = endpointC.ask("twice");
    std::printf("C: %lld of %lld items done after 5 kills in %.1f s; answers paid twice: %d in all, at most %d per kill (concurrency %d)\n", c.done,
                c.total, clock.elapsed() / 1000.0, totalTwice, maxTwice, Concurrency);
    targets.require("C: every item done", c.ok && c.done == c.total && c.total >= 10000);
    targets.atMost("C: answers paid twice per kill", maxTwice, Concurrency);
    targets.atMost("C: answers paid twice over 5 kills", totalTwice, 5 * Concurrency);
    return targets.exitCode();
}

} // namespace bench_faults

ASSAY_BENCH(bench_faults)
