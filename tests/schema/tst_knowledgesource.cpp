// A knowledge source is one class and one registration (docs/ARCHITECTURE.md, "Adding a
// knowledge source"). The source written here reads a SQLite file under its own location
// scheme ("testdb:") but does not offer SQLite to the fill-in, so every reader takes the path
// any other source (a server, a DuckDB file) would take: template checks through the source,
// values and combinations through it, set-based fill-in by rows in key order grouped by the
// engine. A project linked to it must generate exactly what the imported copy of the same
// rows generates, group for group.
#include "testmain.h"
#include "generation/fillinengine.h"
#include "generation/ruleenumerator.h"
#include "generation/grammarjson.h"
#include "generation/sqltemplate.h"
#include "generation/templatevalidator.h"
#include "project/project.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgeconnection.h"
#include "schema/knowledgeimporter.h"
#include "schema/knowledgesourceregistry.h"
#include "schema/sqliteknowledgesource.h"
#include "schema/sqliteschemareader.h"
#include "schema/sqlscriptreader.h"
#include "testsettings.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

namespace tst_knowledgesource {

using namespace assay;

namespace {

const QString scheme = QStringLiteral("testdb:");

// The test's source: a SQLite file read through the interface only.
class TestSource : public KnowledgeSource {
public:
    explicit TestSource(std::unique_ptr<KnowledgeSource> file) : m_file(std::move(file)) {}
    QString describe() const override { return QStringLiteral("test source ") + m_file->describe(); }
    Result<Rows> query(const QString &sql, const QVariantList &params, int maxRows) const override { return m_file->query(sql, params, maxRows); }
    Result<std::unique_ptr<SourceQuery>> prepare(const QString &sql, int parameters) const override
    {
        ++prepared;
        return m_file->prepare(sql, parameters);
    }
    Result<QStringList> check(const QString &sql, int parameters) const override { return m_file->check(sql, parameters); }
    Result<Values> distinctValues(const QString &table, const QString &column, const QString &type) const override
    {
        return m_file->distinctValues(table, column, type);
    }
    QString orderKey(const QString &reference, const QString &type) const override { return m_file->orderKey(reference, type); }
    QVariant stored(const QVariant &raw, const QString &type) const override { return m_file->stored(raw, type); }
    Status exportTo(const QString &path) const override { return m_file->exportTo(path); }
    static inline int prepared = 0;

private:
    std::unique_ptr<KnowledgeSource> m_file;
};

void registerTestSource()
{
    KnowledgeSourceRegistry::Kind kind;
    kind.id = QStringLiteral("testdb");
    kind.takes = [](const QString &location) { return location.startsWith(scheme); };
    kind.open = [](const KnowledgeBase *, const QString &location) -> Result<std::unique_ptr<KnowledgeSource>> {
        auto file = SqliteKnowledgeSource::openFile(location.mid(scheme.size()));
        if (!file)
            return Result<std::unique_ptr<KnowledgeSource>>::failure(file);
        return std::unique_ptr<KnowledgeSource>(new TestSource(file.take()));
    };
    kind.dialect = [](const QString &) { return SqlDialect::SQLite; };
    KnowledgeSourceRegistry::add(std::move(kind));
}

// A group as both sources must give it. A group of several rows answers with the first row
// its source returns, and SQL gives those rows no order (FillInEngine): its answer is left out.
QString describe(const SemanticGroup &g)
{
    QStringList values, documents = g.documentIds;
    for (const QVariant &v : g.values)
        values << QStringLiteral("%1:%2").arg(QString::fromLatin1(v.typeName()), v.toString());
    documents.sort();
    return QStringLiteral("[%1] → %2 (%3 rows, docs %4)")
        .arg(values.join(QStringLiteral(", ")), g.rowCount == 1 ? g.answer : QStringLiteral("(one of several)"))
        .arg(g.rowCount)
        .arg(documents.join(QLatin1Char(',')));
}

} // namespace

class TestKnowledgeSource : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_copy, m_linked;

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        registerTestSource();
        // The Spider company/employee world, imported as a copy; its export is the file the
        // second project links through the test source.
        QFile script(QStringLiteral(ASSAY_TEST_DATA "/spider_company_employee/schema.sql"));
        QVERIFY(script.open(QIODevice::ReadOnly));
        m_copy = Project::create(m_dir.filePath(QStringLiteral("copy.assay"))).take();
        auto schema = SqlScriptReader::read(script.readAll(), QStringLiteral("schema.sql"));
        QVERIFY2(schema, qPrintable(schema.error()));
        QVERIFY(KnowledgeImporter::import(*m_copy, schema.value(), {}).ok());
        const QString file = m_dir.filePath(QStringLiteral("world.sqlite"));
        auto copy = KnowledgeConnection::open(*m_copy->service<KnowledgeBase>());
        QVERIFY2(copy, qPrintable(copy.error()));
        QVERIFY(copy.value().exportTo(file).ok());

        m_linked = Project::create(m_dir.filePath(QStringLiteral("linked.assay"))).take();
        auto structure = SqliteSchemaReader::readFile(file, false);
        QVERIFY2(structure, qPrintable(structure.error()));
        KnowledgeImporter::Options link;
        link.linkPath = scheme + file;
        auto linked = KnowledgeImporter::import(*m_linked, structure.value(), link);
        QVERIFY2(linked, qPrintable(linked.error()));
    }

    void theRegistryChoosesTheTestSource()
    {
        const KnowledgeBase *kb = m_linked->service<KnowledgeBase>();
        QCOMPARE(kb->linkedPath().left(scheme.size()), scheme); // stored as given: the kind has no canonical form
        QCOMPARE(KnowledgeSourceRegistry::kindOf(kb->linkedPath())->id, QStringLiteral("testdb"));
        QVERIFY(!kb->isRemote());
        QCOMPARE(KnowledgeSourceRegistry::dialectOf(*kb), SqlDialect::SQLite);
        auto connection = KnowledgeConnection::open(*kb);
        QVERIFY2(connection, qPrintable(connection.error()));
        QVERIFY(connection.value().source().describe().startsWith(QLatin1String("test source ")));
        QVERIFY(!connection.value().source().sqlite());
        // The built-in kinds are still there, after the test's.
        QCOMPARE(KnowledgeSourceRegistry::ids().mid(0, 2), (QStringList{QStringLiteral("testdb"), QStringLiteral("server")}));
        QCOMPARE(KnowledgeSourceRegistry::kindOf(QString())->id, QStringLiteral("project"));
    }

    void linkedGenerationEqualsTheCopy()
    {
        auto copy = KnowledgeConnection::open(*m_copy->service<KnowledgeBase>());
        auto linked = KnowledgeConnection::open(*m_linked->service<KnowledgeBase>());
        QVERIFY(copy && linked);
        FillInEngine a(copy.value()), b(linked.value());
        QStringList sqls = RuleEnumerator::enumerate(*m_copy->service<KnowledgeBase>());
        auto grammar = GrammarJson::readSqlTemplates(QStringLiteral(ASSAY_TEST_DATA "/spider_company_employee/sql_templates.json"));
        QVERIFY2(grammar, qPrintable(grammar.error()));
        sqls += grammar.value();
        QVERIFY(sqls.size() > 20);
        TestSource::prepared = 0;
        int setBased = 0, groups = 0, singular = 0;
        for (const QString &sql : std::as_const(sqls)) {
            QVERIFY2(TemplateValidator::validate(sql, *m_linked->service<KnowledgeBase>(), linked.value()).ok(), qPrintable(sql));
            for (const auto path : {FillInEngine::Path::Auto, FillInEngine::Path::PerCombination}) {
                auto x = a.run(SqlTemplate(sql), {}, path);
                auto y = b.run(SqlTemplate(sql), {}, path);
                QVERIFY2(x && y, qPrintable(sql + QStringLiteral(": ") + (x ? y.error() : x.error())));
                QCOMPARE(y.value().setBased, x.value().setBased);
                QCOMPARE(y.value().combinations, x.value().combinations);
                QCOMPARE(y.value().skipped, x.value().skipped);
                QCOMPARE(y.value().singularRate, x.value().singularRate);
                QCOMPARE(y.value().groups.size(), x.value().groups.size());
                for (int i = 0; i < x.value().groups.size(); ++i)
                    QVERIFY2(describe(x.value().groups[i]) == describe(y.value().groups[i]),
                             qPrintable(QStringLiteral("%1: group %2: %3 vs %4").arg(sql).arg(i).arg(describe(x.value().groups[i]), describe(y.value().groups[i]))));
                setBased += y.value().setBased;
                groups += int(y.value().groups.size());
                for (const SemanticGroup &g : y.value().groups)
                    singular += g.rowCount == 1;
            }
        }
        QVERIFY(setBased > 10); // the source's own set-based path ran, not only per combination
        QVERIFY(groups > 100);
        QVERIFY(singular > groups / 2); // most answers compared, not only values and counts
        QVERIFY(TestSource::prepared >= sqls.size()); // through the source, not around it
    }

    void theSourceRefusesWrites()
    {
        auto linked = KnowledgeConnection::open(*m_linked->service<KnowledgeBase>());
        QVERIFY(linked);
        const Status write = TemplateValidator::validate(QStringLiteral("SELECT name FROM people WHERE name = '[people.Name]'; DELETE FROM people"),
                                                         *m_linked->service<KnowledgeBase>(), linked.value());
        QVERIFY(!write.ok());
        QVERIFY(!linked.value().query(QStringLiteral("DELETE FROM people")).ok());
    }

    void cleanupTestCase()
    {
        m_linked.reset();
        m_copy.reset();
    }
};

ASSAY_TEST_GUILESS_MAIN(TestKnowledgeSource)

} // namespace tst_knowledgesource
#include "tst_knowledgesource.moc"
