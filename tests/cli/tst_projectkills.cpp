// Every job is all-or-nothing: each job kind of `assay-cli` that changes a project (the
// generation steps, corpus import, exam generation and take, IRT fit, the demo) is killed with
// SIGKILL at random moments; the file must pass integrity_check and hold what it held before
// the job or what the complete job leaves, never anything between. A kind whose complete run
// changes nothing would prove nothing, so each is checked to change the project.
#include "testmain.h"
#include "demo/demoproject.h"
#include "exams/examworkflow.h"
#include "project/database.h"
#include "project/project.h"
#include "testdemo.h"
#include "testsettings.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QtTest>

#include <algorithm>
#include <csignal>
#include <functional>

namespace tst_projectkills {

using namespace assay;

namespace {

// Columns that hold wall-clock time: masked, so that two complete runs of a job compare equal.
bool volatileColumn(const QString &name)
{
    return name.endsWith(QLatin1String("_at")) || name == QLatin1String("at") || name == QLatin1String("latency_ms");
}

// Wall-clock durations kept in JSON (an exam's stats: how long its validation took) vary from
// run to run like the timestamps.
QString maskDurations(QString text)
{
    if (!text.contains(QLatin1String("\"seconds\":"))) // most cells: no expression to run
        return text;
    static const QRegularExpression seconds(QStringLiteral("\"seconds\":[-+0-9.eE]+"));
    return text.replace(seconds, QStringLiteral("\"seconds\":*"));
}

// The project's content: every row of every table, masked as above and sorted.
QString fingerprint(const QString &path)
{
    auto db = Database::open(path, Database::Mode::ReadOnly);
    if (!db)
        return QStringLiteral("cannot open: ") + db.error();
    QStringList tables;
    const Status listed = db.value().each(QStringLiteral("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"), {},
                                          [&](const Statement &r) { tables << r.text(0); });
    if (!listed)
        return listed.error();
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString &table : std::as_const(tables)) {
        auto s = db.value().prepare(QStringLiteral("SELECT * FROM %1").arg(Database::quoteIdentifier(table)));
        if (!s)
            return s.error();
        QList<QByteArray> rows; // as UTF-8, sorted and hashed one by one: no copy of the whole table
        const Status read = s.value().forEach([&](const Statement &r) {
            QStringList cells;
            for (int c = 0; c < r.columnCount(); ++c)
                cells << (volatileColumn(r.columnName(c)) ? QStringLiteral("*") : maskDurations(r.value(c).toString()));
            if (table == QLatin1String("project_meta") && cells.value(0).endsWith(QLatin1String("_at")))
                cells[1] = QStringLiteral("*");
            rows << cells.join(QChar(0x1f)).toUtf8();
        });
        if (!read)
            return read.error();
        std::sort(rows.begin(), rows.end());
        hash.addData(table.toUtf8() + '\n');
        for (const QByteArray &row : std::as_const(rows)) {
            hash.addData(row);
            hash.addData(QByteArrayLiteral("\x1e"));
        }
    }
    return QString::fromLatin1(hash.result().toHex());
}

QString integrity(const QString &path)
{
    auto db = Database::open(path, Database::Mode::ReadOnly);
    if (!db)
        return db.error();
    auto check = db.value().scalar(QStringLiteral("PRAGMA integrity_check"));
    return check ? check.value().toString() : check.error();
}

bool copyFile(const QString &from, const QString &to)
{
    QFile::remove(to);
    return QFile::copy(from, to);
}

struct Kind {
    QString name;
    QStringList args; // "%P" stands for the project, "%D" for the demo's folder
    QString setUp;    // SQL run on the copy first (what the job then has to do)
};

} // namespace

class TestProjectKills : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_base;
    QString m_documents;
    bool m_oldDemoMade = false;

    QStringList argsFor(const Kind &kind, const QString &project) const
    {
        QStringList out;
        for (const QString &a : kind.args)
            out << (a == QLatin1String("%P") ? project : a == QLatin1String("%D") ? QFileInfo(project).absolutePath() : a);
        return out;
    }

    // A fresh copy of the project the kind starts from: the base project, or for the demo an
    // older demo project, marked so that it differs from a new one.
    QString prepare(const Kind &kind, int trial)
    {
        if (kind.name != QLatin1String("demo")) {
            const QString path = m_dir.filePath(QStringLiteral("%1-%2.assay").arg(kind.name).arg(trial));
            if (!copyFile(m_base, path))
                return QString();
            if (!kind.setUp.isEmpty()) {
                auto db = Database::open(path, Database::Mode::ReadWrite);
                if (!db || !db.value().exec(QStringLiteral("PRAGMA foreign_keys = ON; ") + kind.setUp))
                    return QString();
            }
            return path;
        }
        const QString folder = m_dir.filePath(QStringLiteral("demo-%1").arg(trial));
        QDir().mkpath(folder);
        const QString path = QDir(folder).filePath(QStringLiteral("demo.assay"));
        if (!copyFile(m_dir.filePath(QStringLiteral("old-demo.assay")), path))
            return QString();
        return path;
    }

    // What a kind starts from, made only for the kinds that need it (ctest runs each kind in
    // a process of its own).
    void makeBase()
    {
        // The base: the demo's knowledge, corpus and generated queries, with an exam taken by
        // five students so that the IRT fit has something to fit.
        m_base = m_dir.filePath(QStringLiteral("base.assay"));
        QVERIFY(test::writeDemoProject(m_base));
        auto project = Project::open(m_base);
        QVERIFY(project.ok());
        QVERIFY(ExamWorkflow::generateGrounded(*project.value(), QStringLiteral("base-exam"), QStringLiteral("short"), 1).ok());
        QVERIFY(ExamWorkflow::take(*project.value(), QStringLiteral("base-exam"),
                                   {QStringLiteral("ir:bm25:1"), QStringLiteral("ir:bm25:3"), QStringLiteral("ir:keyword:1"), QStringLiteral("ir:keyword:5"),
                                    QStringLiteral("oracle-ir")})
                    .ok());
    }

    void makeDocuments()
    {
        // Documents enough for an import that takes a while.
        m_documents = m_dir.filePath(QStringLiteral("documents"));
        QVERIFY(QDir().mkpath(m_documents));
        for (int i = 0; i < 3000; ++i) {
            QFile f(QDir(m_documents).filePath(QStringLiteral("d%1.txt").arg(i, 4, 10, QLatin1Char('0'))));
            QVERIFY(f.open(QIODevice::WriteOnly));
            QByteArray text;
            for (int s = 0; s < 12; ++s)
                text += "Report " + QByteArray::number(i) + " notes sensor " + QByteArray::number((i * 31 + s * 7) % 977) + " near pier " +
                        QByteArray::number(s) + ". ";
            f.write(text);
        }
    }

    void makeOldDemo()
    {
        // A demo project to replace: the demo's knowledge, corpus and queries (not evaluated),
        // marked so that it differs from a new one. Made from the small demo_project fixture,
        // so that this kind need not wait for the evaluated one.
        const QString path = m_dir.filePath(QStringLiteral("old-demo.assay"));
        QVERIFY(test::writeDemoProject(path));
        auto old = Project::open(path);
        QVERIFY(old.ok());
        QVERIFY(old.value()->setProperty(QStringLiteral("marker"), QStringLiteral("the demo before the job")).ok());
    }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        QVERIFY(m_dir.isValid());
    }

    void killedJobsLeaveBeforeOrAfter_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("setUp");
        const auto row = [](const char *name, const QStringList &args, const QString &setUp = {}) {
            QTest::newRow(name) << QString::fromLatin1(name) << args << setUp;
        };
        row("sql-templates", {QStringLiteral("generate"), QStringLiteral("sql-templates"), QStringLiteral("%P"), QStringLiteral("--rules"),
                              QStringLiteral("--threshold"), QStringLiteral("0.9")});
        // The base has every offline template already: the long ones are removed first.
        row("text-templates",
            {QStringLiteral("generate"), QStringLiteral("text-templates"), QStringLiteral("%P"), QStringLiteral("--forms"), QStringLiteral("long"),
             QStringLiteral("--per-template"), QStringLiteral("3"), QStringLiteral("--offline")},
            QStringLiteral("DELETE FROM text_template WHERE form = 'long'"));
        row("queries", {QStringLiteral("generate"), QStringLiteral("queries"), QStringLiteral("%P")});
        row("corpus-import", {QStringLiteral("corpus"), QStringLiteral("import"), QStringLiteral("%P"), QStringLiteral("DOCUMENTS"),
                              QStringLiteral("--chunk"), QStringLiteral("sentences:2")});
        row("exam-generate", {QStringLiteral("exam"), QStringLiteral("generate"), QStringLiteral("%P"), QStringLiteral("--name"), QStringLiteral("long-exam"),
                              QStringLiteral("--from"), QStringLiteral("queries"), QStringLiteral("--form"), QStringLiteral("long")});
        row("exam-take", {QStringLiteral("exam"), QStringLiteral("take"), QStringLiteral("%P"), QStringLiteral("--exam"), QStringLiteral("base-exam"),
                          QStringLiteral("--taker"), QStringLiteral("ir:bm25:2"), QStringLiteral("--taker"), QStringLiteral("ir:keyword:2"),
                          QStringLiteral("--taker"), QStringLiteral("ir:tfidf:1"), QStringLiteral("--taker"), QStringLiteral("ir:tfidf:4")});
        row("irt-fit", {QStringLiteral("irt"), QStringLiteral("fit"), QStringLiteral("%P"), QStringLiteral("--exam"), QStringLiteral("base-exam"),
                        QStringLiteral("--model"), QStringLiteral("2pl")});
        row("demo", {QStringLiteral("demo"), QStringLiteral("--out"), QStringLiteral("%D")});
    }

    void killedJobsLeaveBeforeOrAfter()
    {
        QFETCH(QString, name);
        QFETCH(QStringList, args);
        QFETCH(QString, setUp);
        if (name == QLatin1String("demo") && !m_oldDemoMade) {
            makeOldDemo();
            if (QTest::currentTestFailed())
                return;
            m_oldDemoMade = true;
        } else if (name != QLatin1String("demo") && m_base.isEmpty()) {
            makeBase();
            if (QTest::currentTestFailed())
                return;
        }
        if (args.contains(QStringLiteral("DOCUMENTS")) && m_documents.isEmpty()) {
            makeDocuments();
            if (QTest::currentTestFailed())
                return;
        }
        args.replaceInStrings(QStringLiteral("DOCUMENTS"), m_documents);
        const Kind kind{name, args, setUp};
        // Each kind draws its own moments (ctest runs the kinds as separate processes).
        quint32 seed = 20261125;
        for (const QChar c : name)
            seed = seed * 31 + c.unicode();
        QRandomGenerator random(seed);
        // Runs the job on `project`: to its end (killAfterMs < 0), or killed after killAfterMs or,
        // when `killWhen` is given, as soon as it holds (polled every 20 ms).
        const auto run = [&](const QString &project, qint64 killAfterMs, qint64 *tookMs, QByteArray *out = nullptr,
                             const std::function<bool()> &killWhen = {}) {
            QProcess p;
            p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
            if (!out)
                p.setStandardOutputFile(QProcess::nullDevice());
            QElapsedTimer clock;
            clock.start();
            p.start(QStringLiteral(ASSAY_CLI), argsFor(kind, project));
            if (!p.waitForStarted())
                return -2;
            const auto stillRunning = [&] {
                if (!killWhen)
                    return !p.waitForFinished(int(killAfterMs));
                while (!killWhen() && clock.elapsed() < killAfterMs)
                    if (p.waitForFinished(20))
                        return false;
                return p.state() == QProcess::Running;
            };
            if (killAfterMs >= 0 && stillRunning()) {
                ::kill(pid_t(p.processId()), SIGKILL);
                p.waitForFinished();
                return -1; // killed
            }
            if (killAfterMs < 0)
                p.waitForFinished(600000);
            if (tookMs)
                *tookMs = clock.elapsed();
            if (out)
                *out = p.readAllStandardOutput();
            return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -3;
        };

        // The complete job: how long it takes and what it leaves.
        const QString full = prepare(kind, 0);
        QVERIFY(!full.isEmpty());
        const QString before = fingerprint(full);
        qint64 took = 0;
        QByteArray said;
        QCOMPARE(run(full, -1, &took, &said), 0);
        QCOMPARE(integrity(full), QStringLiteral("ok"));
        const QString after = fingerprint(full);
        QVERIFY2(after != before, "the complete job changed nothing: killing it proves nothing");
        if (name == QLatin1String("demo")) {
            // Run over an older demo, it replaces it rather than failing, says where the report
            // is, and its contexts are the demo's (the same as the fixture's: tst_cli).
            QVERIFY2(said.contains("report.html"), said.constData());
            QCOMPARE(test::contextsDigest(full), test::demoContextsDigest());
        }

        int leftBefore = 0, leftAfter = 0;
        for (int trial = 1; trial <= 6; ++trial) {
            const QString project = prepare(kind, trial);
            QVERIFY(!project.isEmpty());
            QCOMPARE(fingerprint(project), before);
            // Uniform over the job's running time (process start included).
            const qint64 at = qint64(random.bounded(double(took)));
            const int code = run(project, at, nullptr);
            QVERIFY2(code == -1 || code == 0, qPrintable(QStringLiteral("exit %1").arg(code)));
            QCOMPARE(integrity(project), QStringLiteral("ok"));
            const QString now = fingerprint(project);
            QVERIFY2(now == before || now == after,
                     qPrintable(QStringLiteral("%1 killed after %2 of %3 ms: the project holds neither its content before nor after the job")
                                    .arg(name).arg(at).arg(took)));
            (now == before ? leftBefore : leftAfter) += 1;
            qInfo("%s: killed after %lld of %lld ms: %s", qPrintable(name), at, took, now == before ? "as before" : "as after");
        }
        qInfo("%s: 6 kills, %d left the project as before and %d as after the job", qPrintable(name), leftBefore, leftAfter);
        if (name == QLatin1String("demo")) {
            // What a killed build left beside the demo is removed by the next build as it starts.
            int folders = 0;
            for (int trial = 1; trial <= 6; ++trial) {
                const QDir folder(m_dir.filePath(QStringLiteral("demo-%1").arg(trial)));
                const QStringList left = folder.entryList({QStringLiteral(".demo.assay.build-*")}, QDir::Files | QDir::Hidden);
                if (left.isEmpty())
                    continue;
                ++folders;
                // The next build, killed as soon as the leftovers are gone (or after 30 s, when
                // the check below fails) rather than after a fixed time: the demo's first step
                // removes them, so this waits a fraction of a second instead of seconds. Killed,
                // not finished: nothing but its start removed them.
                const auto noneLeft = [&] { return std::none_of(left.begin(), left.end(), [&](const QString &file) { return folder.exists(file); }); };
                QCOMPARE(run(folder.filePath(QStringLiteral("demo.assay")), 30000, nullptr, nullptr, noneLeft), -1);
                for (const QString &file : left)
                    QVERIFY2(!folder.exists(file), qPrintable(file + QStringLiteral(" is still there")));
            }
            qInfo("demo: the next build removed what %d killed builds left", folders);
        }
    }
};

ASSAY_TEST_GUILESS_MAIN(TestProjectKills)

} // namespace tst_projectkills
#include "tst_projectkills.moc"
