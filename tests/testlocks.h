#pragma once
// The checks of issue 31's corruption scenario (tst_projectlocks, tst_mainwindow): while the
// app has a project open, a second process opens and closes the same file; SQLite's locks of
// the app must still be held (read from /proc/locks), the WAL must still exist and the app must
// keep reading and writing.
#include "project/project.h"

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QtTest>

#include <sys/stat.h>
#include <unistd.h>

namespace assay::test {

// The POSIX locks this process holds on the file (lines of /proc/locks naming our pid and
// the file's inode).
inline int locksHeldOn(const QString &path)
{
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return -1;
    QFile locks(QStringLiteral("/proc/locks"));
    if (!locks.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray pid = QByteArray::number(qint64(::getpid()));
    const QByteArray inode = ':' + QByteArray::number(quint64(st.st_ino));
    int held = 0;
    for (const QByteArray &line : locks.readAll().split('\n')) {
        const QList<QByteArray> f = line.simplified().split(' ');
        // "1: POSIX  ADVISORY  READ 10482 fe:00:10960914 1073741826 1073742335"
        if (f.size() >= 6 && f.at(1) == "POSIX" && f.at(4) == pid && f.at(5).endsWith(inode))
            ++held;
    }
    return held;
}

// The second process (`assay-cli info`), then what the app's open project must still have and
// do after `what`; serial makes each check's write differ from the last.
inline void checkLocksAfter(Project *project, const QString &what, int serial)
{
    QVERIFY2(project, qPrintable(what));
    const QString path = project->path();
    QVERIFY2(locksHeldOn(path) > 0, qPrintable(what + QStringLiteral(": the app holds no lock on its project")));
    QProcess other;
    other.start(QStringLiteral(ASSAY_CLI), {QStringLiteral("info"), path});
    QVERIFY(other.waitForFinished(60000));
    QVERIFY2(other.exitCode() == 0, qPrintable(what + QStringLiteral(": ") + QString::fromUtf8(other.readAllStandardError())));
    QVERIFY2(QFileInfo::exists(path + QStringLiteral("-wal")), qPrintable(what + QStringLiteral(": the other process removed the WAL")));
    QVERIFY2(locksHeldOn(path) > 0, qPrintable(what + QStringLiteral(": the app's locks are gone")));
    const QString value = QStringLiteral("%1 after %2").arg(serial).arg(what);
    QVERIFY2(project->setProperty(QStringLiteral("lock-check"), value).ok(), qPrintable(what));
    QCOMPARE(project->property(QStringLiteral("lock-check")), value);
    auto counted = project->counts();
    QVERIFY2(counted.ok(), qPrintable(what + QStringLiteral(": ") + counted.error()));
}

// integrity_check of a closed project.
inline void checkIntegrity(const QString &path)
{
    auto db = Database::open(path, Database::Mode::ReadOnly);
    QVERIFY(db.ok());
    auto check = db.value().scalar(QStringLiteral("PRAGMA integrity_check"));
    QVERIFY2(check.ok(), qPrintable(check.error()));
    QCOMPARE(check.value().toString(), QStringLiteral("ok"));
}

} // namespace assay::test
