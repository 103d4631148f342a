#pragma once
// The bundled demo project in a test's temporary folder. Under ctest the suites copy the
// fixtures built once per run (tests/CMakeLists.txt: fixture_demo_project, fixture_demo_out,
// found through ASSAY_FIXTURES_DIR); a suite run by hand builds its own.
#include "demo/demoproject.h"
#include "project/project.h"
#include "runs/runresultstore.h"
#include "runs/runstore.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <memory>

#include <nlohmann/json.hpp>

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

// Every run's contexts as the analyses read them (ids and text per item), hashed in the order
// and the form the version-13 project's rows give: run name, item key, the ids as stored JSON,
// the text with its line breaks written as \n.
inline QString contextsDigest(const QString &path)
{
    auto project = Project::open(path);
    if (!project)
        return project.error();
    auto runs = RunStore(project.value()->database()).runs();
    if (!runs)
        return runs.error();
    QList<QByteArray> lines;
    for (const RunSummary &run : runs.value()) {
        auto items = RunResultStore(project.value()->database()).executed(run.id);
        if (!items)
            return items.error();
        const QByteArray name = run.name.toUtf8();
        for (const StoredRunItem &it : items.value()) {
            nlohmann::json ids = nlohmann::json::array();
            for (const QString &id : it.retrievedIds)
                ids.push_back(id.toStdString());
            // Written as UTF-8 straight away (the contexts are most of a 68 MB project): a line
            // break is one byte in UTF-8 and never part of another character's bytes.
            QByteArray line = name + '\t' + it.key.toUtf8() + '\t' + QByteArray::fromStdString(ids.dump()) + '\t';
            line += it.retrievedText.toUtf8().replace('\n', "\\n");
            line += '\n';
            lines << line;
        }
    }
    std::sort(lines.begin(), lines.end());
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QByteArray &line : std::as_const(lines))
        hash.addData(line);
    return QString::fromLatin1(hash.result().toHex());
}


// What contextsDigest gives for the demo as `assay-cli demo` builds it (tst_cli checks the
// fixture, tst_projectkills a demo built over an older one).
inline QString demoContextsDigest()
{
    return QStringLiteral("b574b9f9a7bb5df611fb2a62a0e997eb4304c65ec4e2b559ac9493e6ca41a0f3");
}

} // namespace assay::test
