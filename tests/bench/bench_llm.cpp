// LLM client figures against the local test endpoint (a separate process replying at once):
// requests/s at concurrency 64, p50/p99 latency from send (queueing included), and client
// CPU per request.
#include "llm/llmclient.h"

#include "benchregistry.h"
#include "benchtargets.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QProcess>

#include <algorithm>
#include <cstdio>
#include <sys/resource.h>

namespace bench_llm {

using namespace assay;

static double cpuMs()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1000.0 + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1000.0;
}

int run(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QProcess endpoint;
    endpoint.start(QStringLiteral(ASSAY_TEST_ENDPOINT), {});
    if (!endpoint.waitForReadyRead(10000))
        return 1;
    const int port = QString::fromLatin1(endpoint.readLine()).section(QLatin1Char(' '), 1).trimmed().toInt();
    LlmProfile p;
    p.name = QStringLiteral("bench");
    p.baseUrl = QStringLiteral("http://127.0.0.1:%1/v1").arg(port);
    p.model = QStringLiteral("m");
    p.concurrency = 64;
    LlmClient client(p);
    constexpr int n = 10000;
    QVector<qint64> latency;
    latency.reserve(n);
    int failed = 0;
    QEventLoop loop;
    const double cpu0 = cpuMs();
    QElapsedTimer clock;
    clock.start();
    for (int i = 0; i < n; ++i)
        client.send(LlmClient::chat({}, QStringLiteral("bench %1").arg(i), 0, 8), [&](const LlmResult &r) {
            latency << r.latencyMs;
            failed += !r.ok;
            if (latency.size() == n)
                loop.quit();
        });
    loop.exec();
    const double seconds = clock.nsecsElapsed() / 1e9;
    std::sort(latency.begin(), latency.end());
    std::printf("llm client at concurrency 64: %d requests in %.2f s = %.0f requests/s (%d failed)\n", n, seconds, n / seconds, failed);
    const double cpuPerRequest = (cpuMs() - cpu0) / n;
    std::printf("latency from send: p50 %lld ms, p99 %lld ms; client CPU %.3f ms per request\n", latency[n / 2],
                latency[n * 99 / 100], cpuPerRequest);
    endpoint.closeWriteChannel();
    endpoint.waitForFinished(5000);
    assay::bench::BenchTargets targets;
    targets.require("every request answered", failed == 0);
    targets.atLeast("requests per second at concurrency 64", n / seconds, 2000);
    targets.atMost("client CPU per request, ms", cpuPerRequest, 0.5);
    const double calibration = assay::bench::calibrationSeconds();
    targets.reference("requests per second at concurrency 64", 1 / calibration, "calibration work, runs/s");
    targets.reference("client CPU per request, ms", calibration, "calibration work, s");
    return targets.exitCode();
}

} // namespace bench_llm

ASSAY_BENCH(bench_llm)
