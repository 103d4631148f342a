#include "project/projectverifier.h"

#include "core/job.h"
#include "project/database.h"

#include <QElapsedTimer>

#include <sqlite3.h>

namespace assay {

namespace {

struct Watch {
    sqlite3 *db = nullptr;
    Job *job = nullptr;
    qint64 expectedReads = 1;
};

// SQLite calls this every few thousand VM steps of the check: the pages read so far (page
// cache misses) are the progress, and a cancel interrupts the check.
int onProgress(void *context)
{
    auto *watch = static_cast<Watch *>(context);
    if (!watch->job)
        return 0;
    if (watch->job->isCancelled())
        return 1;
    int misses = 0, highwater = 0;
    sqlite3_db_status(watch->db, SQLITE_DBSTATUS_CACHE_MISS, &misses, &highwater, 0);
    // The check walks every b-tree once, then reads the tables' rows again for their
    // constraints: about two reads per page; the estimate stops short of done until it is.
    const qint64 done = qMin<qint64>(misses, watch->expectedReads - 1);
    watch->job->reportProgress(done, watch->expectedReads, QStringLiteral("Checking pages"));
    return 0;
}

} // namespace

QString ProjectVerifier::Report::text() const
{
    const QString size = QStringLiteral("%1 pages, %2 MB, %3 s").arg(pages).arg(bytes / 1048576.0, 0, 'f', 1).arg(seconds, 0, 'f', 1);
    if (ok)
        return QStringLiteral("The project file is intact (%1).").arg(size);
    return QStringLiteral("The project file is damaged (%1): %2%3")
        .arg(size, problems.mid(0, 5).join(QStringLiteral("; ")),
             problems.size() > 5 ? QStringLiteral(" and %1 more").arg(problems.size() - 5) : QString());
}

Result<ProjectVerifier::Report> ProjectVerifier::verify(const QString &path, Job *job)
{
    using R = Result<Report>;
    QElapsedTimer clock;
    clock.start();
    // A read-only connection of its own: SQLite shares this process's locks on the file
    // between its connections, so checking never disturbs the project that is open.
    auto db = Database::open(path, Database::Mode::ReadOnly);
    if (!db)
        return R::failure(db);
    Report report;
    auto pages = db.value().scalar(QStringLiteral("PRAGMA page_count"));
    auto pageSize = db.value().scalar(QStringLiteral("PRAGMA page_size"));
    if (!pages || !pageSize)
        return R::failure(QStringLiteral("%1: cannot read the project header: %2").arg(path, !pages ? pages.error() : pageSize.error()));
    report.pages = pages.value().toLongLong();
    report.bytes = report.pages * pageSize.value().toLongLong();

    Watch watch{db.value().handle(), job, qMax<qint64>(2, 2 * report.pages)};
    sqlite3_progress_handler(watch.db, 4096, onProgress, &watch);
    auto check = db.value().prepare(QStringLiteral("PRAGMA quick_check(%1)").arg(maxProblems));
    if (!check)
        return R::failure(QStringLiteral("%1: %2").arg(path, check.error()));
    const Status read = check.value().forEach([&](const Statement &row) { report.problems << row.text(0); });
    sqlite3_progress_handler(watch.db, 0, nullptr, nullptr);
    if (job && job->isCancelled())
        return R::cancelled(QStringLiteral("%1: verification cancelled").arg(path));
    if (!read) {
        // SQLite stops at damage it cannot walk past: that is a finding, not a failure to check.
        const int code = sqlite3_extended_errcode(watch.db) & 0xff;
        if (code != SQLITE_CORRUPT && code != SQLITE_NOTADB)
            return R::failure(QStringLiteral("%1: cannot verify: %2").arg(path, read.error()), read.code());
        report.problems << read.error();
    }
    report.ok = report.problems == QStringList{QStringLiteral("ok")};
    if (report.ok)
        report.problems.clear();
    report.seconds = clock.elapsed() / 1000.0;
    if (job)
        job->reportProgress(watch.expectedReads, watch.expectedReads, report.ok ? QStringLiteral("Intact") : QStringLiteral("Damaged"));
    return report;
}

} // namespace assay
