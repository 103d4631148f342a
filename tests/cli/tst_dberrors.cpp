// Database errors reach the user: with another connection holding the write lock, and with a
// project file this user may not write, each command that writes (run, score, import results,
// corpus import, exam take, irt fit --exam) exits 1 with a message naming the cause, and
// nothing is marked done or imported.
#include "testmain.h"
#include "project/database.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

namespace tst_dberrors {

using namespace assay;

namespace {

struct Outcome {
    int code = -1;
    QString out;
    QString err;
};

QString g_config;

Outcome runCli(const QStringList &args, bool asOtherUser = false)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), g_config);
    env.insert(QStringLiteral("ASSAY_LOCK_WAIT_SECONDS"), QStringLiteral("1")); // the held lock is never let go
    p.setProcessEnvironment(env);
    if (asOtherUser) // root may write any file: the read-only case runs as nobody
        p.start(QStringLiteral("setpriv"), QStringList{QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"), QStringLiteral("--clear-groups"),
                                                       QStringLiteral(ASSAY_CLI)} + args);
    else
        p.start(QStringLiteral(ASSAY_CLI), args);
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

// What the commands could change, read from the file.
QString state(const QString &project)
{
    auto db = Database::open(project, Database::Mode::ReadOnly);
    if (!db)
        return db.error();
    QStringList parts;
    for (const char *sql : {"SELECT count(*) FROM run", "SELECT count(*) FROM run_item WHERE status = 'done'", "SELECT count(*) FROM judgement",
                            "SELECT count(*) FROM document", "SELECT count(*) FROM exam_run", "SELECT count(*) FROM exam_answer",
                            "SELECT count(*) FROM exam_item WHERE irt_a IS NOT NULL", "SELECT group_concat(status) FROM run"}) {
        auto v = db.value().scalar(QString::fromUtf8(sql));
        parts << (v ? v.value().toString() : v.error());
    }
    return parts.join(QLatin1Char('|'));
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

} // namespace

class TestDbErrors : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_project;
    QString m_results;
    QString m_corpus;

    QList<QPair<QString, QStringList>> commands() const
    {
        return {
            {QStringLiteral("run"), {QStringLiteral("run"), m_project, QStringLiteral("--name"), QStringLiteral("new-run"), QStringLiteral("--pipeline"),
                                     QStringLiteral("retriever=bm25,k=2,reader=none")}},
            {QStringLiteral("run (continue)"), {QStringLiteral("run"), m_project, QStringLiteral("--name"), QStringLiteral("r1"), QStringLiteral("--pipeline"),
                                                QStringLiteral("retriever=bm25,k=1,reader=none"), QStringLiteral("--retry-failed")}},
            {QStringLiteral("score"), {QStringLiteral("score"), m_project, QStringLiteral("--run"), QStringLiteral("r1"), QStringLiteral("--judge"), QStringLiteral("f1")}},
            {QStringLiteral("import results"),
             {QStringLiteral("import"), QStringLiteral("results"), m_project, m_results, QStringLiteral("--format"), QStringLiteral("jsonl"), QStringLiteral("--name"),
              QStringLiteral("imported")}},
            {QStringLiteral("corpus import"), {QStringLiteral("corpus"), QStringLiteral("import"), m_project, m_corpus}},
            {QStringLiteral("exam take"),
             {QStringLiteral("exam"), QStringLiteral("take"), m_project, QStringLiteral("--exam"), QStringLiteral("g"), QStringLiteral("--taker"), QStringLiteral("ir:bm25:2")}},
            {QStringLiteral("irt fit --exam"), {QStringLiteral("irt"), QStringLiteral("fit"), m_project, QStringLiteral("--exam"), QStringLiteral("g"), QStringLiteral("--model"),
                                               QStringLiteral("2pl")}},
        };
    }

private slots:
    void initTestCase()
    {
        QVERIFY(QFile::setPermissions(m_dir.path(), QFileDevice::Permissions(0x7755)));
        g_config = m_dir.filePath(QStringLiteral("config"));
        QVERIFY(QDir().mkpath(g_config));
        QVERIFY(QFile::setPermissions(g_config, QFileDevice::Permissions(0x7777)));
        m_project = m_dir.filePath(QStringLiteral("p.assay"));
        const QString data = QStringLiteral(ASSAY_TEST_DATA "/spider_company_employee/");
        const QList<QStringList> setup{
            {QStringLiteral("new"), m_project},
            {QStringLiteral("schema"), QStringLiteral("import"), m_project, QStringLiteral("--sql"), data + QStringLiteral("schema.sql")},
            {QStringLiteral("import"), QStringLiteral("grammar"), m_project, QStringLiteral("--sql-templates"), data + QStringLiteral("sql_templates.json"),
             QStringLiteral("--text-templates"), QStringLiteral("short=") + data + QStringLiteral("text_templates_short.json")},
            {QStringLiteral("generate"), QStringLiteral("queries"), m_project},
            {QStringLiteral("run"), m_project, QStringLiteral("--name"), QStringLiteral("r1"), QStringLiteral("--pipeline"), QStringLiteral("retriever=bm25,k=1,reader=none")},
            {QStringLiteral("exam"), QStringLiteral("generate"), m_project, QStringLiteral("--name"), QStringLiteral("g"), QStringLiteral("--from"), QStringLiteral("queries")},
            {QStringLiteral("exam"), QStringLiteral("take"), m_project, QStringLiteral("--exam"), QStringLiteral("g"), QStringLiteral("--taker"), QStringLiteral("ir:bm25:1"),
             QStringLiteral("--taker"), QStringLiteral("ir:bm25:3"), QStringLiteral("--taker"), QStringLiteral("oracle-ir")},
        };
        for (const QStringList &args : setup) {
            const Outcome o = runCli(args);
            QVERIFY2(o.code == 0, qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": ") + o.out + o.err));
        }
        m_results = m_dir.filePath(QStringLiteral("results.jsonl"));
        writeFile(m_results, "{\"id\": \"a\", \"query\": \"who?\", \"answer\": \"Ada\", \"verdict\": 1}\n");
        m_corpus = m_dir.filePath(QStringLiteral("corpus"));
        QVERIFY(QDir().mkpath(m_corpus));
        writeFile(m_corpus + QStringLiteral("/acme.txt"), "Acme Corp is a banking company headquartered in Oslo.");
        for (const QString &f : {m_results, m_corpus, m_corpus + QStringLiteral("/acme.txt")})
            QVERIFY(QFile::setPermissions(f, QFileDevice::Permissions(QFileInfo(f).isDir() ? 0x7755 : 0x6644)));
    }

    void writeLockHeldByAnotherConnection()
    {
        const QString before = state(m_project);
        auto other = Database::open(m_project, Database::Mode::ReadWrite);
        QVERIFY(other.ok());
        QVERIFY(other.value().exec(QStringLiteral("BEGIN IMMEDIATE")).ok());
        for (const auto &[what, args] : commands()) {
            const Outcome o = runCli(args);
            QVERIFY2(o.code == 1, qPrintable(QStringLiteral("%1 exited %2: %3 %4").arg(what).arg(o.code).arg(o.out, o.err)));
            QVERIFY2(o.err.contains(QLatin1String("another program holds a lock on the project file")),
                     qPrintable(QStringLiteral("%1: %2").arg(what, o.err)));
        }
        QVERIFY(other.value().exec(QStringLiteral("ROLLBACK")).ok());
        QCOMPARE(state(m_project), before);
    }

    void fileThisUserMayNotWrite()
    {
        const bool root = geteuid() == 0;
        if (!root)
            QVERIFY(QFile::setPermissions(m_project, QFileDevice::ReadOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther));
        else
            QVERIFY(QFile::setPermissions(m_project, QFileDevice::Permissions(0x6644)));
        const QString before = state(m_project);
        for (const auto &[what, args] : commands()) {
            const Outcome o = runCli(args, root);
            QVERIFY2(o.code == 1, qPrintable(QStringLiteral("%1 exited %2: %3 %4").arg(what).arg(o.code).arg(o.out, o.err)));
            QVERIFY2(o.err.contains(QLatin1String("the project file is read-only")), qPrintable(QStringLiteral("%1: %2").arg(what, o.err)));
        }
        QCOMPARE(state(m_project), before);
        QVERIFY(QFile::setPermissions(m_project, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    }

    void theSameCommandsWorkOnceTheFileIsFree()
    {
        // Proof that the commands above failed for the lock and the permissions only.
        for (const auto &[what, args] : commands()) {
            const Outcome o = runCli(args);
            QVERIFY2(o.code == 0, qPrintable(QStringLiteral("%1 exited %2: %3 %4").arg(what).arg(o.code).arg(o.out, o.err)));
        }
    }
};

ASSAY_TEST_GUILESS_MAIN(TestDbErrors)

} // namespace tst_dberrors
#include "tst_dberrors.moc"
