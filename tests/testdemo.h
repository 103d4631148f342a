#pragma once
// The bundled demo project in a test's temporary folder. Under ctest the suites copy the
// fixtures built once per run (tests/CMakeLists.txt: fixture_demo_project, fixture_demo_out,
// found through ASSAY_FIXTURES_DIR); a suite run by hand builds its own.
#include "demo/demoproject.h"
#include "project/project.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>

#include <memory>

namespace assay::test {

// The folder of this ctest run's fixtures, or empty when the suite runs on its own.
inline QString fixturesDir()
{
    return qEnvironmentVariable("ASSAY_FIXTURES_DIR");
}

// The demo project as DemoProject::build writes it, at path (which must not exist).
inline bool writeDemoProject(const QString &path)
{
    const QString fixture = fixturesDir().isEmpty() ? QString() : QDir(fixturesDir()).filePath(QStringLiteral("demo.assay"));
    if (!fixture.isEmpty() && QFileInfo::exists(fixture))
        return QFile::copy(fixture, path);
    return DemoProject::build(path).ok();
}

inline std::unique_ptr<Project> openDemoProject(const QTemporaryDir &dir, const QString &name = QStringLiteral("demo.assay"))
{
    const QString path = dir.filePath(name);
    if (!writeDemoProject(path))
        return nullptr;
    auto project = Project::open(path);
    return project ? project.take() : nullptr;
}

// What `assay-cli demo --out out` writes (the evaluated demo project, its documents, report and
// plots), copied from this run's fixture or, on its own, made by running the CLI. Returns an
// error message, empty on success.
inline QString writeDemoOut(const QString &out)
{
    const QString fixture = fixturesDir().isEmpty() ? QString() : QDir(fixturesDir()).filePath(QStringLiteral("demo-out"));
    if (fixture.isEmpty() || !QFileInfo::exists(fixture + QStringLiteral("/demo.assay"))) {
        QProcess demo;
        demo.start(QStringLiteral(ASSAY_CLI), {QStringLiteral("demo"), QStringLiteral("--out"), out});
        if (!demo.waitForFinished(900000))
            return QStringLiteral("assay-cli demo did not finish");
        return demo.exitStatus() == QProcess::NormalExit && demo.exitCode() == 0 ? QString() : QString::fromUtf8(demo.readAllStandardError());
    }
    QDirIterator it(fixture, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString from = it.next();
        if (from.endsWith(QLatin1String("-wal")) || from.endsWith(QLatin1String("-shm")))
            return QStringLiteral("the demo fixture is open elsewhere: ") + from;
        const QString to = QDir(out).filePath(QDir(fixture).relativeFilePath(from));
        if (!QDir().mkpath(QFileInfo(to).absolutePath()) || !QFile::copy(from, to))
            return QStringLiteral("cannot copy %1 to %2").arg(from, to);
    }
    return QString();
}

} // namespace assay::test
