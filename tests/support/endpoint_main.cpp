// assay-test-endpoint: runs TestEndpoint as a process for CLI tests and benchmarks.
// Prints "port N" on stdout, serves until stdin closes. --latency MS delays every reply;
// --hang accepts connections and never answers; --always-500 answers every request with HTTP
// 500 and the same body (a broken deployment); --no-usage leaves "usage" out of chat replies; --faults SPEC [--seed N] draws faults per
// request (see TestEndpoint::parseFaultMix); --agent-script FILE plays scripted agents (see
// TestEndpoint::loadAgentScripts). A line "count" on stdin prints "requests N"; a
// line "twice" prints "twice N" (answers paid twice).
#include "testendpoint.h"

#include <QCoreApplication>
#include <QFile>
#include <QSocketNotifier>

#include <cstdio>
#include <unistd.h>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    assay::test::TestEndpoint endpoint;
    const QStringList args = app.arguments();
    const int latencyAt = int(args.indexOf(QStringLiteral("--latency")));
    if (latencyAt > 0)
        endpoint.setDefaultLatency(args.value(latencyAt + 1).toInt());
    if (args.contains(QStringLiteral("--no-usage")))
        endpoint.setOmitUsage(true);
    if (args.contains(QStringLiteral("--hang")))
        endpoint.setHangAlways(true);
    if (args.contains(QStringLiteral("--always-500"))) {
        assay::test::TestEndpoint::FaultMix mix;
        mix.server = 1.0;
        endpoint.setFaultMix(mix, 1u);
    }
    if (const int at = int(args.indexOf(QStringLiteral("--faults"))); at > 0) {
        assay::test::TestEndpoint::FaultMix mix;
        if (!assay::test::TestEndpoint::parseFaultMix(args.value(at + 1), &mix)) {
            std::fprintf(stderr, "bad --faults '%s'\n", qPrintable(args.value(at + 1)));
            return 2;
        }
        const int seedAt = int(args.indexOf(QStringLiteral("--seed")));
        endpoint.setFaultMix(mix, seedAt > 0 ? args.value(seedAt + 1).toUInt() : 1u);
    }
    if (const int at = int(args.indexOf(QStringLiteral("--agent-script"))); at > 0) {
        QFile file(args.value(at + 1));
        QString error;
        if (!file.open(QIODevice::ReadOnly) || !endpoint.loadAgentScripts(file.readAll(), &error)) {
            std::fprintf(stderr, "--agent-script %s: %s\n", qPrintable(args.value(at + 1)), qPrintable(error.isEmpty() ? file.errorString() : error));
            return 2;
        }
    }
    endpoint.addFixture(QStringLiteral("Reply with the word pong"), QStringLiteral("pong"));
    if (!endpoint.start())
        return 1;
    std::printf("port %d\n", endpoint.port());
    std::fflush(stdout);
    QSocketNotifier input(STDIN_FILENO, QSocketNotifier::Read);
    QObject::connect(&input, &QSocketNotifier::activated, &app, [&] {
        char buffer[256];
        const ssize_t n = read(STDIN_FILENO, buffer, sizeof buffer);
        if (n <= 0)
            return app.quit();
        const QByteArray command(buffer, int(n));
        if (command.contains("count"))
            std::printf("requests %d\n", endpoint.requestCount());
        if (command.contains("twice"))
            std::printf("twice %d\n", endpoint.paidTwice());
        std::fflush(stdout);
    });
    return app.exec();
}
