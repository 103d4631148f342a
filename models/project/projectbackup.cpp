#include "project/projectbackup.h"

#include "core/job.h"
#include "project/database.h"
#include "project/heldfiles.h"
#include "project/partialfile.h"

#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <sqlite3.h>

namespace assay {

namespace {

constexpr int pagesPerStep = 1024; // 4 MB at the default page size: progress about every 10 ms

// Copies every page of `from` into the open destination connection. The source keeps one read
// transaction for the whole copy, so writers elsewhere never make the backup start over and
// the copy is the snapshot of its first step.
Status copyPages(const QString &from, Database &target, const QString &targetName, Job *job)
{
    auto source = Database::open(from, Database::Mode::ReadOnly);
    if (!source)
        return Status::failure(source);
    if (auto s = source.value().exec(QStringLiteral("BEGIN; SELECT count(*) FROM sqlite_schema")); !s)
        return Status::failure(QStringLiteral("%1: cannot read: %2").arg(from, s.error()));
    sqlite3_backup *backup = sqlite3_backup_init(target.handle(), "main", source.value().handle(), "main");
    if (!backup)
        return Status::failure(QStringLiteral("%1: cannot write: %2").arg(targetName, target.lastError()));
    int rc = SQLITE_OK;
    bool cancelled = false;
    while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED) {
        if (job && job->isCancelled()) {
            cancelled = true;
            break;
        }
        rc = sqlite3_backup_step(backup, pagesPerStep);
        if (job) {
            const int total = sqlite3_backup_pagecount(backup);
            job->reportProgress(total - sqlite3_backup_remaining(backup), total, QStringLiteral("Copying pages"));
        }
        if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
            sqlite3_sleep(20); // the destination is being written by another connection
    }
    // Finishing before SQLITE_DONE rolls the destination's transaction back.
    const int finished = sqlite3_backup_finish(backup);
    const Status ended = source.value().exec(QStringLiteral("COMMIT"));
    if (cancelled)
        return Status::cancelled(QStringLiteral("%1: copy cancelled; nothing was written").arg(targetName));
    if (rc != SQLITE_DONE || finished != SQLITE_OK)
        return Status::failure(QStringLiteral("%1: cannot copy the project: %2").arg(targetName, QString::fromUtf8(sqlite3_errstr(rc != SQLITE_DONE ? rc : finished))));
    if (!ended)
        return Status::failure(QStringLiteral("%1: %2").arg(from, ended.error()));
    return {};
}

} // namespace

Status ProjectBackup::replaceContent(const QString &from, const QString &to, Job *job)
{
    if (QFileInfo(from).absoluteFilePath() == QFileInfo(to).absoluteFilePath())
        return Status::failure(QStringLiteral("%1: a project cannot be copied onto itself").arg(to));
    auto target = Database::open(to, Database::Mode::ReadWriteCreate);
    if (!target)
        return Status::failure(target);
    return copyPages(from, target.value(), to, job);
}

Status ProjectBackup::saveCopy(const QString &from, const QString &to, Job *job)
{
    const QFileInfo target(to);
    if (target.absoluteFilePath() == QFileInfo(from).absoluteFilePath())
        return Status::failure(QStringLiteral("%1: choose another file than the project itself").arg(to));
    if (auto free = HeldFiles::checkFree(to); !free)
        return free;
    if (target.exists() && (QFileInfo::exists(to + QStringLiteral("-wal")) || QFileInfo::exists(to + QStringLiteral("-shm"))))
        return Status::failure(QStringLiteral("%1: is a database another program has open (its -wal or -shm file is beside it); choose another name").arg(to));
    // Written beside the target under a name nobody else uses, then renamed over it (an atomic
    // replace): an interrupted copy never leaves a half-written file under the chosen name.
    PartialFile::removeOrphans(to, QStringLiteral("partial"));
    const QString partial = PartialFile::nameFor(to, QStringLiteral("partial"));
    Status copied;
    {
        auto written = Database::open(partial, Database::Mode::ReadWriteCreate);
        if (!written)
            return Status::failure(written);
        copied = copyPages(from, written.value(), to, job);
    } // closed before the rename: the copy is complete and no connection holds it
    if (copied && std::rename(QFile::encodeName(partial).constData(), QFile::encodeName(to).constData()) != 0)
        copied = Status::failure(QStringLiteral("%1: cannot move the copy into place: %2").arg(to, QString::fromLocal8Bit(std::strerror(errno))));
    if (!copied)
        PartialFile::discard(partial);
    return copied;
}

} // namespace assay
