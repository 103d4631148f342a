// The project file: creation, reopening in constant time, migrations, refusal of foreign /
// newer files and verification of damaged ones (which all stay byte-for-byte untouched),
// unclean shutdowns, held files, concurrent-use warning, undoable edits.
#include "testmain.h"
#include "commands/setprojectpropertycommand.h"
#include "core/job.h"
#include "io/filereader.h"
#include "io/filewriter.h"
#include "project/database.h"
#include "project/migrations.h"
#include "project/migrator.h"
#include "project/project.h"
#include "project/heldfiles.h"
#include "project/projectbackup.h"
#include "project/projectfileprobe.h"
#include "project/projectverifier.h"
#include "testcrash.h"
#include "testsettings.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <atomic>
#include <thread>

#include <sqlite3.h>

namespace tst_projectfile {

using namespace assay;

namespace {
QByteArray fileHash(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

QVariant rawScalar(const QString &path, const QString &sql)
{
    auto db = Database::open(path, Database::Mode::ReadOnly);
    if (!db)
        return {};
    auto v = db.value().scalar(sql);
    return v ? v.value() : QVariant();
}
} // namespace

class TestProjectFile : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString path(const QString &name) const { return m_dir.filePath(name); }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        QVERIFY(m_dir.isValid());
    }

    void builtinMigrationsAreContiguous()
    {
        const auto &ms = builtinMigrations();
        QVERIFY(!ms.empty());
        for (size_t i = 0; i < ms.size(); ++i) {
            QCOMPARE(ms[i].version, int(i + 1));
            QVERIFY(!ms[i].name.isEmpty());
            QVERIFY(!ms[i].sql.trimmed().isEmpty());
        }
        QCOMPARE(Project::latestSchemaVersion(), int(ms.size()));
    }

    void createAndReopen()
    {
        const QString file = path(QStringLiteral("create.assay"));
        {
            auto p = Project::create(file, QStringLiteral("Acme evaluation"));
            QVERIFY2(p.ok(), qPrintable(p.error()));
            QCOMPARE(p.value()->schemaVersion(), Project::latestSchemaVersion());
            QCOMPARE(p.value()->name(), QStringLiteral("Acme evaluation"));
            QCOMPARE(p.value()->database().scalar(QStringLiteral("PRAGMA journal_mode")).value().toString(),
                     QStringLiteral("wal"));
            QCOMPARE(p.value()->database().scalar(QStringLiteral("PRAGMA foreign_keys")).value().toInt(), 1);
            QVERIFY(!p.value()->property(QStringLiteral("created_at")).isEmpty());
        }
        QCOMPARE(rawScalar(file, QStringLiteral("PRAGMA application_id")).toInt(), ProjectFileProbe::applicationId);
        auto reopened = Project::open(file);
        QVERIFY2(reopened.ok(), qPrintable(reopened.error()));
        QCOMPARE(reopened.value()->name(), QStringLiteral("Acme evaluation"));
        QVERIFY(reopened.value()->concurrentUseWarning().isEmpty());
    }

    void createRefusesExistingFile()
    {
        const QString file = path(QStringLiteral("exists.assay"));
        QVERIFY(Project::create(file).ok());
        const QByteArray before = fileHash(file);
        auto again = Project::create(file);
        QVERIFY(!again.ok());
        QVERIFY2(again.error().contains(QLatin1String("already exists")), qPrintable(again.error()));
        QCOMPARE(fileHash(file), before);
    }

    void changesAreCommittedImmediately()
    {
        const QString file = path(QStringLiteral("commit.assay"));
        auto p = Project::create(file);
        QVERIFY(p.ok());
        QVERIFY(p.value()->setProperty(QStringLiteral("description"), QStringLiteral("first")).ok());
        // A second, independent connection sees the change while the project stays open.
        QCOMPARE(rawScalar(file, QStringLiteral("SELECT value FROM project_meta WHERE key='description'")).toString(),
                 QStringLiteral("first"));
    }

    void migratorUpgradesOlderFile()
    {
        const QString file = path(QStringLiteral("migrate.sqlite"));
        auto db = Database::open(file, Database::Mode::ReadWriteCreate);
        QVERIFY(db.ok());
        const Migration m1{1, QStringLiteral("one"), QStringLiteral("CREATE TABLE a(x)")};
        const Migration m2{2, QStringLiteral("two"), QStringLiteral("CREATE TABLE b(y); INSERT INTO b VALUES (7)")};
        auto applied = Migrator({m1}).migrate(db.value());
        QVERIFY(applied.ok());
        QCOMPARE(applied.value(), 1);
        // A build that knows migration 2 applies only that one.
        applied = Migrator({m2, m1}).migrate(db.value());
        QVERIFY2(applied.ok(), qPrintable(applied.error()));
        QCOMPARE(applied.value(), 1);
        QCOMPARE(db.value().scalar(QStringLiteral("PRAGMA user_version")).value().toInt(), 2);
        QCOMPARE(db.value().scalar(QStringLiteral("SELECT y FROM b")).value().toInt(), 7);
        // Nothing left to do.
        QCOMPARE(Migrator({m1, m2}).migrate(db.value()).value(), 0);
    }

    void failedMigrationRollsBack()
    {
        const QString file = path(QStringLiteral("rollback.sqlite"));
        auto db = Database::open(file, Database::Mode::ReadWriteCreate);
        QVERIFY(db.ok());
        const Migration m1{1, QStringLiteral("one"), QStringLiteral("CREATE TABLE a(x)")};
        const Migration bad{2, QStringLiteral("broken"), QStringLiteral("CREATE TABLE c(z); INSERT INTO nowhere VALUES (1)")};
        QVERIFY(Migrator({m1}).migrate(db.value()).ok());
        auto r = Migrator({m1, bad}).migrate(db.value());
        QVERIFY(!r.ok());
        QVERIFY2(r.error().contains(QLatin1String("migration 2 (broken)")), qPrintable(r.error()));
        QCOMPARE(db.value().scalar(QStringLiteral("PRAGMA user_version")).value().toInt(), 1);
        QCOMPARE(db.value().tableExists(QStringLiteral("c")).value(), false);
    }

    void newerVersionIsRefusedUntouched()
    {
        const QString file = path(QStringLiteral("newer.assay"));
        QVERIFY(Project::create(file).ok());
        {
            auto db = Database::open(file, Database::Mode::ReadWrite);
            QVERIFY(db.value().exec(QStringLiteral("PRAGMA user_version = %1").arg(Project::latestSchemaVersion() + 1)).ok());
            QVERIFY(db.value().exec(QStringLiteral("PRAGMA journal_mode = DELETE")).ok());
        }
        const QByteArray before = fileHash(file);
        auto p = Project::open(file);
        QVERIFY(!p.ok());
        QVERIFY2(p.error().contains(QLatin1String("newer Assay")), qPrintable(p.error()));
        QVERIFY(p.error().contains(QString::number(Project::latestSchemaVersion() + 1)));
        QCOMPARE(fileHash(file), before);
    }

    void nonSqliteFileIsRefusedUntouched()
    {
        const QString file = path(QStringLiteral("notes.assay"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray("These are meeting notes, not a database.\n").repeated(20));
        f.close();
        const QByteArray before = fileHash(file);
        auto p = Project::open(file);
        QVERIFY(!p.ok());
        QVERIFY2(p.error().contains(QLatin1String("not an SQLite database")), qPrintable(p.error()));
        QVERIFY(p.error().contains(file));
        QCOMPARE(fileHash(file), before);
    }

    void foreignSqliteFileIsRefused()
    {
        const QString file = path(QStringLiteral("other.sqlite"));
        {
            auto db = Database::open(file, Database::Mode::ReadWriteCreate);
            QVERIFY(db.value().exec(QStringLiteral("CREATE TABLE t(x); INSERT INTO t VALUES (1)")).ok());
        }
        const QByteArray before = fileHash(file);
        auto p = Project::open(file);
        QVERIFY(!p.ok());
        QVERIFY2(p.error().contains(QLatin1String("another application")), qPrintable(p.error()));
        QCOMPARE(fileHash(file), before);
    }

    void corruptFileIsFoundByVerification()
    {
        // Opening reads the header only; the pages are checked on demand, and a damaged page
        // is reported (by verification, and by the read that meets it) without a write.
        const QString file = path(QStringLiteral("corrupt.assay"));
        {
            auto p = Project::create(file);
            QVERIFY(p.ok());
            for (int i = 0; i < 200; ++i)
                QVERIFY(p.value()->setProperty(QStringLiteral("k%1").arg(i), QString(300, QLatin1Char('x'))).ok());
        }
        const auto pageSize = rawScalar(file, QStringLiteral("PRAGMA page_size")).toLongLong();
        QVERIFY(pageSize > 0);
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.size() > 3 * pageSize);
        f.seek(pageSize); // page 2: a b-tree page of project_meta
        f.write(QByteArray(int(pageSize), '\xA5'));
        f.close();
        const QByteArray before = fileHash(file);
        auto verified = ProjectVerifier::verify(file);
        QVERIFY2(verified.ok(), qPrintable(verified.error()));
        QVERIFY(!verified.value().ok);
        QVERIFY(!verified.value().problems.isEmpty());
        QVERIFY2(verified.value().text().contains(QLatin1String("damaged")), qPrintable(verified.value().text()));
        {
            auto p = Project::open(file);
            QVERIFY2(p.ok(), qPrintable(p.error()));
            auto meta = p.value()->database().scalar(QStringLiteral("SELECT count(*) FROM project_meta"));
            QVERIFY(!meta.ok());
            QVERIFY2(meta.error().contains(QLatin1String("malformed")), qPrintable(meta.error()));
        }
        QCOMPARE(fileHash(file), before);
    }

    void intactFileVerifiesWithProgressAndCancel()
    {
        const QString file = path(QStringLiteral("intact.assay"));
        {
            auto p = Project::create(file);
            QVERIFY(p.ok());
            for (int i = 0; i < 2000; ++i)
                QVERIFY(p.value()->setProperty(QStringLiteral("k%1").arg(i), QString(500, QLatin1Char('y'))).ok());
        }
        qint64 lastDone = -1, lastTotal = 0;
        Job job(QStringLiteral("verify"), [&](Job &j) {
            auto r = ProjectVerifier::verify(file, &j);
            if (!r)
                return Status::failure(r);
            return r.value().ok ? Status() : Status::failure(r.value().text());
        });
        connect(&job, &Job::progressChanged, this, [&](qint64 done, qint64 total) {
            QVERIFY(done >= lastDone);
            lastDone = done;
            lastTotal = total;
        });
        QVERIFY(job.runHere().ok());
        QVERIFY(lastTotal > 0);
        QCOMPARE(lastDone, lastTotal);
        Job cancelled(QStringLiteral("verify"), [&](Job &j) {
            j.cancel();
            auto r = ProjectVerifier::verify(file, &j);
            return r ? Status() : Status::failure(r);
        });
        QVERIFY(cancelled.runHere().isCancelled());
    }

    void openingReadsTheHeaderOnly()
    {
        // Constant time: however large the file, opening reads a few pages (page 1 and the
        // schema), never every page as a quick_check would.
        const QString file = path(QStringLiteral("large.assay"));
        {
            auto p = Project::create(file);
            QVERIFY(p.ok());
            QVERIFY(p.value()->database().exec(QStringLiteral("CREATE TABLE filler(x); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
                                                                "WHERE i < 20000) INSERT INTO filler SELECT randomblob(400) FROM n")).ok());
        }
        QVERIFY(rawScalar(file, QStringLiteral("PRAGMA page_count")).toLongLong() > 2000);
        auto p = Project::open(file);
        QVERIFY2(p.ok(), qPrintable(p.error()));
        int misses = 0, highwater = 0;
        sqlite3_db_status(p.value()->database().handle(), SQLITE_DBSTATUS_CACHE_MISS, &misses, &highwater, 0);
        QVERIFY2(misses <= 20, qPrintable(QString::number(misses)));
    }

    void uncleanShutdownIsNoticed()
    {
        const QString file = path(QStringLiteral("crashed.assay"));
        QVERIFY(Project::create(file).ok());
        {
            auto clean = Project::open(file);
            QVERIFY(clean.ok());
            QVERIFY(clean.value()->uncleanShutdown().isEmpty());
        }
        // A process that dies with the project open (as a crash or kill -9 would) leaves
        // its session lock behind.
        const pid_t child = test::openProjectAndDie(file);
        QVERIFY(child > 0);
        {
            auto after = Project::open(file);
            QVERIFY(after.ok());
            QVERIFY2(after.value()->uncleanShutdown().contains(QString::number(child)), qPrintable(after.value()->uncleanShutdown()));
        }
        auto next = Project::open(file);
        QVERIFY(next.ok());
        QVERIFY(next.value()->uncleanShutdown().isEmpty());
    }

    void copyIsOneSnapshotWhileAnotherConnectionWrites()
    {
        // A writer adds rows in pairs, one transaction per pair, all through the copy: the
        // copy holds a whole number of pairs (one snapshot), verifies intact, and opens.
        const QString file = path(QStringLiteral("busy.assay"));
        {
            auto p = Project::create(file);
            QVERIFY(p.ok());
            QVERIFY(p.value()->database().exec(QStringLiteral("CREATE TABLE pairs(x); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40000) "
                                                                "INSERT INTO pairs SELECT randomblob(100) FROM n")).ok());
        }
        std::atomic_bool stop{false};
        std::atomic_int written{0};
        std::thread writer([&] {
            auto db = Project::openConnection(file);
            if (!db)
                return;
            while (!stop) {
                if (db.value().exec(QStringLiteral("BEGIN IMMEDIATE; INSERT INTO pairs VALUES (randomblob(100)); INSERT INTO pairs VALUES (randomblob(100)); COMMIT")))
                    ++written;
            }
        });
        const QString copy = path(QStringLiteral("busy copy.assay"));
        QTRY_VERIFY(written > 10);
        Job job(QStringLiteral("copy"), [&](Job &j) { return ProjectBackup::saveCopy(file, copy, &j); });
        const Status copied = job.runHere();
        const int duringCopy = written;
        stop = true;
        writer.join();
        QVERIFY2(copied.ok(), qPrintable(copied.error()));
        QVERIFY(duringCopy > 10);
        auto verified = ProjectVerifier::verify(copy);
        QVERIFY(verified.ok() && verified.value().ok);
        QCOMPARE(rawScalar(copy, QStringLiteral("SELECT count(*) % 2 FROM pairs")).toInt(), 0);
        QVERIFY(rawScalar(copy, QStringLiteral("SELECT count(*) FROM pairs")).toInt() >= 40000);
        auto opened = Project::open(copy);
        QVERIFY2(opened.ok(), qPrintable(opened.error()));
        QVERIFY(!ProjectBackup::saveCopy(file, file).ok()); // never onto itself
    }

    void heldFilesAreRefusedToOtherReadersAndWriters()
    {
        const QString file = path(QStringLiteral("held.assay"));
        auto p = Project::create(file);
        QVERIFY(p.ok());
        for (const QString &name : {file, file + QStringLiteral("-wal"), file + QStringLiteral("-shm")}) {
            auto read = FileReader::readAll(name);
            QVERIFY2(!read.ok() && read.error().contains(QLatin1String("Assay has open")), qPrintable(name));
            QVERIFY(!FileWriter::write(name, "x").ok());
        }
        QVERIFY(HeldFiles::checkFree(path(QStringLiteral("other.txt"))).ok());
        p.value().reset();
        QVERIFY(HeldFiles::checkFree(file).ok());
    }

    void missingFileIsReported()
    {
        auto p = Project::open(path(QStringLiteral("nowhere.assay")));
        QVERIFY(!p.ok());
        QVERIFY(p.error().contains(QLatin1String("no such file")));
        QVERIFY(!QFile::exists(path(QStringLiteral("nowhere.assay"))));
    }

    void openingTwiceWarns()
    {
        const QString file = path(QStringLiteral("twice.assay"));
        auto first = Project::create(file);
        QVERIFY(first.ok());
        QVERIFY(first.value()->concurrentUseWarning().isEmpty());
        auto second = Project::open(file);
        QVERIFY(second.ok());
        QVERIFY2(second.value()->concurrentUseWarning().contains(QLatin1String("also open")),
                 qPrintable(second.value()->concurrentUseWarning()));
        second.value().reset();
        first.value().reset();
        auto third = Project::open(file);
        QVERIFY(third.ok());
        QVERIFY(third.value()->concurrentUseWarning().isEmpty());
    }

    void propertyEditsAreUndoable()
    {
        const QString file = path(QStringLiteral("undo.assay"));
        auto p = Project::create(file, QStringLiteral("Before"));
        QVERIFY(p.ok());
        Project *project = p.value().get();
        QSignalSpy changed(project, &Project::propertyChanged);
        QUndoStack *stack = project->undoStack();
        stack->push(new SetProjectPropertyCommand(project, QStringLiteral("name"), QStringLiteral("After")));
        QCOMPARE(project->name(), QStringLiteral("After"));
        QCOMPARE(changed.count(), 1);
        // Consecutive edits of one property merge into one undo step.
        stack->push(new SetProjectPropertyCommand(project, QStringLiteral("name"), QStringLiteral("After 2")));
        QCOMPARE(stack->count(), 1);
        stack->push(new SetProjectPropertyCommand(project, QStringLiteral("description"), QStringLiteral("D")));
        QCOMPARE(stack->count(), 2);
        stack->undo();
        QCOMPARE(project->property(QStringLiteral("description")), QString());
        stack->undo();
        QCOMPARE(project->name(), QStringLiteral("Before"));
        QCOMPARE(rawScalar(file, QStringLiteral("SELECT value FROM project_meta WHERE key='name'")).toString(),
                 QStringLiteral("Before"));
        stack->redo();
        QCOMPARE(project->name(), QStringLiteral("After 2"));
    }
};

ASSAY_TEST_GUILESS_MAIN(TestProjectFile)

} // namespace tst_projectfile
#include "tst_projectfile.moc"
