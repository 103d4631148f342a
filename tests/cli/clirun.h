#pragma once
// assay-cli run as a user runs it, for the CLI tests: a real process, its exit code, stdout and
// stderr, with its settings in a folder of the test's own.
#include <QElapsedTimer>
#include <QProcess>
#include <cstdio>
#include <QStringList>
#include <QTemporaryDir>

namespace {
struct CliOutcome {
    int code = -1;
    QString out;
    QString err;
};

// Settings of the CLI processes go to a folder of the test's own.
inline QTemporaryDir &configDir()
{
    static QTemporaryDir dir;
    return dir;
}

inline CliOutcome runCli(const QStringList &args, const QString &workdir = {})
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), configDir().path());
    env.insert(QStringLiteral("ASSAY_CLI_TEST_KEY"), QStringLiteral("sk-cli-SECRET-98765"));
    p.setProcessEnvironment(env);
    if (!workdir.isEmpty())
        p.setWorkingDirectory(workdir);
    QElapsedTimer clock;
    clock.start();
    p.start(QStringLiteral(ASSAY_CLI), args);
    if (!p.waitForFinished(300000))
        return {};
    if (qEnvironmentVariableIsSet("ASSAY_TEST_TIME_CLI"))
        std::fprintf(stderr, "cli %6lld ms: %s\n", static_cast<long long>(clock.elapsed()), qPrintable(args.mid(0, 3).join(QLatin1Char(' '))));
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}
} // namespace
