// assay-cli's LLM-backed commands against the loopback endpoint as a real process: every
// command that can call an LLM, run twice, pays nothing the second time and returns (a rerun
// served wholly from the cache once waited forever); a silent endpoint is reported within a
// minute with the profile's defaults, and a slow one still answers.
#include "testmain.h"
#include "support/endpointprocess.h"

#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QRegularExpression>
#include <QtTest>

#include <nlohmann/json.hpp>

namespace tst_llmcli {

namespace {

struct Outcome {
    int code = -1;
    QString out;
    QString err;
    double seconds = 0;
};

QTemporaryDir &configDir()
{
    static QTemporaryDir dir;
    return dir;
}

Outcome runCli(const QStringList &args, int timeoutMs = 120000)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), configDir().path());
    env.insert(QStringLiteral("ASSAY_LLMCLI_KEY"), QStringLiteral("sk-llmcli-0000"));
    p.setProcessEnvironment(env);
    QElapsedTimer clock;
    clock.start();
    p.start(QStringLiteral(ASSAY_CLI), args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
        return {-2, {}, QStringLiteral("did not finish within %1 s").arg(timeoutMs / 1000), clock.elapsed() / 1000.0};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError()), clock.elapsed() / 1000.0};
}

// The endpoint as a process, so that the CLI's blocking runs cannot stall it.
class EndpointProcess : public assay::test::EndpointProcess {
public:
    explicit EndpointProcess(const QStringList &args = {}) : assay::test::EndpointProcess(QStringLiteral(ASSAY_TEST_ENDPOINT), args) {}
};

bool addProfile(const QString &name, int port, const QStringList &extra = {})
{
    return runCli(QStringList{QStringLiteral("llm"), QStringLiteral("profile"), QStringLiteral("add"), name, QStringLiteral("--base-url"),
                              QStringLiteral("http://127.0.0.1:%1/v1").arg(port), QStringLiteral("--model"), QStringLiteral("m"),
                              QStringLiteral("--key-env"), QStringLiteral("ASSAY_LLMCLI_KEY")} +
                  extra)
               .code == 0;
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

// The Spider company/employee schema with GRAMMAR's templates and its short queries.
void makeCompanyProject(const QString &project)
{
    const QString data = QStringLiteral(ASSAY_TEST_DATA "/spider_company_employee/");
    QCOMPARE(runCli({QStringLiteral("new"), project}).code, 0);
    QCOMPARE(runCli({QStringLiteral("schema"), QStringLiteral("import"), project, QStringLiteral("--sql"), data + QStringLiteral("schema.sql")}).code, 0);
    QCOMPARE(runCli({QStringLiteral("import"), QStringLiteral("grammar"), project, QStringLiteral("--sql-templates"), data + QStringLiteral("sql_templates.json"),
                     QStringLiteral("--text-templates"), QStringLiteral("short=") + data + QStringLiteral("text_templates_short.json")})
                 .code,
             0);
    QCOMPARE(runCli({QStringLiteral("generate"), QStringLiteral("queries"), project}).code, 0);
}

} // namespace

class TestLlmCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void everyLlmCommandTwiceSecondFromCache()
    {
        EndpointProcess endpoint;
        QVERIFY(endpoint.port() > 0);
        QVERIFY(addProfile(QStringLiteral("twice"), endpoint.port()));
        const QString project = m_dir.filePath(QStringLiteral("twice.assay"));
        makeCompanyProject(project);
        if (QTest::currentTestFailed())
            return;
        const QString corpus = m_dir.filePath(QStringLiteral("corpus"));
        QVERIFY(QDir().mkpath(corpus));
        writeFile(corpus + QStringLiteral("/acme.txt"), "Acme Corp is a banking company headquartered in Oslo. It employs Ada Smith since 2010.");
        writeFile(corpus + QStringLiteral("/bolt.txt"), "Bolt Ltd builds oil rigs; its headquarters are in Houston. Bob Jones graduated from MIT.");
        QCOMPARE(runCli({QStringLiteral("corpus"), QStringLiteral("import"), project, corpus}).code, 0);
        const QString benchmark = m_dir.filePath(QStringLiteral("garage.jsonl"));
        writeFile(benchmark, R"({"id": "q1", "question": "Who founded Acme?", "grounding": [{"cite_1": {"text": "Acme was founded by Ada.", "provider": "web"}}], "evidence_relevant": ["YES"], "answer_generate": "Ada."})"
                             "\n");
        const QString responses = m_dir.filePath(QStringLiteral("responses.jsonl"));
        writeFile(responses, "{\"id\": \"q1\", \"response\": \"Ada founded it [cite_1].\"}\n");
        const QString batchRequests = m_dir.filePath(QStringLiteral("batch-requests.jsonl"));
        const QString batchResults = m_dir.filePath(QStringLiteral("batch-results.jsonl"));
        const QString prompts = m_dir.filePath(QStringLiteral("prompts.jsonl"));
        writeFile(prompts, "{\"id\": \"p1\", \"user\": \"Say yes.\"}\n");

        struct Command {
            const char *what;
            QStringList first, second;
        };
        const QString p = QStringLiteral("twice");
        const QList<Command> commands{
            {"generate sql-templates", {QStringLiteral("generate"), QStringLiteral("sql-templates"), project, QStringLiteral("--llm"), p}, {}},
            {"generate text-templates",
             {QStringLiteral("generate"), QStringLiteral("text-templates"), project, QStringLiteral("--forms"), QStringLiteral("short"), QStringLiteral("--per-template"),
              QStringLiteral("2"), QStringLiteral("--llm"), p},
             {}},
            {"run llm: reader",
             {QStringLiteral("run"), project, QStringLiteral("--name"), QStringLiteral("r1"), QStringLiteral("--pipeline"), QStringLiteral("retriever=bm25,k=1,reader=llm:twice"),
              QStringLiteral("--set"), QStringLiteral("short")},
             {QStringLiteral("run"), project, QStringLiteral("--name"), QStringLiteral("r2"), QStringLiteral("--pipeline"), QStringLiteral("retriever=bm25,k=1,reader=llm:twice"),
              QStringLiteral("--set"), QStringLiteral("short")}},
            {"score llm: judge", {QStringLiteral("score"), project, QStringLiteral("--run"), QStringLiteral("r1"), QStringLiteral("--judge"), QStringLiteral("llm:twice")}, {}},
            {"exam generate --from corpus",
             {QStringLiteral("exam"), QStringLiteral("generate"), project, QStringLiteral("--name"), QStringLiteral("e1"), QStringLiteral("--from"), QStringLiteral("corpus"),
              QStringLiteral("--llm"), p},
             {QStringLiteral("exam"), QStringLiteral("generate"), project, QStringLiteral("--name"), QStringLiteral("e2"), QStringLiteral("--from"), QStringLiteral("corpus"),
              QStringLiteral("--llm"), p}},
            {"exam take llm-letter",
             {QStringLiteral("exam"), QStringLiteral("take"), project, QStringLiteral("--exam"), QStringLiteral("g"), QStringLiteral("--taker"), QStringLiteral("llm-letter:twice")},
             {}},
            {"analyze garage with a judge",
             {QStringLiteral("analyze"), QStringLiteral("garage"), project, QStringLiteral("--benchmark"), benchmark, QStringLiteral("--responses"), responses,
              QStringLiteral("--judge"), p, QStringLiteral("--json")},
             {}},
        };
        // An exam whose takes call the LLM: grounded in the query set, offline.
        QCOMPARE(runCli({QStringLiteral("exam"), QStringLiteral("generate"), project, QStringLiteral("--name"), QStringLiteral("g"), QStringLiteral("--from"),
                         QStringLiteral("queries")})
                     .code,
                 0);
        for (const Command &c : commands) {
            const int before = endpoint.requests();
            Outcome o = runCli(c.first, 60000);
            QVERIFY2(o.code == 0, qPrintable(QStringLiteral("%1, first run: %2 %3").arg(QLatin1String(c.what), o.out, o.err)));
            const int paid = endpoint.requests() - before;
            QVERIFY2(paid > 0, c.what);
            o = runCli(c.second.isEmpty() ? c.first : c.second, 60000);
            QVERIFY2(o.code == 0, qPrintable(QStringLiteral("%1, second run: %2 %3").arg(QLatin1String(c.what), o.out, o.err)));
            QVERIFY2(endpoint.requests() - before == paid, qPrintable(QStringLiteral("%1: the second run sent %2 requests").arg(QLatin1String(c.what)).arg(endpoint.requests() - before - paid)));
        }
        // Batch files: exported requests, results read back into the cache, twice.
        QCOMPARE(runCli({QStringLiteral("llm"), QStringLiteral("batch"), QStringLiteral("export"), p, QStringLiteral("--prompts"), prompts, QStringLiteral("--out"), batchRequests})
                     .code,
                 0);
        QFile requestsFile(batchRequests);
        QVERIFY(requestsFile.open(QIODevice::ReadOnly));
        const auto request = nlohmann::json::parse(requestsFile.readLine().toStdString());
        writeFile(batchResults, QByteArray::fromStdString(nlohmann::json{{"custom_id", request["custom_id"]},
                                                                        {"response", {{"status_code", 200}, {"body", {{"choices", {{{"message", {{"role", "assistant"}, {"content", "yes"}}}}}}}}}}}
                                                              .dump() +
                                                          "\n"));
        const int before = endpoint.requests();
        for (int i = 0; i < 2; ++i) {
            const Outcome o = runCli({QStringLiteral("llm"), QStringLiteral("batch"), QStringLiteral("import"), p, QStringLiteral("--requests"), batchRequests,
                                      QStringLiteral("--results"), batchResults, QStringLiteral("--project"), project});
            QVERIFY2(o.code == 0, qPrintable(o.err));
        }
        QCOMPARE(endpoint.requests(), before);
    }

    void faultMixErrorsHaveClassesAndRetryFailedRunsOnlyThem()
    {
        // About every fourth request fails, each fault kind often enough to appear; no retries,
        // so each item costs exactly one request per execution. (Connection resets are left
        // out here: Qt itself sends a request again once after a reset, so the count would not
        // be exact; tst_llmclient checks their class and bench_faults includes them.)
        EndpointProcess endpoint({QStringLiteral("--faults"), QStringLiteral("rate_limited=6,server=6,hang=3,truncated=6,invalid_json=6"),
                                  QStringLiteral("--seed"), QStringLiteral("5")});
        QVERIFY(endpoint.port() > 0);
        QVERIFY(addProfile(QStringLiteral("faulty"), endpoint.port(),
                           {QStringLiteral("--retries"), QStringLiteral("0"), QStringLiteral("--first-byte-timeout"), QStringLiteral("1"),
                            QStringLiteral("--breaker"), QStringLiteral("100")}));
        const QString project = m_dir.filePath(QStringLiteral("faults.assay"));
        makeCompanyProject(project);
        if (QTest::currentTestFailed())
            return;
        const QStringList run{QStringLiteral("run"), project, QStringLiteral("--name"), QStringLiteral("f"), QStringLiteral("--pipeline"),
                              QStringLiteral("retriever=bm25,k=1,reader=llm:faulty")};
        const auto summary = [&] {
            const Outcome o = runCli({QStringLiteral("runs"), project, QStringLiteral("--json")});
            return nlohmann::json::parse(o.out.toStdString(), nullptr, false).at(0);
        };
        const int before = endpoint.requests();
        Outcome o = runCli(run);
        QVERIFY2(o.code == 5, qPrintable(o.out + o.err)); // finished, holding failed items
        QVERIFY2(o.out.contains(QLatin1String("failed items by class")), qPrintable(o.out));
        const auto first = summary();
        const qint64 items = first["items"], done = first["done"], errors = first["errors"];
        // One request per item, less those whose prompt an earlier item had already asked.
        const int sent = endpoint.requests() - before;
        QVERIFY2(sent <= items && sent >= items * 9 / 10, qPrintable(QStringLiteral("%1 requests for %2 items").arg(sent).arg(items)));
        QCOMPARE(done + errors, items);
        QVERIFY2(errors >= items / 10 && errors <= items / 2, qPrintable(QString::fromStdString(first.dump())));
        const QSet<QString> classes{QStringLiteral("rate_limited"), QStringLiteral("server"), QStringLiteral("timeout"),
                                    QStringLiteral("truncated"), QStringLiteral("invalid_json"), QStringLiteral("connection")};
        qint64 classified = 0;
        for (auto it = first["errors_by_class"].begin(); it != first["errors_by_class"].end(); ++it) {
            QVERIFY2(classes.contains(QString::fromStdString(it.key())), it.key().c_str());
            classified += it.value().get<qint64>();
        }
        QCOMPARE(classified, errors);
        QVERIFY2(first["errors_by_class"].size() >= 4, first["errors_by_class"].dump().c_str());

        // Only the failed items run again: one request each at most (a failed item whose prompt
        // another item had answered meanwhile is served from the cache).
        const int beforeRetry = endpoint.requests();
        o = runCli(run + QStringList{QStringLiteral("--retry-failed")});
        QVERIFY2(o.code == 0 || o.code == 5, qPrintable(o.out + o.err));
        QVERIFY2(o.out.contains(QStringLiteral("%1 failed items to execute again").arg(errors)), qPrintable(o.out));
        QVERIFY2(o.out.contains(QStringLiteral("%1 items executed").arg(errors)), qPrintable(o.out));
        const int resent = endpoint.requests() - beforeRetry;
        QVERIFY2(resent <= errors && resent >= errors * 9 / 10, qPrintable(QStringLiteral("%1 requests for %2 failed items").arg(resent).arg(errors)));
        const auto second = summary();
        QCOMPARE(second["done"].get<qint64>() + second["errors"].get<qint64>(), items);
        QVERIFY(second["done"].get<qint64>() > done);
        // Again: only the items still failed are sent (none, when none are left).
        const qint64 stillFailed = second["errors"];
        const int beforeThird = endpoint.requests();
        o = runCli(run + QStringList{QStringLiteral("--retry-failed")});
        QCOMPARE(o.code, stillFailed > 0 ? 5 : 0);
        QVERIFY2(o.out.contains(QStringLiteral("%1 items executed").arg(stillFailed)), qPrintable(o.out));
        QVERIFY(endpoint.requests() - beforeThird <= stillFailed);
    }

    void silentEndpointReportedWithinAMinute()
    {
        // Defaults: connect 10 s, first byte 25 s, breaker after 3 silent attempts (2 while the
        // endpoint has never answered).
        EndpointProcess silent({QStringLiteral("--hang")});
        QVERIFY(addProfile(QStringLiteral("silent"), silent.port()));
        const Outcome ping = runCli({QStringLiteral("llm"), QStringLiteral("ping"), QStringLiteral("silent")}, 90000);
        QCOMPARE(ping.code, 1);
        QVERIFY2(ping.seconds < 60, qPrintable(QString::number(ping.seconds)));
        QVERIFY2(ping.err.contains(QLatin1String("no first byte within 25 s")), qPrintable(ping.err));
        // Many requests, retried: the breaker fails them all at once, within the minute.
        const Outcome bench = runCli({QStringLiteral("llm"), QStringLiteral("bench"), QStringLiteral("silent"), QStringLiteral("--requests"), QStringLiteral("50"),
                                      QStringLiteral("--concurrency"), QStringLiteral("4"), QStringLiteral("--json")},
                                     90000);
        QCOMPARE(bench.code, 1); // requests failed
        QVERIFY2(bench.seconds < 60, qPrintable(QString::number(bench.seconds)));
        QCOMPARE(nlohmann::json::parse(bench.out.toStdString())["failed"].get<int>(), 50);
        QVERIFY2(bench.err.contains(QLatin1String("not responding (2 timeouts in a row")), qPrintable(bench.err.left(2000)));
        QVERIFY(silent.requests() <= 8);
    }

    void failingEndpointStopsWithinAMinute()
    {
        // Every request gets HTTP 500 with the same body. Each is retried; once every attempt
        // has failed for the breaker's window (20 s) the profile's work fails at once, naming
        // the status and the server's text, instead of 7 attempts with backoff per item.
        EndpointProcess broken({QStringLiteral("--always-500")});
        QVERIFY(broken.port() > 0);
        QVERIFY(addProfile(QStringLiteral("broken"), broken.port()));
        const QString project = m_dir.filePath(QStringLiteral("broken.assay"));
        makeCompanyProject(project);
        if (QTest::currentTestFailed())
            return;
        const QRegularExpression named(QStringLiteral("answered HTTP 500 to \\d+ requests in a row over [\\d.]+ s: HTTP 500: The server had an error"));
        const QStringList run{QStringLiteral("run"), project, QStringLiteral("--name"), QStringLiteral("b"), QStringLiteral("--pipeline"),
                              QStringLiteral("retriever=bm25,k=1,reader=llm:broken"), QStringLiteral("--set"), QStringLiteral("short")};
        Outcome o = runCli(run, 120000);
        QVERIFY2(o.seconds < 60, qPrintable(QStringLiteral("%1 s").arg(o.seconds)));
        QVERIFY2((o.out + o.err).contains(named), qPrintable((o.out + o.err).left(3000)));
        // A run that ends holding failed items exits 5 and says how to execute them again.
        QCOMPARE(o.code, 5);
        QVERIFY2(o.err.contains(QLatin1String("Run b: 570 items failed: run again with --retry-failed")), qPrintable(o.err.left(3000)));
        // Every item is left failed, for --retry-failed to take up later.
        const auto runs = nlohmann::json::parse(runCli({QStringLiteral("runs"), project, QStringLiteral("--json")}).out.toStdString(), nullptr, false);
        QVERIFY(runs.is_array() && !runs.empty());
        const qint64 items = runs.at(0)["items"], errors = runs.at(0)["errors"];
        QVERIFY(items > 100);
        QCOMPARE(errors, items);
        // At most `concurrency` calls in progress, retries included: tens of requests, not hundreds.
        QVERIFY2(broken.requests() < 80, qPrintable(QString::number(broken.requests())));
        // The defaults are checked above; the rest of the test gives up after 5 s of failures.
        QVERIFY(addProfile(QStringLiteral("broken"), broken.port(), {QStringLiteral("--breaker-window"), QStringLiteral("5")}));
        // Asked for again by name, the finished run says what it holds.
        o = runCli(run, 120000);
        QCOMPARE(o.code, 5);
        QVERIFY2(o.out.contains(QLatin1String("0 items executed")) && o.err.contains(QLatin1String("570 items failed")), qPrintable(o.out + o.err));
        o = runCli(run + QStringList{QStringLiteral("--retry-failed")}, 120000);
        QVERIFY2(o.out.contains(QStringLiteral("%1 failed items to execute again").arg(items)), qPrintable(o.out + o.err));
        QVERIFY2(o.seconds < 60, qPrintable(QStringLiteral("%1 s").arg(o.seconds)));

        // A gate whose candidate meets the outage cannot evaluate: exit 4, a JUnit <error>
        // naming the cause, a Markdown line, never "REGRESSION" blamed on a module.
        QCOMPARE(runCli({QStringLiteral("run"), project, QStringLiteral("--name"), QStringLiteral("base"), QStringLiteral("--pipeline"),
                         QStringLiteral("retriever=bm25,k=1,reader=none"), QStringLiteral("--set"), QStringLiteral("short")}).code,
                 0);
        QCOMPARE(runCli({QStringLiteral("score"), project, QStringLiteral("--run"), QStringLiteral("base"), QStringLiteral("--judge"), QStringLiteral("contains")}).code, 0);
        // Items that failed are not judged: they have no verdict, neither right nor wrong.
        o = runCli({QStringLiteral("score"), project, QStringLiteral("--run"), QStringLiteral("b"), QStringLiteral("--judge"), QStringLiteral("contains")});
        QCOMPARE(o.code, 0);
        QVERIFY2(o.out.contains(QStringLiteral("0 correct, 0 incorrect, 0 unread, %1 failed (not judged").arg(items)), qPrintable(o.out));
        const QString junit = m_dir.filePath(QStringLiteral("outage.xml")), markdown = m_dir.filePath(QStringLiteral("outage.md"));
        o = runCli({QStringLiteral("gate"), project, QStringLiteral("--run"), QStringLiteral("b"), QStringLiteral("--baseline"), QStringLiteral("base"),
                    QStringLiteral("--junit"), junit, QStringLiteral("--markdown"), markdown, QStringLiteral("--json")});
        QCOMPARE(o.code, 4);
        const auto gate = nlohmann::json::parse(o.out.toStdString(), nullptr, false);
        QCOMPARE(gate["verdict"].get<std::string>(), std::string("error"));
        QCOMPARE(gate["n_failed"].get<qint64>(), items);
        QVERIFY2(o.err.contains(QLatin1String("could not evaluate")), qPrintable(o.err));
        QFile xml(junit), md(markdown);
        QVERIFY(xml.open(QIODevice::ReadOnly) && md.open(QIODevice::ReadOnly));
        const QByteArray xmlText = xml.readAll();
        QVERIFY2(xmlText.contains("errors=\"1\"") && xmlText.contains(QStringLiteral("<error message=\"could not evaluate: %1 of %1 shared items").arg(items).toUtf8())
                     && xmlText.contains("HTTP 500"),
                 xmlText.constData());
        QVERIFY(md.readAll().contains("could not evaluate"));

        // A judge, an exam taker and template generation on the same endpoint stop as fast.
        QCOMPARE(runCli({QStringLiteral("run"), project, QStringLiteral("--name"), QStringLiteral("r"), QStringLiteral("--pipeline"),
                         QStringLiteral("retriever=bm25,k=1,reader=none"), QStringLiteral("--set"), QStringLiteral("short")})
                     .code,
                 0);
        QCOMPARE(runCli({QStringLiteral("exam"), QStringLiteral("generate"), project, QStringLiteral("--name"), QStringLiteral("g"), QStringLiteral("--from"),
                         QStringLiteral("queries")})
                     .code,
                 0);
        const QList<QPair<const char *, QStringList>> commands{
            {"score llm: judge", {QStringLiteral("score"), project, QStringLiteral("--run"), QStringLiteral("r"), QStringLiteral("--judge"), QStringLiteral("llm:broken")}},
            {"exam take llm-letter",
             {QStringLiteral("exam"), QStringLiteral("take"), project, QStringLiteral("--exam"), QStringLiteral("g"), QStringLiteral("--taker"), QStringLiteral("llm-letter:broken")}},
            {"generate sql-templates", {QStringLiteral("generate"), QStringLiteral("sql-templates"), project, QStringLiteral("--llm"), QStringLiteral("broken")}},
        };
        for (const auto &[what, args] : commands) {
            const int before = broken.requests();
            o = runCli(args, 120000);
            QVERIFY2(o.seconds < 60, qPrintable(QStringLiteral("%1: %2 s").arg(QLatin1String(what)).arg(o.seconds)));
            QVERIFY2((o.out + o.err).contains(named), qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(what), (o.out + o.err).left(3000))));
            QVERIFY2(broken.requests() - before < 80, qPrintable(QStringLiteral("%1: %2 requests").arg(QLatin1String(what)).arg(broken.requests() - before)));
        }
        // The judge read nothing: the analysis says so, with a null accuracy, never 0.
        o = runCli({QStringLiteral("analyze"), QStringLiteral("grammar"), project, QStringLiteral("--run"), QStringLiteral("r"), QStringLiteral("--judge"),
                    QStringLiteral("llm:broken"), QStringLiteral("--json")});
        QCOMPARE(o.code, 0);
        const auto grammar = nlohmann::json::parse(o.out.toStdString(), nullptr, false);
        QVERIFY2(grammar["accuracy"].is_null(), o.out.left(400).toUtf8().constData());
        QCOMPARE(grammar["n_read"].get<qint64>(), 0);
        QVERIFY(grammar["n_unread"].get<qint64>() > 100);
        o = runCli({QStringLiteral("analyze"), QStringLiteral("grammar"), project, QStringLiteral("--run"), QStringLiteral("r"), QStringLiteral("--judge"),
                    QStringLiteral("llm:broken")});
        QVERIFY2(o.out.contains(QLatin1String("no verdicts: ")) && o.out.contains(QLatin1String(" unread, 0 failed")), qPrintable(o.out));
    }

    // An endpoint whose replies carry no "usage": the run says its token and cost totals leave
    // those answers out, instead of reporting 0 tokens as if they were free (issue 48).
    void repliesWithoutUsageAreNamed()
    {
        EndpointProcess bare({QStringLiteral("--no-usage")});
        QVERIFY(bare.port() > 0);
        QVERIFY(addProfile(QStringLiteral("bare"), bare.port()));
        const QString project = m_dir.filePath(QStringLiteral("bare.assay"));
        makeCompanyProject(project);
        if (QTest::currentTestFailed())
            return;
        const Outcome o = runCli({QStringLiteral("run"), project, QStringLiteral("--name"), QStringLiteral("u"), QStringLiteral("--pipeline"),
                                  QStringLiteral("retriever=bm25,k=1,reader=llm:bare"), QStringLiteral("--set"), QStringLiteral("short")},
                                 120000);
        QVERIFY2(o.code == 0, qPrintable(o.err));
        QVERIFY2(o.out.contains(QStringLiteral("Run u: the endpoint reported no token usage for 570 of the answers")), qPrintable(o.out));
    }

    void slowEndpointStillAnswers()
    {
        // The first byte after 20 s (Qt's coarse timer may fire it a little early) is within
        // the defaults' 25 s.
        EndpointProcess slow({QStringLiteral("--latency"), QStringLiteral("20000")});
        QVERIFY(addProfile(QStringLiteral("slow"), slow.port()));
        const Outcome ping = runCli({QStringLiteral("llm"), QStringLiteral("ping"), QStringLiteral("slow")}, 90000);
        QVERIFY2(ping.code == 0, qPrintable(ping.err));
        QVERIFY(ping.out.contains(QLatin1String("pong")));
        QVERIFY2(ping.seconds >= 19, qPrintable(QStringLiteral("%1 s: %2").arg(ping.seconds).arg(ping.out)));
    }

    void profileTimeoutsFromTheCommandLine()
    {
        QVERIFY(addProfile(QStringLiteral("tuned"), 9, {QStringLiteral("--connect-timeout"), QStringLiteral("3"), QStringLiteral("--first-byte-timeout"),
                                                         QStringLiteral("40"), QStringLiteral("--breaker"), QStringLiteral("5")}));
        const Outcome o = runCli({QStringLiteral("llm"), QStringLiteral("profile"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(o.code, 0);
        for (const auto &profile : nlohmann::json::parse(o.out.toStdString()))
            if (profile["name"] == "tuned") {
                QCOMPARE(profile["connect_timeout_s"].get<double>(), 3.0);
                QCOMPARE(profile["first_byte_timeout_s"].get<double>(), 40.0);
                QCOMPARE(profile["breaker_threshold"].get<int>(), 5);
                return;
            }
        QFAIL("the profile was not listed");
    }
};

ASSAY_TEST_GUILESS_MAIN(TestLlmCli)

} // namespace tst_llmcli
#include "tst_llmcli.moc"
