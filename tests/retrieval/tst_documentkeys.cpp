// Document keys (issue 49): a knowledge table's rows are documents, by id or by name, and each
// group's true documents follow from the keyed row its answer came from. On the demo world,
// with its three entity tables keyed by name, coverage and precision against the demo's own
// truth are measured and printed; on Spider's company_employee with eight company profiles,
// the truth is checked against a hand count. Declaring keys is one undoable command, and
// assay-cli corpus key / corpus truth do the same from a terminal.
#include "testmain.h"
#include "analysis/chartdata.h"
#include "analysis/runanalysis.h"
#include "cli/clirun.h"
#include "commands/setdocumentkeyscommand.h"
#include "demo/demoproject.h"
#include "grounding/documentkeystore.h"
#include "grounding/groundlinkstore.h"
#include "grounding/keytruth.h"
#include "project/project.h"
#include "testdemo.h"
#include "testsettings.h"

#include <QtTest>

#include <nlohmann/json.hpp>

namespace tst_documentkeys {

using namespace assay;

class TestDocumentKeys : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        QVERIFY(m_dir.isValid());
    }

    void sqlOfTheKeys()
    {
        const QString sql = QStringLiteral("SELECT a.status FROM projects a JOIN clients x ON a.client_id = x.client_id JOIN employees y ON a.lead_id = y.employee_id "
                                           "WHERE x.name = ?1 AND y.role = ?2;");
        const auto tables = KeyTruth::tablesOf(sql);
        QCOMPARE(tables.size(), 3);
        QCOMPARE(tables[0], (std::pair{QStringLiteral("projects"), QStringLiteral("a")}));
        QCOMPARE(tables[2], (std::pair{QStringLiteral("employees"), QStringLiteral("y")}));
        QCOMPARE(KeyTruth::tablesOf(QStringLiteral("SELECT country FROM offices WHERE city = ?1")).front(), (std::pair{QStringLiteral("offices"), QStringLiteral("offices")}));
        QCOMPARE(KeyTruth::firstRowSql(sql, QStringLiteral("a"), QStringLiteral("title")),
                 QStringLiteral("SELECT a.status, \"a\".\"title\" FROM projects a JOIN clients x ON a.client_id = x.client_id JOIN employees y ON a.lead_id = y.employee_id "
                                "WHERE x.name = ?1 AND y.role = ?2"));
        QCOMPARE(KeyTruth::keySql(sql, QStringLiteral("x"), QStringLiteral("name")).left(34), QStringLiteral("SELECT DISTINCT \"x\".\"name\" FROM pr"));
        QVERIFY(KeyTruth::names(QStringLiteral("Client profile: Greyfen Telecom"), QStringLiteral("greyfen telecom")));
        QVERIFY(!KeyTruth::names(QStringLiteral("Client profile: Greyfen Telecoms"), QStringLiteral("Greyfen Telecom"))); // whole words
        QVERIFY(!KeyTruth::names(QStringLiteral("Report 12"), QStringLiteral("12")));                                    // no letter: names nothing
    }

    // The demo world: clients, projects and offices keyed by name. Coverage of the groups with
    // an answer, and precision against the demo's own truth (the documents whose sentences
    // state each fact, docs/METHODS.md §1.6 (2)).
    void demoCoverageAndPrecision()
    {
        auto project = test::openDemoProject(m_dir);
        QVERIFY(project);
        const QVector<DocumentKey> keys{{QStringLiteral("clients"), QStringLiteral("name"), DocumentKey::Match::Name},
                                        {QStringLiteral("projects"), QStringLiteral("title"), DocumentKey::Match::Name},
                                        {QStringLiteral("offices"), QStringLiteral("city"), DocumentKey::Match::Name}};
        QElapsedTimer clock;
        clock.start();
        auto outcome = KeyTruth::compute(*project, keys);
        QVERIFY2(outcome, qPrintable(outcome.error()));
        const qint64 ms = clock.elapsed();
        const KeyTruth::Outcome &o = outcome.value();
        // The demo's truth per group, by template and values.
        QHash<QString, QSet<QString>> demoTruth;
        const Status read = project->database().each(QStringLiteral("SELECT sql_template_id, vals, d.value FROM query_group, json_each(doc_ids) d"), {},
                                                     [&](const Statement &r) { demoTruth[QStringLiteral("%1\x1f%2").arg(r.integer(0)).arg(r.text(1))].insert(r.text(2)); });
        QVERIFY(read);
        qint64 compared = 0, right = 0;
        for (const KeyTruthRow &row : o.rows) {
            if (row.proposal)
                continue; // not truth: waits for a spot check
            const auto truth = demoTruth.constFind(QStringLiteral("%1\x1f%2").arg(row.sqlTemplateId).arg(row.values));
            if (truth == demoTruth.constEnd())
                continue; // a group whose fact the demo withholds: no truth to compare with
            ++compared;
            right += truth->contains(row.docId);
        }
        const double coverage = double(o.grounded) / double(o.groups), precision = double(right) / double(compared);
        qInfo("demo with keys clients.name, projects.title, offices.city (by name): %lld of %lld groups with an answer grounded (%.3f); "
              "precision against the demo's truth %lld of %lld documents (%.3f); %lld ms",
              o.grounded, o.groups, coverage, right, compared, precision, ms);
        QVERIFY2(coverage >= 0.80, qPrintable(QString::number(coverage)));
        QVERIFY2(precision >= 0.97, qPrintable(QString::number(precision))); // issue 49's target; measured 0.977
        // Stored as one undoable command; undo leaves no key and no key truth.
        SetDocumentKeysCommand command(project.get(), QStringLiteral("keys"), keys, o.rows);
        command.redo();
        QVERIFY2(command.error().isEmpty(), qPrintable(command.error()));
        QCOMPARE(DocumentKeyStore(project->database()).keys().value().size(), 3);
        auto grounded = project->database().scalar(QStringLiteral("SELECT count(*) FROM group_truth t JOIN query_group g ON g.id = t.group_id "
                                                                  "WHERE t.doc_ids <> '[]' AND coalesce(g.answer, '') <> ''"));
        QVERIFY(grounded);
        QVERIFY(grounded.value().toLongLong() >= o.grounded); // the view unites key truth with the demo's own
        command.undo();
        QVERIFY(command.error().isEmpty());
        QCOMPARE(DocumentKeyStore(project->database()).keys().value().size(), 0);
        QCOMPARE(DocumentKeyStore(project->database()).truth().value().size(), 0);
    }

    // Where the truth came from (docs/METHODS.md §1.6.5): the evaluated demo's runs were scored
    // on the demo's SQL ids alone; with a key declared, the sentence, the run analysis and the
    // accuracy chart's subtitle name both sources with their group counts.
    void provenanceIsSaid()
    {
        const QString out = m_dir.filePath(QStringLiteral("provenance"));
        QVERIFY2(test::writeDemoOut(out).isEmpty(), "demo output");
        auto opened = Project::open(out + QStringLiteral("/demo.assay"));
        QVERIFY(opened.ok());
        Project &project = *opened.value();
        auto before = GroundLinkStore(project.database()).coverage();
        QVERIFY(before.ok());
        QCOMPARE(before.value().sourcesText(), QStringLiteral("2,264 of 3,644 groups with an answer (62%) have true documents: 2,264 from their SQL's document ids"));
        const QVector<DocumentKey> keys{{QStringLiteral("clients"), QStringLiteral("name"), DocumentKey::Match::Name}};
        auto outcome = KeyTruth::compute(project, keys);
        QVERIFY(outcome.ok());
        SetDocumentKeysCommand command(&project, QStringLiteral("keys"), keys, outcome.value().rows);
        command.redo();
        QVERIFY(command.error().isEmpty());
        auto after = GroundLinkStore(project.database()).coverage();
        QVERIFY(after.ok());
        const GroundLinkStore::Coverage &c = after.value();
        QCOMPARE(c.byKeys, outcome.value().grounded);
        QCOMPARE(c.bySql, qint64(2264));
        QVERIFY(c.grounded >= c.byKeys && c.grounded >= c.bySql && c.grounded <= c.bySql + c.byKeys);
        const QString brief = QStringLiteral("ground truth now: %1% of the groups have true documents (SQL ids 2,264 · keys %2)")
                                  .arg(std::lround(100.0 * double(c.grounded) / double(c.groups)))
                                  .arg(QLocale().toString(c.byKeys));
        QCOMPARE(c.sourcesText(true), brief);
        auto analysis = RunAnalyzer::analyze(project.database(), QStringLiteral("demo/long/bm25-k3"));
        QVERIFY2(analysis.ok(), qPrintable(analysis.error()));
        QCOMPARE(analysis.value().truthSources, brief);
        QVERIFY2(ChartBuilder::accuracyPanel({analysis.value()}).subtitle.contains(QStringLiteral(" · ") + brief + QStringLiteral(" · ")), qPrintable(ChartBuilder::accuracyPanel({analysis.value()}).subtitle));
    }

    // Spider's company_employee with eight profiles whose first line is the company's name:
    // company.Name by name grounds the 2 company templates for those 8 companies (16 groups);
    // the employment groups of their employees (2) get their company's profile as a proposal
    // only, since it does not state the years (docs/METHODS.md §1.6.3).
    void spiderByNameFromTheCommandLine()
    {
        const QString project = m_dir.filePath(QStringLiteral("company.assay"));
        const QString data = QStringLiteral(ASSAY_TEST_DATA "/spider_company_employee/");
        const QList<QStringList> setup{
            {QStringLiteral("new"), project},
            {QStringLiteral("schema"), QStringLiteral("import"), project, QStringLiteral("--sql"), data + QStringLiteral("schema.sql")},
            {QStringLiteral("import"), QStringLiteral("grammar"), project, QStringLiteral("--sql-templates"), data + QStringLiteral("sql_templates.json"),
             QStringLiteral("--text-templates"), QStringLiteral("short=") + data + QStringLiteral("text_templates_short.json")},
            {QStringLiteral("generate"), QStringLiteral("queries"), project},
            {QStringLiteral("corpus"), QStringLiteral("import"), project, data + QStringLiteral("profiles")},
            // A run made before the key: scoring it again reads the truth the key gives.
            {QStringLiteral("run"), project, QStringLiteral("--name"), QStringLiteral("early"), QStringLiteral("--pipeline"), QStringLiteral("retriever=bm25,k=1,reader=none")},
        };
        for (const QStringList &args : setup) {
            const CliOutcome o = runCli(args);
            QVERIFY2(o.code == 0, qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": ") + o.out + o.err));
        }
        const auto retrievalCoverage = [&] {
            const CliOutcome scored = runCli({QStringLiteral("score"), project, QStringLiteral("--run"), QStringLiteral("early"), QStringLiteral("--judge"), QStringLiteral("contains")});
            if (scored.code != 0)
                return QStringLiteral("score failed: ") + scored.err;
            const CliOutcome a = runCli({QStringLiteral("analyze"), QStringLiteral("grammar"), project, QStringLiteral("--run"), QStringLiteral("early"), QStringLiteral("--json")});
            const auto j = nlohmann::json::parse(a.out.toStdString(), nullptr, false);
            return QString::fromStdString(j.is_discarded() ? a.err.toStdString() : j.dump());
        };
        QVERIFY2(retrievalCoverage().contains(QStringLiteral("\"retrieval_coverage\":{\"items\":0,")), qPrintable(retrievalCoverage()));
        CliOutcome o = runCli({QStringLiteral("corpus"), QStringLiteral("key"), project, QStringLiteral("--table"), QStringLiteral("company"), QStringLiteral("--column"),
                            QStringLiteral("Name"), QStringLiteral("--match"), QStringLiteral("name")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        // The industry and headquarters of the 8 companies (16 groups); the years two of their
        // employees worked there are reached along the join, and the company's profile does
        // not state them: proposals for a spot check, not truth (issue 73).
        QVERIFY2(o.out.contains(QStringLiteral("16 of 57 groups with an answer have documents from keys")), qPrintable(o.out));
        QVERIFY2(o.out.contains(QStringLiteral("2 key document(s) of rows on a join path do not state their group's answer: proposed for a spot check (tier 0.35")), qPrintable(o.out));
        QVERIFY2(o.err.contains(QStringLiteral("company: 11 rows name no document")), qPrintable(o.err)); // 19 companies, 8 profiles
        o = runCli({QStringLiteral("corpus"), QStringLiteral("truth"), project, QStringLiteral("--json")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        const auto truth = nlohmann::json::parse(o.out.toStdString());
        QCOMPARE(truth["coverage"]["groups"].get<int>(), 57);
        QCOMPARE(truth["coverage"]["grounded"].get<int>(), 16);
        QCOMPARE(truth["coverage"]["by_source"]["key"].get<int>(), 16);
        bool usa = false; // the absent-answer diagnostic rides along (issue 48)
        for (const auto &v : truth["absent_answers"])
            usa = usa || (v["value"] == "USA" && v["groups"] == 8);
        QVERIFY(usa);
        int checked = 0;
        for (const auto &g : truth["groups"]) {
            const QString values = QString::fromStdString(g["values"].dump());
            if (values.contains(QStringLiteral("ExxonMobil"))) {
                QCOMPARE(g["doc_ids"], nlohmann::json::array({"exxonmobil"}));
                QCOMPARE(g["source"].get<std::string>(), std::string("key"));
                ++checked;
            }
            if (values.contains(QStringLiteral("Chevron")))
                QVERIFY(g["doc_ids"].empty()); // no profile
        }
        QCOMPARE(checked, 2); // its industry and its headquarters
        // 16 groups × 10 short queries: the run made before the key is judged on them now.
        const QString after = retrievalCoverage();
        QVERIFY2(after.contains(QStringLiteral("\"retrieval_coverage\":{\"items\":160,\"of\":570")), qPrintable(after));
        o = runCli({QStringLiteral("corpus"), QStringLiteral("key"), project, QStringLiteral("--table"), QStringLiteral("company"), QStringLiteral("--column"), QStringLiteral("Nope")});
        QCOMPARE(o.code, 1);
        QVERIFY2(o.err.contains(QStringLiteral("table company has no column 'Nope'")), qPrintable(o.err));
        o = runCli({QStringLiteral("corpus"), QStringLiteral("key"), project, QStringLiteral("--list")});
        QCOMPARE(o.out, QStringLiteral("company.Name\tname\n"));
        o = runCli({QStringLiteral("corpus"), QStringLiteral("key"), project, QStringLiteral("--remove"), QStringLiteral("company")});
        QVERIFY2(o.code == 0 && o.out.contains(QStringLiteral("0 of 57")), qPrintable(o.out + o.err));
        o = runCli({QStringLiteral("corpus"), QStringLiteral("key"), project, QStringLiteral("--remove"), QStringLiteral("company")});
        QCOMPARE(o.code, 1);
        QVERIFY2(o.err.contains(QStringLiteral("table company has no document key")), qPrintable(o.err));
    }

    // Keys survive regeneration: declared before any template exists, they ground the groups an
    // import makes, as part of that step.
    void keysApplyToGroupsMadeLater()
    {
        const QString project = m_dir.filePath(QStringLiteral("later.assay"));
        const QString data = QStringLiteral(ASSAY_TEST_DATA "/spider_company_employee/");
        const QList<QStringList> setup{
            {QStringLiteral("new"), project},
            {QStringLiteral("schema"), QStringLiteral("import"), project, QStringLiteral("--sql"), data + QStringLiteral("schema.sql")},
            {QStringLiteral("corpus"), QStringLiteral("import"), project, data + QStringLiteral("profiles")},
            {QStringLiteral("corpus"), QStringLiteral("key"), project, QStringLiteral("--table"), QStringLiteral("company"), QStringLiteral("--column"), QStringLiteral("Name"),
             QStringLiteral("--match"), QStringLiteral("name")},
        };
        for (const QStringList &args : setup) {
            const CliOutcome o = runCli(args);
            QVERIFY2(o.code == 0, qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": ") + o.out + o.err));
        }
        const CliOutcome o = runCli({QStringLiteral("import"), QStringLiteral("grammar"), project, QStringLiteral("--sql-templates"), data + QStringLiteral("sql_templates.json"),
                                  QStringLiteral("--text-templates"), QStringLiteral("short=") + data + QStringLiteral("text_templates_short.json")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        QVERIFY2(o.out.contains(QStringLiteral("Document keys: 16 of 57 groups with an answer have true documents from keys")), qPrintable(o.out));
    }
};

ASSAY_TEST_GUILESS_MAIN(TestDocumentKeys)

} // namespace tst_documentkeys
#include "tst_documentkeys.moc"
