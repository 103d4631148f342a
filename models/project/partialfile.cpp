#include "project/partialfile.h"

#include "project/database.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QRegularExpression>

#include <cerrno>
#include <csignal>

namespace assay {

namespace {

QString prefix(const QString &target, const QString &kind)
{
    return QStringLiteral(".%1.%2-").arg(QFileInfo(target).fileName(), kind);
}

bool running(qint64 pid)
{
    return pid > 0 && (::kill(pid_t(pid), 0) == 0 || errno == EPERM);
}

} // namespace

QString PartialFile::nameFor(const QString &target, const QString &kind)
{
    const QFileInfo info(target);
    return info.absoluteDir().filePath(QStringLiteral("%1%2-%3")
                                           .arg(prefix(target, kind))
                                           .arg(QCoreApplication::applicationPid())
                                           .arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0')));
}

void PartialFile::discard(const QString &path)
{
    if (!QFileInfo::exists(path))
        return;
    {
        // The last connection to close cleans up after itself (SQLite removes its own
        // -wal and -shm, and rolls back and removes a hot -journal).
        auto db = Database::open(path, Database::Mode::ReadWrite);
        if (db)
            static_cast<void>(db.value().scalar(QStringLiteral("SELECT count(*) FROM sqlite_schema")));
    }
    QFile::remove(path);
    QFile::remove(path + QStringLiteral(".lock")); // the session lock of a Project opened on it
}

void PartialFile::removeOrphans(const QString &target, const QString &kind)
{
    const QFileInfo info(target);
    const QRegularExpression pattern(QStringLiteral("^%1(\\d+)-[0-9a-f]{8}$").arg(QRegularExpression::escape(prefix(target, kind))));
    const QStringList names = info.absoluteDir().entryList({prefix(target, kind) + QLatin1Char('*')}, QDir::Files | QDir::Hidden);
    for (const QString &name : names) {
        const auto match = pattern.match(name);
        if (match.hasMatch() && !running(match.captured(1).toLongLong()))
            discard(info.absoluteDir().filePath(name));
    }
}

} // namespace assay
