// Agentic readers' client overhead: 1,000 ReAct items of 5 steps each (search, lookup,
// list_tables, sql, finish) on the demo project against the loopback endpoint (a separate
// process with a scripted agent, replying at once), then the same run again answered
// entirely from the project's LLM cache: no HTTP at all, so its CPU per item is the
// workflow's own overhead (prompt building, parsing, tools, traces, storing).
// Target (issue 19): overhead per item ≤ 0.5 ms + 0.2 ms per step.
#include "demo/demoproject.h"
#include "llm/llmprofilestore.h"
#include "project/project.h"
#include "readers/pipelinespec.h"
#include "runs/runexecutor.h"
#include "runs/runstore.h"

#include "benchregistry.h"
#include "benchtargets.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <cstdio>
#include <sys/resource.h>

namespace bench_agents {

using namespace assay;

namespace {

double cpuMs()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1000.0 + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1000.0;
}

constexpr int Items = 1000;
constexpr int Steps = 5;

struct Figures {
    double seconds = 0;
    double cpuPerItemMs = 0;
    qint64 executed = 0;
    qint64 errors = 0;
    qint64 fiveSteps = 0;
};

Figures runOnce(Project &project, const QString &name, const PipelineSpec &spec)
{
    Figures f;
    RunStore store(project.database());
    auto id = store.openOrCreate(name, spec, QStringLiteral("short"));
    if (!id || !project.database().exec(QStringLiteral("DELETE FROM run_item WHERE run_id = %1 AND id NOT IN "
                                                       "(SELECT id FROM run_item WHERE run_id = %1 ORDER BY id LIMIT %2)").arg(id.value()).arg(Items)))
        return f;
    const double cpu0 = cpuMs();
    QElapsedTimer clock;
    clock.start();
    auto report = RunExecutor::execute(project.database(), id.value());
    f.seconds = clock.nsecsElapsed() / 1e9;
    f.cpuPerItemMs = (cpuMs() - cpu0) / Items;
    if (!report) {
        std::printf("run failed: %s\n", qPrintable(report.error()));
        return f;
    }
    f.executed = report.value().executed;
    f.errors = report.value().errors;
    auto steps = project.database().scalar(QStringLiteral("SELECT count(*) FROM run_item WHERE run_id = %1 AND json_array_length(trace, '$.steps') = %2 "
                                                         "AND answer = 'six'").arg(id.value()).arg(Steps));
    f.fiveSteps = steps ? steps.value().toLongLong() : -1;
    return f;
}

} // namespace

int run(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTemporaryDir dir;
    QCoreApplication::setOrganizationName(QStringLiteral("AssayBench"));
    QCoreApplication::setApplicationName(QStringLiteral("bench-agents"));
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
    const QString script = dir.filePath(QStringLiteral("agent.json"));
    {
        QFile f(script);
        if (!f.open(QIODevice::WriteOnly))
            return 1;
        f.write(R"({"": [
            {"turn": 0, "content": "Thought: search first.\nAction: Search[office city country]"},
            {"turn": 1, "content": "Thought: look it up.\nAction: Lookup[office]"},
            {"turn": 2, "content": "Thought: the tables.\nAction: List_tables[]"},
            {"turn": 3, "content": "Thought: count them.\nAction: Sql[SELECT count(*) FROM offices]"},
            {"turn": 4, "content": "Thought: done.\nAction: Finish[six]"}]})");
    }
    QProcess endpoint;
    endpoint.start(QStringLiteral(ASSAY_TEST_ENDPOINT), {QStringLiteral("--agent-script"), script});
    if (!endpoint.waitForReadyRead(10000)) {
        std::printf("the endpoint did not start: %s\n", endpoint.readAllStandardError().constData());
        return 1;
    }
    const int port = QString::fromLatin1(endpoint.readLine()).section(QLatin1Char(' '), 1).trimmed().toInt();
    LlmProfile p;
    p.name = QStringLiteral("bench");
    p.baseUrl = QStringLiteral("http://127.0.0.1:%1/v1").arg(port);
    p.model = QStringLiteral("m");
    p.concurrency = 32;
    if (auto saved = LlmProfileStore::save(p); !saved) {
        std::printf("profile: %s\n", qPrintable(saved.error()));
        return 1;
    }
    const QString path = dir.filePath(QStringLiteral("bench.assay"));
    if (auto built = DemoProject::build(path); !built) {
        std::printf("demo: %s\n", qPrintable(built.error()));
        return 1;
    }
    auto project = Project::open(path);
    if (!project)
        return 1;
    const PipelineSpec spec = PipelineSpec::parse(QStringLiteral("retriever=bm25,k=3,reader=react:bench")).value();
    const Figures live = runOnce(*project.value(), QStringLiteral("live"), spec);
    std::printf("react, %d items x %d steps against the loopback endpoint (concurrency 32): %.2f s wall, %.3f ms client CPU per item "
                "(HTTP included), %lld executed, %lld errors, %lld with the 5-step trace\n",
                Items, Steps, live.seconds, live.cpuPerItemMs, live.executed, live.errors, live.fiveSteps);
    const Figures cached = runOnce(*project.value(), QStringLiteral("cached"), spec);
    std::printf("react, the same %d items answered from the LLM cache (no HTTP): %.2f s wall, %.3f ms CPU per item = %.3f ms per step\n", Items,
                cached.seconds, cached.cpuPerItemMs, cached.cpuPerItemMs / Steps);
    endpoint.closeWriteChannel();
    endpoint.waitForFinished(5000);
    assay::bench::BenchTargets targets;
    targets.require("every live item finished with its 5 steps", live.executed == Items && live.errors == 0 && live.fiveSteps == Items);
    targets.require("every cached item finished with its 5 steps", cached.executed == Items && cached.errors == 0 && cached.fiveSteps == Items);
    targets.atMost("workflow overhead per item (cached rerun), ms", cached.cpuPerItemMs, 0.5 + 0.2 * Steps);
    targets.atMost("1,000 ReAct items x 5 steps, live, s", live.seconds, 30);
    return targets.exitCode();
}

} // namespace bench_agents

ASSAY_BENCH(bench_agents)
