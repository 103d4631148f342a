// assay-test-fixture PATH: writes the demo project (DemoProject::build) at PATH for the suites of
// one ctest run to copy (tests/testdemo.h). It is built beside PATH under a temporary name and
// renamed over it, so a suite never copies a half-written fixture.
#include "demo/demoproject.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <cstdio>

using namespace assay;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc != 2) {
        std::fprintf(stderr, "usage: assay-test-fixture PATH\n");
        return 2;
    }
    const QFileInfo target(QString::fromLocal8Bit(argv[1]));
    if (!QDir().mkpath(target.absolutePath())) {
        std::fprintf(stderr, "cannot create %s\n", qPrintable(target.absolutePath()));
        return 1;
    }
    QTemporaryDir building(target.absolutePath() + QStringLiteral("/.building-XXXXXX"));
    if (!building.isValid()) {
        std::fprintf(stderr, "cannot create a folder in %s\n", qPrintable(target.absolutePath()));
        return 1;
    }
    const QString built = building.filePath(target.fileName());
    if (const Status s = DemoProject::build(built); !s) {
        std::fprintf(stderr, "building the demo project failed: %s\n", qPrintable(s.error()));
        return 1;
    }
    // The project is closed: its write-ahead log is checkpointed and gone, one file to move.
    if (QFileInfo::exists(built + QStringLiteral("-wal"))) {
        std::fprintf(stderr, "the closed demo project left a write-ahead log: not a fixture to copy\n");
        return 1;
    }
    if (std::rename(QFile::encodeName(built).constData(), QFile::encodeName(target.absoluteFilePath()).constData()) != 0) {
        std::perror("rename");
        return 1;
    }
    std::printf("%s\n", qPrintable(target.absoluteFilePath()));
    return 0;
}
