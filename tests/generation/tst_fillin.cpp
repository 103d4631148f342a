// Set-based fill-in against GRAMMAR's per-combination engine: on every rule template of the
// demo, on GRAMMAR's Spider templates (joins with aliases), and on generated tables with NULLs,
// duplicates, several rows per combination, mixed value types and a document column, both
// paths give the same groups in the same order (values, answer, row count, documents), the
// same combination and skip counts and the same singular-answer rate. Shapes the planner does
// not read keep the per-combination path, and a product over the budget is refused with the
// reason instead of running for hours.
#include "testmain.h"
#include "core/job.h"
#include "generation/fillinengine.h"
#include "generation/ruleenumerator.h"
#include "generation/setbasedfillin.h"
#include "generation/sqltemplateintake.h"
#include "generation/generationstore.h"
#include "generation/grouprows.h"
#include "project/database.h"
#include "generation/grammarjson.h"
#include "project/project.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgeconnection.h"
#include "schema/knowledgeimporter.h"
#include "schema/knowledgevalue.h"
#include "schema/sqlscriptreader.h"
#include "testdemo.h"
#include "testsettings.h"

#include <QFile>
#include <QRandomGenerator>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace tst_fillin {

using namespace assay;

namespace {

QString describe(const SemanticGroup &g)
{
    QStringList values;
    for (const QVariant &v : g.values)
        values << QStringLiteral("%1:%2").arg(QString::fromLatin1(v.typeName()), v.toString());
    return QStringLiteral("[%1] → %2 (%3 rows, docs %4)").arg(values.join(QStringLiteral(", ")), g.answer).arg(g.rowCount).arg(g.documentIds.join(QLatin1Char(',')));
}

// Both paths on one template; false with a message naming the first difference.
bool samePaths(FillInEngine &engine, const QString &sql, QString *message, bool expectSetBased = true)
{
    const SqlTemplate t(sql);
    auto set = engine.run(t, {}, FillInEngine::Path::Auto);
    auto per = engine.run(t, {}, FillInEngine::Path::PerCombination);
    if (!set || !per) {
        *message = sql + QStringLiteral(": ") + (!set ? set.error() : per.error());
        return false;
    }
    const FillInEngine::Outcome &a = set.value(), &b = per.value();
    if (a.setBased != expectSetBased) {
        QString why;
        SetBasedFillIn::plan(t, &why);
        *message = QStringLiteral("%1: set-based %2 (%3)").arg(sql).arg(a.setBased).arg(why);
        return false;
    }
    if (a.groups.size() != b.groups.size() || a.combinations != b.combinations || a.skipped != b.skipped || a.singularRate != b.singularRate) {
        *message = QStringLiteral("%1: groups %2 vs %3, combinations %4 vs %5, skipped %6 vs %7, rate %8 vs %9")
                       .arg(sql).arg(a.groups.size()).arg(b.groups.size()).arg(a.combinations).arg(b.combinations).arg(a.skipped).arg(b.skipped)
                       .arg(a.singularRate).arg(b.singularRate);
        return false;
    }
    for (int i = 0; i < a.groups.size(); ++i)
        if (describe(a.groups[i]) != describe(b.groups[i])) {
            *message = QStringLiteral("%1: group %2 is %3, per combination %4").arg(sql).arg(i).arg(describe(a.groups[i]), describe(b.groups[i]));
            return false;
        }
    return true;
}

// Generated tables: NULLs, duplicates, several rows per combination, a column of mixed types,
// a document column and a second table joined to the first.
QByteArray generatedWorld(quint32 seed)
{
    QRandomGenerator rng(seed);
    QByteArray sql = "CREATE TABLE site (site_id INTEGER PRIMARY KEY, region TEXT, code);\n"
                     "CREATE TABLE item (item_id INTEGER PRIMARY KEY, name TEXT, colour TEXT, size INTEGER, mixed, doc_id TEXT, "
                     "site_id INTEGER REFERENCES site(site_id));\n";
    const char *regions[] = {"north", "south", "east", "west"};
    for (int s = 1; s <= 12; ++s)
        sql += QStringLiteral("INSERT INTO site VALUES (%1, %2, %3);\n")
                   .arg(s)
                   .arg(s % 5 == 0 ? QStringLiteral("NULL") : QStringLiteral("'%1'").arg(QLatin1String(regions[s % 4])))
                   .arg(s % 3 == 0 ? QString::number(s * 10) : QStringLiteral("'c%1'").arg(s))
                   .toUtf8();
    const char *colours[] = {"red", "green", "blue", "O'Hara grey"};
    for (int i = 1; i <= 400; ++i) {
        const QString colour = rng.bounded(9) == 0 ? QStringLiteral("NULL") : QStringLiteral("'%1'").arg(QString::fromLatin1(colours[rng.bounded(4)]).replace(QLatin1Char('\''), QStringLiteral("''")));
        const QString size = rng.bounded(10) == 0 ? QStringLiteral("NULL") : QString::number(rng.bounded(6));
        const QString mixed = rng.bounded(3) == 0 ? QString::number(rng.bounded(5)) : rng.bounded(2) ? QStringLiteral("'%1'").arg(rng.bounded(5)) : QStringLiteral("'m%1'").arg(rng.bounded(3));
        const QString name = rng.bounded(7) == 0 ? QStringLiteral("NULL") : QStringLiteral("'n%1'").arg(rng.bounded(150)); // duplicates
        sql += QStringLiteral("INSERT INTO item VALUES (%1, %2, %3, %4, %5, 'doc%6', %7);\n")
                   .arg(i).arg(name, colour, size, mixed).arg(rng.bounded(40)).arg(1 + rng.bounded(12))
                   .toUtf8();
    }
    return sql;
}

} // namespace

class TestFillIn : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    int m_serial = 0;

    std::unique_ptr<Project> projectWith(const QByteArray &script)
    {
        auto p = Project::create(m_dir.filePath(QStringLiteral("f%1.assay").arg(++m_serial))).take();
        auto schema = SqlScriptReader::read(script, QStringLiteral("world.sql"));
        if (!schema || !KnowledgeImporter::import(*p, schema.value(), {}).ok())
            return nullptr;
        return p;
    }

private slots:
    void docIdsColumnsAreSplit()
    {
        // A doc_ids column holds a list (split on commas and semicolons); doc_id and document_id
        // hold one id each, commas and all. Both fill-in paths read them alike.
        auto p = projectWith("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, docs TEXT, one TEXT);\n"
                             "INSERT INTO t VALUES (1, 'a', 'd1, d2;d3', 'x,y');\nINSERT INTO t VALUES (2, 'b', 'd4', 'z');\n");
        QVERIFY(p);
        auto conn = KnowledgeConnection::open(*p->service<KnowledgeBase>());
        FillInEngine engine(conn.value());
        auto list = engine.run(SqlTemplate(QStringLiteral("SELECT name, docs AS doc_ids FROM t WHERE name = '[t.name]'")));
        QVERIFY2(list, qPrintable(list.error()));
        QCOMPARE(list.value().groups.size(), 2);
        QCOMPARE(list.value().groups[0].documentIds, (QStringList{QStringLiteral("d1"), QStringLiteral("d2"), QStringLiteral("d3")}));
        QCOMPARE(list.value().groups[1].documentIds, QStringList{QStringLiteral("d4")});
        auto single = engine.run(SqlTemplate(QStringLiteral("SELECT name, one AS doc_id FROM t WHERE name = '[t.name]'")));
        QVERIFY2(single, qPrintable(single.error()));
        QCOMPARE(single.value().groups[0].documentIds, QStringList{QStringLiteral("x,y")});
        QString message;
        QVERIFY2(samePaths(engine, QStringLiteral("SELECT name, docs AS doc_ids FROM t WHERE name = '[t.name]'"), &message), qPrintable(message));
    }

    void initTestCase() { test::isolateSettings(); }

    void demoRuleTemplates()
    {
        auto demo = test::openDemoProject(m_dir);
        QVERIFY(demo);
        auto conn = KnowledgeConnection::open(*demo->service<KnowledgeBase>());
        QVERIFY(conn);
        FillInEngine engine(conn.value());
        const QStringList sqls = RuleEnumerator::enumerate(*demo->service<KnowledgeBase>());
        QVERIFY(sqls.size() > 100);
        QString message;
        for (const QString &sql : sqls)
            QVERIFY2(samePaths(engine, sql, &message), qPrintable(message));
    }

    void grammarSpiderTemplatesWithJoins()
    {
        QFile schema(QStringLiteral(ASSAY_TEST_DATA "/spider_company_employee/schema.sql"));
        QVERIFY(schema.open(QIODevice::ReadOnly));
        auto p = projectWith(schema.readAll());
        QVERIFY(p);
        auto sqls = GrammarJson::readSqlTemplates(QStringLiteral(ASSAY_TEST_DATA "/spider_company_employee/sql_templates.json"));
        QVERIFY2(sqls, qPrintable(sqls.error()));
        auto conn = KnowledgeConnection::open(*p->service<KnowledgeBase>());
        FillInEngine engine(conn.value());
        int joins = 0;
        QString message;
        for (const QString &sql : sqls.value()) {
            joins += sql.contains(QLatin1String(" JOIN "));
            QVERIFY2(samePaths(engine, sql, &message), qPrintable(message));
        }
        QVERIFY(joins > 0);
    }

    void generatedDataWithNullsDuplicatesAndMixedTypes_data()
    {
        QTest::addColumn<quint32>("seed");
        for (quint32 seed : {1u, 2u, 3u, 42u})
            QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed))) << seed;
    }
    void generatedDataWithNullsDuplicatesAndMixedTypes()
    {
        QFETCH(quint32, seed);
        auto p = projectWith(generatedWorld(seed));
        QVERIFY(p);
        auto conn = KnowledgeConnection::open(*p->service<KnowledgeBase>());
        FillInEngine engine(conn.value());
        const QStringList sqls{
            QStringLiteral("SELECT name FROM item WHERE colour = '[item.colour]'"),
            QStringLiteral("SELECT name, doc_id FROM item WHERE colour = '[item.colour]' AND size = '[item.size]';"),
            QStringLiteral("SELECT size FROM item WHERE mixed = '[item.mixed]' AND name = '[item.name]' AND colour = '[item.colour]'"),
            QStringLiteral("SELECT i.name FROM item i JOIN site s ON i.site_id = s.site_id WHERE s.region = '[site.region]' AND i.size = '[item.size]'"),
            QStringLiteral("SELECT s.code, i.doc_id FROM item AS i LEFT JOIN site AS s ON s.site_id = i.site_id WHERE '[item.colour]' = i.colour AND s.code = '[site.code]' AND i.size > 1"),
            QStringLiteral("SELECT \"name\" FROM \"item\" WHERE \"mixed\" = '[item.mixed]' AND (size IS NULL OR size < 4)"),
            QStringLiteral("SELECT colour FROM item WHERE item.name = '[item.name]' AND site_id = '[item.site_id]'"),
        };
        QString message;
        for (const QString &sql : sqls)
            QVERIFY2(samePaths(engine, sql, &message), qPrintable(message));
        // The join is read in one windowed pass (its plan's loops all keep rowid order), and its
        // groups of several rows are among those compared above.
        auto join = engine.run(SqlTemplate(sqls.at(3)));
        QVERIFY(join && join.value().firstRowsByPlan);
        QVERIFY(std::any_of(join.value().groups.cbegin(), join.value().groups.cend(), [](const SemanticGroup &g) { return g.rowCount > 1; }));
        auto withDocs = engine.run(SqlTemplate(sqls.at(1)));
        QVERIFY(withDocs && withDocs.value().setBased && !withDocs.value().firstRowsByPlan); // documents: asked per group
    }

    void otherShapesKeepThePerCombinationPath_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("reason");
        QTest::newRow("like") << "SELECT name FROM item WHERE colour LIKE '[item.colour]'" << "outside an equality";
        QTest::newRow("or") << "SELECT name FROM item WHERE colour = '[item.colour]' OR size = 1" << "outside an equality";
        QTest::newRow("range") << "SELECT name FROM item WHERE size > '[item.size]'" << "outside an equality";
        QTest::newRow("distinct") << "SELECT DISTINCT name FROM item WHERE colour = '[item.colour]'" << "DISTINCT";
        QTest::newRow("aggregate") << "SELECT count(*) FROM item WHERE colour = '[item.colour]'" << "aggregate";
        QTest::newRow("subquery") << "SELECT name FROM item WHERE site_id IN (SELECT site_id FROM site) AND colour = '[item.colour]'" << "single SELECT";
        QTest::newRow("order") << "SELECT name FROM item WHERE colour = '[item.colour]' ORDER BY name DESC" << "ORDER";
        QTest::newRow("other column") << "SELECT i.name FROM item i JOIN site s ON s.site_id = i.site_id WHERE s.region = '[item.colour]'" << "another column";
        QTest::newRow("twice") << "SELECT name FROM item WHERE colour = '[item.colour]' AND colour = '[item.colour]'" << "two conditions";
    }
    void otherShapesKeepThePerCombinationPath()
    {
        QFETCH(QString, sql);
        QFETCH(QString, reason);
        QString why;
        QVERIFY(!SetBasedFillIn::plan(SqlTemplate(sql), &why));
        QVERIFY2(why.contains(reason), qPrintable(why));
        auto p = projectWith(generatedWorld(7));
        auto conn = KnowledgeConnection::open(*p->service<KnowledgeBase>());
        FillInEngine engine(conn.value());
        QString message;
        QVERIFY2(samePaths(engine, sql, &message, false), qPrintable(message)); // the per-combination path, twice
    }

    // Groups stream into the project inside the intake's transaction: a cancel after the first
    // template leaves the project exactly as it was.
    void cancelLeavesTheProjectAsItWas()
    {
        auto p = projectWith(generatedWorld(11));
        GenerationStore store(p->database());
        QVERIFY(SqlTemplateIntake(*p).add({QStringLiteral("SELECT name FROM item WHERE colour = '[item.colour]'")}, QStringLiteral("user")));
        const auto before = store.stats().value();
        const qint64 groupsBefore = store.groups(store.sqlTemplates().value().first().id).value().size();
        QVERIFY(groupsBefore > 0);
        Job job(QStringLiteral("intake"), [&](Job &j) {
            QObject::connect(&j, &Job::progressChanged, &j, [&j] { j.cancel(); }, Qt::DirectConnection);
            auto r = SqlTemplateIntake(*p).add({QStringLiteral("SELECT size FROM item WHERE name = '[item.name]' AND colour = '[item.colour]'"),
                                                QStringLiteral("SELECT name FROM item WHERE colour = '[item.colour]'"),
                                                QStringLiteral("SELECT colour FROM item WHERE size = '[item.size]'")},
                                               QStringLiteral("user"), &j);
            return r ? Status() : Status::failure(r);
        });
        const Status ran = job.runHere();
        QCOMPARE(ran.code(), ErrorCode::Cancelled);
        const auto after = store.stats().value();
        QCOMPARE(after.sqlTemplates, before.sqlTemplates);
        QCOMPARE(after.sqlQueries, before.sqlQueries);
        QCOMPARE(store.sqlTemplates().value().size(), 1);
        QCOMPARE(store.groups(store.sqlTemplates().value().first().id).value().size(), groupsBefore);
    }

    // More groups than one batch: the intake's reading thread hands them to the writing one
    // in batches, and the project gets exactly the engine's groups in the engine's order; the
    // job sees progress with groups and groups/s; a cancel in the middle of the stream leaves
    // the project as it was.
    void streamedIntakeKeepsEveryGroupInOrder()
    {
        QByteArray script = "CREATE TABLE reading (reading_id INTEGER PRIMARY KEY, station TEXT, day INTEGER, level REAL);\n";
        QRandomGenerator rng(5);
        for (int i = 1; i <= 12000; ++i)
            script += QStringLiteral("INSERT INTO reading VALUES (%1, 'st\"%2', %3, %4);\n").arg(i).arg(rng.bounded(400)).arg(rng.bounded(60)).arg(rng.bounded(1000) / 8.0).toUtf8();
        auto p = projectWith(script);
        QVERIFY(p);
        const QString sql = QStringLiteral("SELECT level FROM reading WHERE station = '[reading.station]' AND day = '[reading.day]'");
        auto conn = KnowledgeConnection::open(*p->service<KnowledgeBase>());
        QVERIFY(conn);
        auto expected = FillInEngine(conn.value()).run(SqlTemplate(sql));
        QVERIFY(expected);
        QVERIFY(expected.value().groups.size() > 3 * 2048);

        QStringList details;
        QVector<double> shares;
        Job job(QStringLiteral("intake"), [&](Job &j) {
            QObject::connect(&j, &Job::progressChanged, &j, [&](qint64 done, qint64 total, const QString &detail) {
                details << detail;
                shares << double(done) / total;
            }, Qt::DirectConnection);
            // The connection opened above: the first progress the job emits (it passes at most
            // ten a second) is then the first batch's.
            SqlTemplateIntake intake(*p);
            intake.useConnection(&conn.value());
            auto r = intake.add({sql}, QStringLiteral("user"), &j);
            return r ? Status() : Status::failure(r);
        });
        QVERIFY(job.runHere());
        GenerationStore store(p->database());
        const auto stored = store.groups(store.sqlTemplates().value().first().id);
        QVERIFY(stored);
        QCOMPARE(stored.value().size(), expected.value().groups.size());
        for (int i = 0; i < stored.value().size(); ++i)
            QCOMPARE(describe(stored.value()[i]), describe(expected.value().groups[i]));
        QVERIFY2(std::any_of(details.begin(), details.end(), [](const QString &d) { return d.contains(QLatin1String("groups/s")); }), qPrintable(details.join(u'|')));
        QVERIFY(std::is_sorted(shares.begin(), shares.end()));
        QVERIFY(shares.first() >= 0 && shares.last() <= 1.0);

        // Cancelled after the first batch reached the project: nothing of the second intake stays.
        const auto before = store.stats().value();
        Job cancelled(QStringLiteral("intake"), [&](Job &j) {
            QObject::connect(&j, &Job::progressChanged, &j, [&j](qint64, qint64, const QString &detail) {
                if (detail.contains(QLatin1String("groups/s")))
                    j.cancel();
            }, Qt::DirectConnection);
            SqlTemplateIntake intake(*p);
            intake.useConnection(&conn.value());
            auto r = intake.add({QStringLiteral("SELECT level FROM reading WHERE day = '[reading.day]' AND station = '[reading.station]'")}, QStringLiteral("user"), &j);
            return r ? Status() : Status::failure(r);
        });
        QCOMPARE(cancelled.runHere().code(), ErrorCode::Cancelled);
        const auto after = store.stats().value();
        QCOMPARE(after.sqlTemplates, before.sqlTemplates);
        QCOMPARE(store.sqlTemplates().value().size(), 1);
        QCOMPARE(store.groups(store.sqlTemplates().value().first().id).value().size(), expected.value().groups.size());
    }

    // The values JSON written by hand is byte for byte nlohmann's: integers, numbers with a
    // fraction, NULLs, and strings with quotes, backslashes, control characters and non-ASCII.
    void valuesJsonIsNlohmannsJson()
    {
        QRandomGenerator rng(3);
        const QString pieces[] = {QStringLiteral("a"), QStringLiteral("\""), QStringLiteral("\\"), QStringLiteral("\n"), QStringLiteral("\t"), QString(QChar(1)),
                                  QString(QChar(0x1f)), QStringLiteral("é"), QStringLiteral("Straße"), QStringLiteral("日本"), QStringLiteral("/"), QStringLiteral(" ")};
        for (int round = 0; round < 2000; ++round) {
            SemanticGroup g;
            for (int k = 0, n = 1 + rng.bounded(4); k < n; ++k) {
                switch (rng.bounded(5)) {
                case 0: g.values << QVariant(qint64(rng.generate64()) >> rng.bounded(63)); break;
                case 1: g.values << QVariant(double(qint64(rng.generate64() >> 11)) / double(1 + rng.bounded(100000))); break;
                case 2: g.values << QVariant(); break;
                case 3: g.values << QVariant(rng.bounded(2) == 0); break;
                default: {
                    QString text;
                    for (int c = 0, m = rng.bounded(8); c < m; ++c)
                        text += pieces[rng.bounded(int(std::size(pieces)))];
                    g.values << text;
                }
                }
            }
            nlohmann::json reference = nlohmann::json::array();
            for (const QVariant &v : g.values)
                reference.push_back(KnowledgeValue::toJson(v));
            QCOMPARE(g.valuesJsonUtf8(), QByteArray::fromStdString(reference.dump()));
            QCOMPARE(SemanticGroup::valuesFromJson(g.valuesJson()).size(), g.values.size());
        }
    }

    // A set-based row encoded straight from SQLite's bytes is byte for byte what its
    // SemanticGroup encodes to (the path the per-combination engine and collected groups take):
    // integers, numbers with a fraction, NULL values, empty text, quotes and control characters,
    // a byte-order mark, an embedded NUL, non-ASCII; blobs and text that is not valid UTF-8 are
    // refused by the direct encoding (they take the SemanticGroup path).
    void directRowEncodingIsTheGroupsEncoding()
    {
        QTemporaryDir dir;
        auto db = Database::open(dir.filePath(QStringLiteral("rows.db")), Database::Mode::ReadWriteCreate);
        QVERIFY2(db, qPrintable(db.error()));
        QVERIFY(db.value().exec(QStringLiteral("CREATE TABLE r(a, b, c, n INTEGER, answer)")));
        QRandomGenerator rng(11);
        const QByteArray pieces[] = {QByteArrayLiteral("a"), QByteArrayLiteral("\""), QByteArrayLiteral("\\"), QByteArrayLiteral("\n"), QByteArray("\x01", 1),
                                     QByteArray("\0", 1), QByteArrayLiteral("\xef\xbb\xbf"), QByteArrayLiteral("\xc3\xa9"), QByteArrayLiteral("\xe6\x97\xa5"),
                                     QByteArrayLiteral("\xff"), QByteArrayLiteral("\xc3"), QByteArrayLiteral("\xed\xa0\x80"), QByteArrayLiteral(" ")};
        auto insert = db.value().prepare(QStringLiteral("INSERT INTO r VALUES (?, ?, ?, ?, ?)"));
        QVERIFY(insert);
        for (int row = 0; row < 3000; ++row) {
            Statement &s = insert.value();
            s.reset();
            QByteArray kept[6]; // the text binds borrow their bytes until run()
            for (int c : {1, 2, 3, 5}) {
                QByteArray text;
                for (int k = 0, m = rng.bounded(6); k < m; ++k)
                    text += pieces[rng.bounded(int(std::size(pieces)))];
                switch (rng.bounded(c == 5 ? 5 : 6)) {
                case 0: s.bindInteger(c, qint64(rng.generate64()) >> rng.bounded(63)); break;
                case 1: s.bind(c, double(qint64(rng.generate64() >> 11)) / double(1 + rng.bounded(100000))); break;
                case 2: s.bind(c, QVariant(text)); break; // a blob
                case 3: s.bindUtf8Borrowed(c, kept[c] = text.isNull() ? QByteArray("", 0) : text); break;
                case 4: s.bindUtf8Borrowed(c, kept[c] = text + "x"); break;
                default: s.bind(c, QVariant()); break;
                }
            }
            s.bindInteger(4, 1 + rng.bounded(3));
            QVERIFY(s.run());
        }
        auto read = db.value().prepare(QStringLiteral("SELECT a, b, c, n, 0, answer FROM r"));
        QVERIFY(read);
        int direct = 0, refused = 0;
        QVERIFY(read.value().forEach([&](const Statement &r) {
            GroupRows fast, reference;
            if (!fast.appendRow(r, 3, 5, int(r.integer(3)))) {
                ++refused;
                return true;
            }
            ++direct;
            SemanticGroup g;
            for (int i = 0; i < 3; ++i)
                g.values << r.value(i);
            g.answer = KnowledgeValue::displayText(r.value(5));
            g.rowCount = int(r.integer(3));
            reference.append(g);
            [&] {
                QCOMPARE(fast.values(0), reference.values(0));
                QCOMPARE(fast.answer(0), reference.answer(0));
                QCOMPARE(fast.answer(0).isNull(), reference.answer(0).isNull());
                QCOMPARE(fast.rowCount(0), reference.rowCount(0));
                QCOMPARE(fast.documents(0), reference.documents(0));
            }();
            return !QTest::currentTestFailed();
        }));
        QVERIFY(!QTest::currentTestFailed());
        QVERIFY2(direct > 500 && refused > 500, qPrintable(QStringLiteral("%1 direct, %2 refused").arg(direct).arg(refused)));
    }

    void budgetRefusesWithTheReason()
    {
        auto p = projectWith(generatedWorld(9));
        auto conn = KnowledgeConnection::open(*p->service<KnowledgeBase>());
        FillInEngine engine(conn.value());
        engine.setCombinationBudget(50);
        // Set-based needs no budget: the same product is fine in an equality.
        auto fine = engine.run(SqlTemplate(QStringLiteral("SELECT size FROM item WHERE name = '[item.name]' AND colour = '[item.colour]'")));
        QVERIFY(fine && fine.value().refused.isEmpty() && fine.value().combinations > 50 && !fine.value().groups.isEmpty());
        auto refused = engine.run(SqlTemplate(QStringLiteral("SELECT size FROM item WHERE name LIKE '[item.name]' AND colour = '[item.colour]'")));
        QVERIFY(refused);
        QVERIFY(refused.value().groups.isEmpty());
        QVERIFY2(refused.value().refused.contains(QLatin1String("budget 50")) && refused.value().refused.contains(QLatin1String("LIKE")),
                 qPrintable(refused.value().refused));
        // The intake keeps such a template (about 20 million combinations) for review with that reason.
        GenerationStore store(p->database());
        auto report = SqlTemplateIntake(*p).add({QStringLiteral("SELECT size FROM item WHERE name LIKE '[item.name]' AND colour LIKE '[item.colour]' AND size LIKE '[item.size]' AND mixed LIKE '[item.mixed]' AND doc_id LIKE '[item.doc_id]' AND site_id LIKE '[item.site_id]'")},
                                                QStringLiteral("user"));
        QVERIFY2(report, qPrintable(report.error()));
        const QString reason = store.sqlTemplates().value().first().reason;
        QCOMPARE(report.value().review, 1);
        QVERIFY2(reason.contains(QLatin1String("value combinations to execute one by one")), qPrintable(reason));
    }
};

ASSAY_TEST_MAIN(TestFillIn)

} // namespace tst_fillin
#include "tst_fillin.moc"
