// An agentic run killed with SIGKILL and started again through the CLI: the items that had
// finished keep their stored answers and traces; the unfinished ones start again from their
// first step (their steps already paid come back from the project's cache), and every item
// ends with the scripted five-step trace.
#include "testmain.h"
#include "readers/agenttrace.h"
#include "project/database.h"
#include "project/project.h"
#include "readers/pipelinespec.h"
#include "runs/runstore.h"
#include "endpointprocess.h"
#include "testdemo.h"
#include "testsettings.h"

#include <QProcess>
#include <QtTest>

namespace tst_agentrestart {

using namespace assay;

namespace {

QTemporaryDir &configDir()
{
    static QTemporaryDir dir;
    return dir;
}

QProcessEnvironment cliEnvironment()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), configDir().path());
    return env;
}

int runCli(const QStringList &args)
{
    QProcess p;
    p.setProcessEnvironment(cliEnvironment());
    p.start(QStringLiteral(ASSAY_CLI), args);
    if (!p.waitForFinished(120000)) {
        p.kill();
        return -2;
    }
    if (p.exitCode() != 0)
        qWarning("%s", p.readAllStandardError().constData());
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

qint64 count(const QString &path, const QString &where)
{
    auto db = Database::open(path, Database::Mode::ReadOnly);
    if (!db)
        return -1;
    auto v = db.value().scalar(QStringLiteral("SELECT count(*) FROM run_item i JOIN run r ON r.id = i.run_id WHERE r.name = 'killed' AND %1").arg(where));
    return v ? v.value().toLongLong() : -1;
}

} // namespace

class TestAgentRestart : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { test::isolateSettings(); }

    void killedRunRestartsUnfinishedItemsFromTheirFirstStep()
    {
        const QString script = m_dir.filePath(QStringLiteral("agent.json"));
        {
            QFile f(script);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"": [
                {"turn": 0, "content": "Thought: search first.\nAction: Search[office]"},
                {"turn": 1, "content": "Thought: look it up.\nAction: Lookup[office]"},
                {"turn": 2, "content": "Thought: the tables.\nAction: List_tables[]"},
                {"turn": 3, "content": "Thought: count them.\nAction: Sql[SELECT count(*) FROM offices]"},
                {"turn": 4, "content": "Thought: done.\nAction: Finish[six]"}]})");
        }
        // Each reply takes 40 ms, so the run is still going when it is killed.
        test::EndpointProcess endpoint(QStringLiteral(ASSAY_TEST_ENDPOINT), {QStringLiteral("--agent-script"), script, QStringLiteral("--latency"), QStringLiteral("40")});
        QVERIFY(endpoint.port() > 0);
        QCOMPARE(runCli({QStringLiteral("llm"), QStringLiteral("profile"), QStringLiteral("add"), QStringLiteral("local"), QStringLiteral("--base-url"),
                         QStringLiteral("http://127.0.0.1:%1/v1").arg(endpoint.port()), QStringLiteral("--model"), QStringLiteral("m"),
                         QStringLiteral("--concurrency"), QStringLiteral("4")}),
                 0);
        // The run of 60 items is created beforehand; the CLI continues it.
        const QString spec = QStringLiteral("retriever=bm25,k=3,reader=react:local");
        QString path;
        {
            auto project = test::openDemoProject(m_dir);
            QVERIFY(project);
            path = project->path();
            RunStore store(project->database());
            auto id = store.openOrCreate(QStringLiteral("killed"), PipelineSpec::parse(spec).value(), QStringLiteral("short"));
            QVERIFY2(id, qPrintable(id.error()));
            QVERIFY(project->database().exec(QStringLiteral("DELETE FROM run_item WHERE run_id = %1 AND id NOT IN "
                                                            "(SELECT id FROM run_item WHERE run_id = %1 ORDER BY id LIMIT 60)").arg(id.value())));
        }
        const QStringList args{QStringLiteral("run"), path, QStringLiteral("--name"), QStringLiteral("killed"), QStringLiteral("--pipeline"), spec,
                               QStringLiteral("--set"), QStringLiteral("short")};
        QProcess first;
        first.setProcessEnvironment(cliEnvironment());
        first.start(QStringLiteral(ASSAY_CLI), args);
        QVERIFY(first.waitForStarted());
        qint64 done = 0;
        for (int i = 0; i < 3000 && first.state() == QProcess::Running && done < 12; ++i) {
            QTest::qWait(10);
            done = count(path, QStringLiteral("i.status = 'done'"));
        }
        QVERIFY2(first.state() == QProcess::Running, "the run finished before it could be killed");
        first.kill(); // SIGKILL
        QVERIFY(first.waitForFinished(5000));
        QCOMPARE(first.exitStatus(), QProcess::CrashExit);
        const qint64 finishedAtKill = count(path, QStringLiteral("i.status = 'done'"));
        QVERIFY(finishedAtKill >= 12 && finishedAtKill < 60);
        // What the finished items stored, to compare after the restart.
        auto snapshot = [&] {
            QHash<qint64, QString> out;
            auto db = Database::open(path, Database::Mode::ReadOnly);
            auto s = db.value().prepare(QStringLiteral("SELECT i.id, i.trace FROM run_item i JOIN run r ON r.id = i.run_id WHERE r.name = 'killed' AND i.status = 'done'"));
            static_cast<void>(s.value().forEach([&](const Statement &r) { out.insert(r.integer(0), r.text(1)); }));
            return out;
        };
        const QHash<qint64, QString> before = snapshot();
        QCOMPARE(qint64(before.size()), finishedAtKill);
        const int requestsBefore = endpoint.requests();

        QCOMPARE(runCli(args), 0);
        QCOMPARE(count(path, QStringLiteral("1")), qint64(60));
        QCOMPARE(count(path, QStringLiteral("i.status = 'done'")), qint64(60));
        const QHash<qint64, QString> after = snapshot();
        for (auto it = before.begin(); it != before.end(); ++it)
            QCOMPARE(after.value(it.key()), it.value()); // finished items are kept as they were
        const QStringList expected{QStringLiteral("search"), QStringLiteral("lookup"), QStringLiteral("list_tables"), QStringLiteral("sql"), QStringLiteral("finish")};
        for (const QString &stored : after) {
            auto t = AgentTrace::fromJson(stored);
            QVERIFY2(t, qPrintable(t.error()));
            QStringList actions;
            for (const AgentStep &s : t.value().steps())
                actions << s.action;
            QCOMPARE(actions, expected); // every item from its first step to its finish
            QCOMPARE(t.value().stop(), AgentTrace::Stop::Finish);
        }
        // The restarted items asked again only what was not cached: at most the steps of the
        // items that were unfinished, and nothing answered before is paid twice beyond the
        // calls in flight at the kill (4).
        const int asked = endpoint.requests() - requestsBefore;
        QVERIFY2(asked <= (60 - finishedAtKill) * 5, qPrintable(QString::number(asked)));
        QVERIFY2(endpoint.ask("twice") <= 4, qPrintable(QString::number(endpoint.ask("twice"))));
    }
};

ASSAY_TEST_GUILESS_MAIN(TestAgentRestart)

} // namespace tst_agentrestart
#include "tst_agentrestart.moc"
