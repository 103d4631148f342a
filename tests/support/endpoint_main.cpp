// assay-test-endpoint: runs TestEndpoint as a process for CLI tests and benchmarks.
// Prints "port N" on stdout, serves until stdin closes. --latency MS delays every reply;
// --hang accepts connections and never answers. A line "count" on stdin prints "requests N".
#include "testendpoint.h"

#include <QCoreApplication>
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
    if (args.contains(QStringLiteral("--hang")))
        endpoint.setHangAlways(true);
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
        if (QByteArray(buffer, int(n)).contains("count")) {
            std::printf("requests %d\n", endpoint.requestCount());
            std::fflush(stdout);
        }
    });
    return app.exec();
}
