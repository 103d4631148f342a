// The stores and the helpers they share: a failed prepare or step is an error and never
// "no rows"; a missing item is ErrorCode::NotFound; curation states round-trip as enums;
// each aggregate's store writes what it reads back.
#include "testmain.h"
#include "core/curationstate.h"
#include "generation/generationcuration.h"
#include "generation/generationstore.h"
#include "project/database.h"
#include "project/project.h"
#include "retrieval/corpusstore.h"
#include "runs/runresultstore.h"
#include "schema/knowledgestore.h"
#include "testsettings.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <random>

namespace tst_stores {

using namespace assay;

class TestStores : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    int m_serial = 0;

    std::unique_ptr<Project> newProject()
    {
        auto p = Project::create(m_dir.filePath(QStringLiteral("s%1.assay").arg(++m_serial)));
        return p ? p.take() : nullptr;
    }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        QVERIFY(m_dir.isValid());
    }

    void helpersReportFailedStepsNotEmptyResults()
    {
        auto p = newProject();
        QVERIFY(p);
        Database &db = p->database();
        int rows = 0;
        // A statement that prepares but fails while stepping (malformed JSON at run time).
        const Status each = db.each(QStringLiteral("SELECT json_extract(?, '$.a')"), {QStringLiteral("{not json")}, [&](const Statement &) { ++rows; });
        QVERIFY(!each);
        QVERIFY2(each.error().contains(QLatin1String("JSON"), Qt::CaseInsensitive), qPrintable(each.error()));
        QCOMPARE(rows, 0);
        auto first = db.first(QStringLiteral("SELECT json_extract(?, '$.a')"), {QStringLiteral("{not json")}, [](const Statement &) {});
        QVERIFY(!first);
        QVERIFY(!db.run(QStringLiteral("UPDATE no_such_table SET x = 1")));
        // A read with no rows is a success that says so.
        auto none = db.first(QStringLiteral("SELECT 1 WHERE 0"), {}, [](const Statement &) {});
        QVERIFY(none);
        QCOMPARE(none.value(), false);
        // each() stops when the callback returns false.
        rows = 0;
        QVERIFY(db.each(QStringLiteral("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10) SELECT i FROM n"), {},
                        [&](const Statement &) { return ++rows < 3; }));
        QCOMPARE(rows, 3);
    }

    void curationStatesRoundTrip()
    {
        for (CurationState s : {CurationState::Accepted, CurationState::Review, CurationState::Rejected})
            QCOMPARE(parseCurationState(curationStateName(s)), std::optional<CurationState>(s));
        QVERIFY(!parseCurationState(QStringLiteral("Accepted")));
        QVERIFY(!parseCurationState(QString()));

        auto p = newProject();
        QVERIFY(p);
        GenerationStore store(p->database());
        SqlTemplateRecord r;
        r.sql = QStringLiteral("SELECT 1");
        r.source = QStringLiteral("user");
        r.state = CurationState::Review;
        auto id = store.addSqlTemplate(r);
        QVERIFY2(id, qPrintable(id.error()));
        QCOMPARE(store.sqlTemplate(id.value()).value().state, CurationState::Review);
        QVERIFY(store.setCurationState(GenerationStore::Item::SqlTemplate, id.value(), CurationState::Rejected));
        QCOMPARE(store.curationState(GenerationStore::Item::SqlTemplate, id.value()).value(), CurationState::Rejected);
        // Queries know no "review"; a missing item is NotFound, not a database failure.
        QVERIFY(!store.setCurationState(GenerationStore::Item::Query, 1, CurationState::Review));
        auto missing = store.curationState(GenerationStore::Item::TextTemplate, 4711);
        QVERIFY(!missing);
        QCOMPARE(missing.code(), ErrorCode::NotFound);
        QCOMPARE(store.sqlTemplate(4711).code(), ErrorCode::NotFound);
        QCOMPARE(store.setCurationState(GenerationStore::Item::SqlTemplate, 4711, CurationState::Accepted).code(), ErrorCode::NotFound);

        // Curation returns the previous states and restores them.
        auto before = p->service<GenerationCuration>()->setStates(GenerationCuration::Scope::SqlTemplates, {id.value()}, CurationState::Accepted);
        QVERIFY2(before, qPrintable(before.error()));
        QCOMPARE(before.value().value(id.value()), CurationState::Rejected);
        QCOMPARE(store.sqlTemplate(id.value()).value().state, CurationState::Accepted);
        QVERIFY(p->service<GenerationCuration>()->restoreStates(GenerationCuration::Scope::SqlTemplates, before.value()));
        QCOMPARE(store.sqlTemplate(id.value()).value().state, CurationState::Rejected);
    }

    void knowledgeStoreWritesWhatItReads()
    {
        auto p = newProject();
        QVERIFY(p);
        KnowledgeStore store(p->database());
        QVERIFY(store.setSource(QStringLiteral("embedded"), QString(), QStringLiteral("test")));
        auto people = store.insertTable(0, QStringLiteral("people"), QStringLiteral("who"), 0);
        auto cities = store.insertTable(0, QStringLiteral("cities"), QString(), 1);
        QVERIFY(people && cities);
        auto city = store.insertColumn(cities.value(), KnowledgeColumn{0, cities.value(), QStringLiteral("name"), QStringLiteral("TEXT"), 0, {}, true, 0, true});
        auto name = store.insertColumn(people.value(), KnowledgeColumn{0, people.value(), QStringLiteral("name"), QStringLiteral("TEXT"), 0, {}, true, 0, true});
        auto lives = store.insertColumn(people.value(), KnowledgeColumn{0, people.value(), QStringLiteral("city"), QStringLiteral("TEXT"), 1, {}, false, 0, true});
        QVERIFY(city && name && lives);
        QVERIFY(store.setForeignKeys({{lives.value(), city.value()}}));
        auto row = store.writeRow(people.value(), KnowledgeRow{0, 1.0, {{name.value(), QStringLiteral("Ada")}, {lives.value(), QStringLiteral("Paris")}}});
        QVERIFY(row);
        auto st = store.structure();
        QVERIFY(st);
        QCOMPARE(st.value().sourceKind, QStringLiteral("embedded"));
        QCOMPARE(st.value().tables.size(), 2);
        QCOMPARE(st.value().tables[0].name, QStringLiteral("people"));
        QCOMPARE(st.value().tables[0].columns.size(), 2);
        QCOMPARE(st.value().tables[0].columns[1].foreignKey, city.value());
        auto rows = store.rows(people.value());
        QVERIFY(rows);
        QCOMPARE(rows.value().size(), 1);
        QCOMPARE(rows.value()[0].id, row.value());
        QCOMPARE(rows.value()[0].values.value(lives.value()).toString(), QStringLiteral("Paris"));
        QVERIFY(store.removeRows(people.value(), {row.value()}));
        QCOMPARE(store.rows(people.value()).value().size(), 0);
        QVERIFY(store.clear());
        QCOMPARE(store.structure().value().tables.size(), 0);
    }

    void corpusStoreIndexesWhatItAdds()
    {
        auto p = newProject();
        QVERIFY(p);
        CorpusStore store(p->database());
        CorpusDocument a{QStringLiteral("a"), QStringLiteral("A"), QStringLiteral("zebras graze"), QStringLiteral("{}"), QStringLiteral("a.txt")};
        CorpusDocument b{QStringLiteral("b"), QStringLiteral("B"), QStringLiteral("lions hunt zebras"), QStringLiteral("{}"), QStringLiteral("b.txt")};
        QVERIFY(store.addDocuments({a, b}, {{QStringLiteral("zebras graze")}, {QStringLiteral("lions hunt"), QStringLiteral("zebras")}}));
        QStringList seen;
        QVERIFY(store.forEachChunk([&](const CorpusChunk &c) { seen << c.docId + QLatin1Char(':') + c.text; }));
        QCOMPARE(seen, QStringList({QStringLiteral("a:zebras graze"), QStringLiteral("b:lions hunt"), QStringLiteral("b:zebras")}));
        auto hits = store.bm25(QStringLiteral("lions"), 5);
        QVERIFY2(hits, qPrintable(hits.error()));
        QCOMPARE(hits.value().size(), 1);
        QCOMPARE(hits.value()[0].docId, QStringLiteral("b"));
        // A duplicate document id fails, names its source, and adds nothing.
        const Status dup = store.addDocuments({a}, {{QStringLiteral("again")}});
        QVERIFY(!dup);
        QVERIFY2(dup.error().startsWith(QLatin1String("a.txt")), qPrintable(dup.error()));
        QCOMPARE(store.chunks(-1).value().size(), 3);
        // A MATCH expression FTS5 cannot parse is an error, not "no hits".
        QVERIFY(!store.bm25(QStringLiteral("\"unbalanced"), 5));
    }

    // A store's kept statement must not stay on a row after a read: the connection's read
    // transaction would stay open, and once another program wrote, this connection's next
    // write would fail at once with "database is locked" (a stale snapshot cannot upgrade;
    // SQLite does not wait). Seen as a flaky tst_projectconcurrency before the lease.
    void keptStatementsEndTheirReads()
    {
        auto p = newProject();
        QVERIFY(p);
        Database &db = p->database();
        CorpusStore store(db);
        CorpusDocument a{QStringLiteral("a"), QStringLiteral("A"), QStringLiteral("zebras graze"), QStringLiteral("{}"), QStringLiteral("a.txt")};
        QVERIFY(store.addDocuments({a}, {{QStringLiteral("zebras graze"), QStringLiteral("and rest")}}));
        auto chunkIds = store.chunksOf(QStringLiteral("a"));
        QVERIFY(chunkIds);
        QCOMPARE(chunkIds.value().size(), 2);
        auto other = Database::open(db.path(), Database::Mode::ReadWrite);
        QVERIFY(other);
        const auto readThenWrite = [&](const char *what, const std::function<bool()> &read) {
            QVERIFY2(read(), what);
            QVERIFY2(other.value().run(QStringLiteral("INSERT INTO project_meta(key, value) VALUES (?, 'x') ON CONFLICT(key) DO UPDATE SET value = value || 'x'"),
                                       {QString::fromLatin1(what)}),
                     what);
            const Status write = db.run(QStringLiteral("INSERT INTO project_meta(key, value) VALUES (?, 'y') ON CONFLICT(key) DO UPDATE SET value = value || 'y'"),
                                        {QString::fromLatin1(what)});
            QVERIFY2(write, qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(what), write.error())));
        };
        readThenWrite("chunkText", [&] { return store.chunkText(chunkIds.value()[0]).value() == QStringLiteral("zebras graze"); });
        readThenWrite("chunkSource", [&] { return store.chunkSource(chunkIds.value()[1]).value().has_value(); });
        readThenWrite("documentText", [&] { return !store.documentText(QStringLiteral("a")).value().isEmpty(); });
        readThenWrite("chunksOf", [&] { return store.chunksOf(QStringLiteral("a")).value().size() == 2; });
    }

    void storedIdListsParse()
    {
        bool isList = false;
        QCOMPARE(RunResultStore::parseIds(QStringLiteral("[\"d1\", 7]"), &isList), QStringList({QStringLiteral("d1"), QStringLiteral("7")}));
        QVERIFY(isList);
        QCOMPARE(RunResultStore::parseIds(QStringLiteral("[]"), &isList), QStringList());
        QVERIFY(isList);
        QCOMPARE(RunResultStore::parseIds(QString(), &isList), QStringList());
        QVERIFY(!isList);
        QCOMPARE(RunResultStore::parseIds(QStringLiteral("[ \"a\" ]"), &isList), QStringList{QStringLiteral("a")}); // spaces: the JSON parser
        // Property: any list of ids written as JSON reads back the same (the plain fast path
        // and the parser agree), whatever the ids hold.
        std::mt19937 random(3);
        const QStringList pieces{QStringLiteral("d"), QStringLiteral("7"), QStringLiteral(","), QStringLiteral("\""), QStringLiteral("\\"),
                                 QStringLiteral(" "), QStringLiteral("]"), QStringLiteral("\u00e9"), QStringLiteral("-")};
        for (int round = 0; round < 2000; ++round) {
            QStringList ids;
            nlohmann::json list = nlohmann::json::array();
            for (int n = int(random() % 4); n > 0; --n) {
                QString id;
                for (int c = int(random() % 5); c > 0; --c)
                    id += pieces[int(random() % pieces.size())];
                ids << id;
                list.push_back(id.toStdString());
            }
            QCOMPARE(RunResultStore::parseIds(QString::fromStdString(list.dump()), &isList), ids);
            QVERIFY(isList);
        }
    }
};

ASSAY_TEST_GUILESS_MAIN(TestStores)

} // namespace tst_stores
#include "tst_stores.moc"
