#pragma once
// Real PostgreSQL and MariaDB servers for the tests of issue 52 (tst_serverimport,
// tst_serverimportdialog, bench_serverimport): each is created in a temporary folder
// (initdb / mariadb-install-db), listens only on a Unix socket there, has a user "assay" with
// a password, and is stopped and removed with the object. Missing server binaries make
// start() say so; the tests then skip with that message (packaging/install-deps.sh installs
// them for the test command).
#include "schema/importedschema.h"
#include "schema/serverlocation.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>

#include <pwd.h>
#include <unistd.h>

namespace assay::test {

class TestServer {
public:
    static constexpr const char *Password = "s3cret-Assay-52";
    virtual ~TestServer() = default;
    // Empty when the server runs; else why not (binaries missing, a start that failed).
    QString start()
    {
        if (!m_dir.isValid())
            return QStringLiteral("no temporary folder");
        m_problem = startHere();
        m_running = m_problem.isEmpty();
        return m_problem;
    }
    bool missingBinaries() const { return m_missing; }
    virtual ServerLocation::Dialect dialect() const = 0;
    virtual QString socket() const = 0;
    // A location of database db for user assay, with the password.
    ServerLocation location(const QString &db) const
    {
        ServerLocation l;
        l.dialect = dialect();
        l.socket = socket();
        l.database = db;
        l.user = QStringLiteral("assay");
        l.password = QString::fromLatin1(Password);
        return l;
    }
    // The URI the CLI takes (no password: it comes from the environment).
    virtual QString uri(const QString &db) const = 0;
    // A Qt SQL connection as user assay to db, for loading data and for faults.
    QSqlDatabase connect(const QString &db, const QString &name) const
    {
        QSqlDatabase d = QSqlDatabase::addDatabase(dialect() == ServerLocation::Dialect::Postgres ? QStringLiteral("QPSQL") : QStringLiteral("QMYSQL"), name);
        if (dialect() == ServerLocation::Dialect::Postgres)
            d.setHostName(socket());
        else
            d.setConnectOptions(QStringLiteral("UNIX_SOCKET=%1").arg(socket()));
        d.setDatabaseName(db);
        d.setUserName(QStringLiteral("assay"));
        d.setPassword(QString::fromLatin1(Password));
        d.open();
        return d;
    }
    virtual bool createDatabase(const QString &db) = 0;
    // Ends every other connection to db (a connection dropped under an import).
    bool terminateOthers(const QString &db)
    {
        const QString name = QStringLiteral("terminate-%1").arg(db);
        bool ok = false;
        {
            const bool postgres = dialect() == ServerLocation::Dialect::Postgres;
            QSqlDatabase d = connect(postgres ? QStringLiteral("postgres") : db, name);
            QSqlQuery q(d);
            if (postgres) {
                ok = q.exec(QStringLiteral("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = '%1' AND pid <> pg_backend_pid()").arg(db)) &&
                     q.next() && q.value(0).toInt() > 0;
            } else if (q.exec(QStringLiteral("SELECT ID FROM information_schema.PROCESSLIST WHERE DB = '%1' AND ID <> CONNECTION_ID() AND USER = 'assay'").arg(db))) {
                QVector<qlonglong> ids;
                while (q.next())
                    ids << q.value(0).toLongLong();
                ok = !ids.isEmpty();
                for (qlonglong id : ids)
                    ok = QSqlQuery(d).exec(QStringLiteral("KILL %1").arg(id)) && ok;
            }
        }
        QSqlDatabase::removeDatabase(name);
        return ok;
    }
    // Creates the schema's tables (keys included) in db and inserts its rows.
    QString load(const QString &db, const ImportedSchema &schema)
    {
        const QString name = QStringLiteral("load-%1").arg(db);
        QString problem;
        {
            QSqlDatabase d = connect(db, name);
            if (!d.isOpen())
                problem = d.lastError().text();
            for (const ImportedTable &t : schema.tables) {
                if (!problem.isEmpty())
                    break;
                QStringList defs, pk, fks;
                for (const ImportedColumn &c : t.columns) {
                    // A key takes its target's type (Spider has int keys to real ones; MySQL refuses those).
                    defs << quote(c.name) + QLatin1Char(' ') + serverType(c.foreignTable.isEmpty() ? c.type : typeOf(schema, c.foreignTable, c.foreignColumn));
                    if (c.primaryKey)
                        pk << quote(c.name);
                    if (!c.foreignTable.isEmpty())
                        fks << QStringLiteral("FOREIGN KEY (%1) REFERENCES %2 (%3)").arg(quote(c.name), quote(c.foreignTable), quote(c.foreignColumn.isEmpty() ? primaryKeyOf(schema, c.foreignTable) : c.foreignColumn));
                }
                if (!pk.isEmpty())
                    defs << QStringLiteral("PRIMARY KEY (%1)").arg(pk.join(QStringLiteral(", ")));
                defs << fks;
                QSqlQuery q(d);
                if (!q.exec(QStringLiteral("CREATE TABLE %1 (%2)").arg(quote(t.name), defs.join(QStringLiteral(", "))))) {
                    problem = t.name + QStringLiteral(": ") + q.lastError().text();
                    break;
                }
                QStringList marks;
                for (int i = 0; i < t.columns.size(); ++i)
                    marks << QStringLiteral("?");
                d.transaction();
                q.prepare(QStringLiteral("INSERT INTO %1 VALUES (%2)").arg(quote(t.name), marks.join(QStringLiteral(", "))));
                for (const QVariantList &row : t.rows) {
                    for (int i = 0; i < row.size(); ++i)
                        q.bindValue(i, row[i]);
                    if (!q.exec()) {
                        problem = t.name + QStringLiteral(": ") + q.lastError().text();
                        break;
                    }
                }
                d.commit();
            }
        }
        QSqlDatabase::removeDatabase(name);
        return problem;
    }
    QString quote(const QString &name) const
    {
        return dialect() == ServerLocation::Dialect::Postgres ? QLatin1Char('"') + name + QLatin1Char('"') : QLatin1Char('`') + name + QLatin1Char('`');
    }
    QString folder() const { return m_dir.path(); }

protected:
    virtual QString startHere() = 0;
    QString serverType(const QString &assayType) const
    {
        const QString t = assayType.toUpper();
        if (t.startsWith(QLatin1String("INT")))
            return dialect() == ServerLocation::Dialect::Postgres ? QStringLiteral("integer") : QStringLiteral("int");
        if (t == QLatin1String("REAL") || t.startsWith(QLatin1String("FLOAT")) || t.startsWith(QLatin1String("DOUBLE")))
            return dialect() == ServerLocation::Dialect::Postgres ? QStringLiteral("double precision") : QStringLiteral("double");
        // MySQL keys need a bounded length.
        return dialect() == ServerLocation::Dialect::Postgres ? QStringLiteral("text") : QStringLiteral("varchar(255)");
    }
    static QString typeOf(const ImportedSchema &schema, const QString &table, const QString &column)
    {
        const QString name = column.isEmpty() ? primaryKeyOf(schema, table) : column;
        for (const ImportedTable &t : schema.tables)
            if (t.name.compare(table, Qt::CaseInsensitive) == 0)
                for (const ImportedColumn &c : t.columns)
                    if (c.name.compare(name, Qt::CaseInsensitive) == 0)
                        return c.type;
        return QStringLiteral("TEXT");
    }
    static QString primaryKeyOf(const ImportedSchema &schema, const QString &table)
    {
        for (const ImportedTable &t : schema.tables)
            if (t.name.compare(table, Qt::CaseInsensitive) == 0)
                for (const ImportedColumn &c : t.columns)
                    if (c.primaryKey)
                        return c.name;
        return {};
    }
    // Runs a server tool; as root, PostgreSQL's tools run as the postgres user (initdb refuses root).
    static bool run(const QString &program, const QStringList &args, QString *output, const QString &asUser = {}, int timeoutMs = 60000)
    {
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        if (!asUser.isEmpty())
            p.start(QStringLiteral("runuser"), QStringList{QStringLiteral("-u"), asUser, QStringLiteral("--"), program} + args);
        else
            p.start(program, args);
        const bool finished = p.waitForStarted(10000) && p.waitForFinished(timeoutMs);
        if (output)
            *output = QString::fromLocal8Bit(p.readAll()).trimmed();
        return finished && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    }
    static QString find(const QString &name, const QStringList &folders)
    {
        const QString found = QStandardPaths::findExecutable(name, folders);
        return found.isEmpty() ? QStandardPaths::findExecutable(name) : found;
    }
    QTemporaryDir m_dir{QDir::tempPath() + QStringLiteral("/assay-server-XXXXXX")};
    bool m_running = false;
    bool m_missing = false;
    QString m_problem;
};

class PostgresServer : public TestServer {
public:
    ~PostgresServer() override
    {
        if (m_running)
            run(m_pgctl, {QStringLiteral("-D"), m_dir.filePath(QStringLiteral("data")), QStringLiteral("-m"), QStringLiteral("immediate"), QStringLiteral("-w"), QStringLiteral("stop")},
                nullptr, m_user);
    }
    ServerLocation::Dialect dialect() const override { return ServerLocation::Dialect::Postgres; }
    QString socket() const override { return m_dir.path(); }
    QString uri(const QString &db) const override
    {
        return QStringLiteral("postgresql://assay@/%1?host=%2").arg(db, QString::fromUtf8(QUrl::toPercentEncoding(socket(), "/")));
    }
    bool createDatabase(const QString &db) override
    {
        QSqlDatabase d = connect(QStringLiteral("postgres"), QStringLiteral("create-%1").arg(db));
        const bool ok = d.isOpen() && QSqlQuery(d).exec(QStringLiteral("CREATE DATABASE %1").arg(quote(db)));
        d = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("create-%1").arg(db));
        return ok;
    }

protected:
    QString startHere() override
    {
        const QStringList folders = QDir(QStringLiteral("/usr/lib/postgresql")).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name | QDir::Reversed);
        QStringList bins;
        for (const QString &v : folders)
            bins << QStringLiteral("/usr/lib/postgresql/%1/bin").arg(v);
        const QString initdb = find(QStringLiteral("initdb"), bins);
        m_pgctl = find(QStringLiteral("pg_ctl"), bins);
        if (initdb.isEmpty() || m_pgctl.isEmpty()) {
            m_missing = true;
            return QStringLiteral("PostgreSQL's server (initdb, pg_ctl) is not installed: Debian package postgresql");
        }
        if (::geteuid() == 0) {
            m_user = QStringLiteral("postgres");
            if (!::getpwnam("postgres"))
                return QStringLiteral("running as root, and there is no postgres user to run PostgreSQL as");
            const QByteArray path = QFile::encodeName(m_dir.path());
            if (::chown(path.constData(), ::getpwnam("postgres")->pw_uid, ::getpwnam("postgres")->pw_gid) != 0)
                return QStringLiteral("cannot hand %1 to the postgres user").arg(m_dir.path());
        }
        const QString pwfile = m_dir.filePath(QStringLiteral("pw"));
        QFile f(pwfile);
        if (!f.open(QIODevice::WriteOnly) || f.write(Password) < 0)
            return QStringLiteral("cannot write %1").arg(pwfile);
        f.close();
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther);
        QString out;
        if (!run(initdb, {QStringLiteral("-D"), m_dir.filePath(QStringLiteral("data")), QStringLiteral("-U"), QStringLiteral("assay"), QStringLiteral("--pwfile=") + pwfile,
                          QStringLiteral("--auth=scram-sha-256"), QStringLiteral("-E"), QStringLiteral("UTF8"), QStringLiteral("--locale=C.UTF-8"), QStringLiteral("--no-sync")},
                 &out, m_user))
            return QStringLiteral("initdb failed: ") + out;
        if (!run(m_pgctl, {QStringLiteral("-D"), m_dir.filePath(QStringLiteral("data")), QStringLiteral("-o"),
                           QStringLiteral("-k %1 -c listen_addresses= -F -c shared_buffers=32MB").arg(m_dir.path()), QStringLiteral("-l"), m_dir.filePath(QStringLiteral("log")),
                           QStringLiteral("-w"), QStringLiteral("start")},
                 &out, m_user))
            return QStringLiteral("pg_ctl start failed: ") + out;
        return {};
    }

private:
    QString m_pgctl, m_user;
};

class MariaDbServer : public TestServer {
public:
    ~MariaDbServer() override
    {
        if (m_server.state() != QProcess::NotRunning) {
            m_server.terminate();
            if (!m_server.waitForFinished(20000))
                m_server.kill();
            m_server.waitForFinished(5000);
        }
    }
    ServerLocation::Dialect dialect() const override { return ServerLocation::Dialect::MySql; }
    // InnoDB's buffer pool (before start()): small for the tests, a server's usual size for a
    // benchmark whose tables would not fit.
    void setBufferPool(const QString &size) { m_bufferPool = size; }
    QString socket() const override { return m_dir.filePath(QStringLiteral("mysql.sock")); }
    QString uri(const QString &db) const override
    {
        return QStringLiteral("mysql://assay@localhost/%1?socket=%2").arg(db, QString::fromUtf8(QUrl::toPercentEncoding(socket(), "/")));
    }
    bool createDatabase(const QString &db) override
    {
        QString out;
        return run(m_client, {QStringLiteral("--no-defaults"), QStringLiteral("-S"), socket(), QStringLiteral("-u"), m_osUser, QStringLiteral("-e"),
                              QStringLiteral("CREATE DATABASE `%1`").arg(db)},
                   &out);
    }

protected:
    QString startHere() override
    {
        const QString install = find(QStringLiteral("mariadb-install-db"), {});
        const QString server = find(QStringLiteral("mariadbd"), {QStringLiteral("/usr/sbin")});
        m_client = find(QStringLiteral("mariadb"), {});
        if (install.isEmpty() || server.isEmpty() || m_client.isEmpty()) {
            m_missing = true;
            return QStringLiteral("MariaDB's server (mariadb-install-db, mariadbd) is not installed: Debian package mariadb-server");
        }
        const QString user = QString::fromLocal8Bit(::getpwuid(::geteuid())->pw_name);
        m_osUser = user;
        QString out;
        if (!run(install, {QStringLiteral("--no-defaults"), QStringLiteral("--datadir=") + m_dir.filePath(QStringLiteral("data")), QStringLiteral("--user=") + user,
                           QStringLiteral("--auth-root-authentication-method=socket"), QStringLiteral("--skip-test-db")},
                 &out))
            return QStringLiteral("mariadb-install-db failed: ") + out.right(2000);
        m_server.setProcessChannelMode(QProcess::MergedChannels);
        m_server.setStandardOutputFile(m_dir.filePath(QStringLiteral("server.log")));
        m_server.start(server, {QStringLiteral("--no-defaults"), QStringLiteral("--datadir=") + m_dir.filePath(QStringLiteral("data")), QStringLiteral("--socket=") + socket(),
                                QStringLiteral("--skip-networking"), QStringLiteral("--user=") + user, QStringLiteral("--pid-file=") + m_dir.filePath(QStringLiteral("pid")),
                                QStringLiteral("--innodb-buffer-pool-size=") + m_bufferPool, QStringLiteral("--skip-log-bin")});
        if (!m_server.waitForStarted(10000))
            return QStringLiteral("mariadbd did not start");
        for (int i = 0; i < 300 && !QFile::exists(socket()); ++i)
            QThread::msleep(100);
        for (int i = 0; i < 100; ++i) {
            if (run(m_client, {QStringLiteral("--no-defaults"), QStringLiteral("-S"), socket(), QStringLiteral("-u"), m_osUser, QStringLiteral("-e"),
                               QStringLiteral("CREATE USER 'assay'@'localhost' IDENTIFIED BY '%1'; GRANT ALL ON *.* TO 'assay'@'localhost';").arg(QString::fromLatin1(Password))},
                    &out))
                return {};
            if (m_server.state() == QProcess::NotRunning)
                break;
            QThread::msleep(100);
        }
        QFile log(m_dir.filePath(QStringLiteral("server.log")));
        log.open(QIODevice::ReadOnly);
        return QStringLiteral("MariaDB did not accept the user: %1 %2").arg(out, QString::fromLocal8Bit(log.readAll().right(2000)));
    }

private:
    QProcess m_server;
    QString m_client, m_osUser;
    QString m_bufferPool = QStringLiteral("64M");
};

} // namespace assay::test
