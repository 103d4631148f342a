// The project file: creation, reopening, migrations, refusal of corrupt / foreign / newer
// files (which must stay byte-for-byte untouched), concurrent-use warning, undoable edits.
#include "commands/setprojectpropertycommand.h"
#include "project/database.h"
#include "project/migrations.h"
#include "project/migrator.h"
#include "project/project.h"
#include "project/projectfileprobe.h"
#include "testsettings.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

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

    void corruptFileIsRefusedUntouched()
    {
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
        auto p = Project::open(file);
        QVERIFY(!p.ok());
        QVERIFY2(p.error().contains(QLatin1String("corrupt")), qPrintable(p.error()));
        QCOMPARE(fileHash(file), before);
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
        QVERIFY2(second.value()->concurrentUseWarning().contains(QLatin1String("already open")),
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

QTEST_GUILESS_MAIN(TestProjectFile)
#include "tst_projectfile.moc"
