// assay-test-endpoint: runs TestEndpoint as a process for CLI tests and benchmarks.
// Prints "port N" on stdout, serves until stdin closes. --latency MS delays every reply.
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
    endpoint.addFixture(QStringLiteral("Reply with the word pong"), QStringLiteral("pong"));
    if (!endpoint.start())
        return 1;
    std::printf("port %d\n", endpoint.port());
    std::fflush(stdout);
    QSocketNotifier input(STDIN_FILENO, QSocketNotifier::Read);
    QObject::connect(&input, &QSocketNotifier::activated, &app, [&] {
        char buffer[256];
        if (read(STDIN_FILENO, buffer, sizeof buffer) <= 0)
            app.quit();
    });
    return app.exec();
}
