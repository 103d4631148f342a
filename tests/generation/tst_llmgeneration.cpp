// GRAMMAR-Gen through the LLM client and the local endpoint: SQL templates parsed from a
// reply and taken through validation and measurement, text templates from a JSON list with
// placeholder checks, unparsable replies counted apart, cached reruns that send nothing,
// and a user's edited prompt file taking precedence over the bundled one.
#include "testmain.h"
#include "generation/generationstore.h"
#include "generation/generationworkflow.h"
#include "generation/llmtemplategenerator.h"
#include "generation/promptlibrary.h"
#include "llm/llmclient.h"
#include "llm/llmprofilestore.h"
#include "llm/llmstore.h"
#include "project/project.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgeimporter.h"
#include "schema/sqlscriptreader.h"
#include "testendpoint.h"
#include "testsettings.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

namespace tst_llmgeneration {

using namespace assay;

class TestLlmGeneration : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    assay::test::TestEndpoint m_endpoint;
    std::unique_ptr<Project> m_project;

    LlmProfile profile() const
    {
        LlmProfile p;
        p.name = QStringLiteral("local");
        p.baseUrl = m_endpoint.baseUrl();
        p.model = QStringLiteral("m");
        p.retryBaseMs = 10;
        return p;
    }
    LlmTemplateGenerator::Report run(LlmClient &client, const std::function<void(LlmTemplateGenerator &)> &start)
    {
        LlmTemplateGenerator generator(*m_project, client);
        QSignalSpy finished(&generator, &LlmTemplateGenerator::finished);
        start(generator);
        if (finished.isEmpty())
            finished.wait(20000);
        return finished.isEmpty() ? LlmTemplateGenerator::Report{} : finished.constFirst().at(0).value<LlmTemplateGenerator::Report>();
    }

private slots:
    void initTestCase()
    {
        qRegisterMetaType<LlmTemplateGenerator::Report>();
        test::isolateSettings();
        QVERIFY(m_endpoint.start());
        m_project = Project::create(m_dir.filePath(QStringLiteral("llm.assay"))).take();
        auto schema = SqlScriptReader::read(R"sql(
CREATE TABLE person(person_id INTEGER PRIMARY KEY, name TEXT, city TEXT, team TEXT);
INSERT INTO person VALUES (1, 'Ann', 'Oslo', 'red'), (2, 'Bob', 'Lyon', 'red'), (3, 'Cat', 'Oslo', 'blue');
)sql", QStringLiteral("w.sql"));
        QVERIFY(KnowledgeImporter::import(*m_project, schema.value(), {}).ok());
        m_endpoint.addFixture(QStringLiteral("Table person"), QStringLiteral(
            "Here are the templates:\n1. SELECT city FROM person WHERE name = '[person.name]';\n"
            "- `SELECT team FROM person WHERE name = '[person.name]';`\n"
            "SELECT name FROM person WHERE city = '[person.city]';\n"
            "SELECT colour FROM person WHERE name = '[person.name]';\nThat is all."));
        m_endpoint.addFixture(QStringLiteral("Form: short"), QStringLiteral(
            "```json\n[\"city of '[person.name]'\", \"'[person.name]' city?\", \"a city somewhere\"]\n```"));
        m_endpoint.addFixture(QStringLiteral("Form: long"), QStringLiteral("I am sorry, I cannot help with that."));
    }

    void sqlTemplatesFromTheLlm()
    {
        LlmStore store(m_project->database());
        LlmClient client(profile(), &store);
        const auto report = run(client, [](LlmTemplateGenerator &g) { g.generateSqlTemplates(); });
        QCOMPARE(report.requests, 1);
        QCOMPARE(report.accepted, 2);
        QCOMPARE(report.review, 1);   // city is not a singular condition
        QCOMPARE(report.rejected, 1); // no such column
        const auto sent = nlohmann::json::parse(m_endpoint.lastBody().toStdString());
        const QString prompt = QString::fromStdString(sent["messages"][0]["content"].get<std::string>());
        QVERIFY(prompt.contains(QLatin1String("singular answer")));
        QVERIFY(prompt.contains(QLatin1String("- person_id INTEGER: primary key")));
        for (const SqlTemplateRecord &r : GenerationStore(m_project->database()).sqlTemplates().value())
            QCOMPARE(r.source, QStringLiteral("llm"));
        // Rerun: answered from the project cache, nothing sent.
        const int before = m_endpoint.requestCount();
        const auto again = run(client, [](LlmTemplateGenerator &g) { g.generateSqlTemplates(); });
        QCOMPARE(again.accepted, 2);
        QCOMPARE(m_endpoint.requestCount(), before);
    }

    void textTemplatesFromTheLlm()
    {
        LlmClient client(profile());
        const auto report = run(client, [](LlmTemplateGenerator &g) { g.generateTextTemplates({QStringLiteral("short"), QStringLiteral("long")}, 3); });
        QCOMPARE(report.requests, 4);       // 2 accepted SQL templates × 2 forms
        QCOMPARE(report.accepted, 4);       // two per SQL template in the short form
        QCOMPARE(report.rejected, 2);       // "a city somewhere" lost its placeholder
        QCOMPARE(report.parseFailures, 2);  // the long-form replies held no JSON list
        QCOMPARE(report.modelErrors, 0);
        bool reasoned = false;
        for (const TextTemplateRecord &t : GenerationStore(m_project->database()).textTemplates().value())
            reasoned = reasoned || (t.state == CurationState::Rejected && t.reason.contains(QLatin1String("loses placeholder [person.name]")));
        QVERIFY(reasoned);
    }

    void modelErrorsAreCounted()
    {
        LlmProfile p = profile();
        p.maxRetries = 0;
        LlmClient client(p);
        m_endpoint.script({{assay::test::TestEndpoint::Fault::Unauthorized, 0}});
        const auto report = run(client, [](LlmTemplateGenerator &g) { g.generateSqlTemplates(QStringLiteral("only two placeholders")); });
        QCOMPARE(report.modelErrors, 1);
        QVERIFY(report.errors.join(QLatin1Char(' ')).contains(QLatin1String("Incorrect API key")));
    }

    // Generating SQL templates again with the LLM when the data changed under a template that
    // has text queries: refused with ErrorCode::WouldRemove and nothing stored (the desktop app
    // asks on that code, the CLI wants --replace), then done once allowed.
    void regeneratingWithTheLlmRefusesToRemoveUnasked()
    {
        QVERIFY(LlmProfileStore::save(profile()).ok());
        GenerationStore store(m_project->database());
        QVERIFY(GenerationWorkflow::buildQueries(*m_project, false).ok());
        const auto textQueries = [&] {
            qint64 n = 0;
            for (const qint64 perForm : store.stats().value().textQueries)
                n += perForm;
            return n;
        };
        const qint64 queries = textQueries();
        QVERIFY(queries > 0);
        // Bob moves: the template reading his city gives other groups now.
        KnowledgeBase *kb = m_project->service<KnowledgeBase>();
        const KnowledgeTable *person = kb->tableNamed(QStringLiteral("person"));
        QVERIFY(person);
        qint64 bob = 0;
        for (const KnowledgeRow &r : kb->rows(person->id).value())
            if (r.value(person->columnNamed(QStringLiteral("name"))->id).toString() == QLatin1String("Bob"))
                bob = r.id;
        QVERIFY(kb->setCell(person->id, bob, person->columnNamed(QStringLiteral("city"))->id, QStringLiteral("Nice")).ok());
        GenerationWorkflow::SqlOptions options;
        options.llmProfile = QStringLiteral("local");
        auto refused = GenerationWorkflow::generateSqlTemplates(*m_project, options);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.code(), ErrorCode::WouldRemove);
        QVERIFY2(refused.error().contains(QLatin1String("generating again would remove")), qPrintable(refused.error()));
        QCOMPARE(textQueries(), queries);
        options.replace = true;
        auto replaced = GenerationWorkflow::generateSqlTemplates(*m_project, options);
        QVERIFY2(replaced.ok(), qPrintable(replaced.error()));
        QVERIFY(textQueries() < queries);
    }

    void editedPromptFileWins()
    {
        const QString user = PromptLibrary::userPath(QStringLiteral("sql_templates"));
        QVERIFY(QDir().mkpath(QFileInfo(user).path()));
        QFile f(user);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("CUSTOM PROMPT for {schema}");
        f.close();
        LlmClient client(profile());
        run(client, [](LlmTemplateGenerator &g) { g.generateSqlTemplates(); });
        const auto sent = nlohmann::json::parse(m_endpoint.lastBody().toStdString());
        QVERIFY(QString::fromStdString(sent["messages"][0]["content"].get<std::string>()).startsWith(QLatin1String("CUSTOM PROMPT for Table person")));
        QFile::remove(user);
    }
};

ASSAY_TEST_GUILESS_MAIN(TestLlmGeneration)

} // namespace tst_llmgeneration
#include "tst_llmgeneration.moc"
