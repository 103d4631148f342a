// Retrieved contexts stored as chunk references (migration 14): the blob codec round-trips and
// names what is wrong with a blob it cannot read; a version-13 file's contexts read back
// exactly as they were stored (references where the chunks give the text back, one stored
// text per distinct other text); a context outlives its document's removal; new chunks never
// reuse an archived id; a run's results are saved as references and read back as text.
#include "testmain.h"
#include "project/contextblob.h"
#include "project/database.h"
#include "project/migrations.h"
#include "project/migrator.h"
#include "project/project.h"
#include "project/projectfileprobe.h"
#include "retrieval/corpusstore.h"
#include "readers/pipelinespec.h"
#include "runs/runresultstore.h"
#include "runs/runstore.h"
#include "testsettings.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <limits>
#include <random>

namespace tst_contexts {

using namespace assay;

namespace {

// An item as a version-13 Assay stored it, and what it must read back as.
struct OldItem {
    const char *key;
    const char *ids;  // retrieved_ids as stored
    const char *text; // retrieved_text as stored
    QStringList expectIds;
    bool asReferences;
};

} // namespace

class TestContexts : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        QVERIFY(m_dir.isValid());
    }

    void blobRoundTrips()
    {
        std::mt19937_64 rng(7);
        for (int trial = 0; trial < 2000; ++trial) {
            QVector<ContextRef> refs;
            const int n = int(rng() % 12);
            for (int i = 0; i < n; ++i) {
                ContextRef r;
                const int bits = int(rng() % 63);
                r.chunkId = qint64(rng() >> (63 - bits)) & std::numeric_limits<qint64>::max();
                r.score = (rng() % 5 == 0) ? std::numeric_limits<float>::quiet_NaN() : float(std::ldexp(double(rng() % 100000) - 50000, -10));
                refs << r;
            }
            const QByteArray blob = ContextBlob::encode(refs);
            auto back = ContextBlob::decode(blob);
            QVERIFY2(back.ok(), qPrintable(back.error()));
            QCOMPARE(back.value(), refs);
        }
        // Five chunks of a corpus of a million take at most 1 + 5 × (3 + 4) bytes.
        QVector<ContextRef> five(5, ContextRef{999999, 1.5f});
        QCOMPARE(ContextBlob::encode(five).size(), 36);
    }

    void badBlobsAreNamed()
    {
        auto unknown = ContextBlob::decode(QByteArray::fromHex("02"));
        QVERIFY(!unknown.ok());
        QVERIFY2(unknown.error().contains(QLatin1String("format 2")), qPrintable(unknown.error()));
        auto cut = ContextBlob::decode(QByteArray::fromHex("0101000020"));
        QVERIFY(!cut.ok());
        QVERIFY2(cut.error().contains(QLatin1String("cut short")), qPrintable(cut.error()));
        auto varint = ContextBlob::decode(QByteArray::fromHex("0181"));
        QVERIFY(!varint.ok());
        QVERIFY(ContextBlob::decode(QByteArray()).ok());
    }

    void versionThirteenContextsReadBackAsTheyWere()
    {
        const QString path = m_dir.filePath(QStringLiteral("v13.assay"));
        {
            auto db = Database::open(path, Database::Mode::ReadWriteCreate);
            QVERIFY(db.ok());
            QVERIFY(db.value().exec(QStringLiteral("PRAGMA application_id = %1").arg(ProjectFileProbe::applicationId)).ok());
            std::vector<Migration> upTo13;
            for (const Migration &m : builtinMigrations())
                if (m.version <= 13)
                    upTo13.push_back(m);
            auto migrated = Migrator(upTo13).migrate(db.value());
            QVERIFY2(migrated.ok(), qPrintable(migrated.error()));
            QVERIFY(db.value().exec(QStringLiteral(
                "INSERT INTO document(id, doc_id, text) VALUES (1, 'd1', 'Alpha text. Beta text.'), (2, 'd2', 'Gamma.');"
                "INSERT INTO chunk(id, document_id, ordinal, text) VALUES (1, 1, 0, 'Alpha text.'), (2, 1, 1, 'Beta text.'), (3, 2, 0, 'Gamma.');"
                "INSERT INTO pipeline VALUES (1, 'retriever=bm25,k=2,reader=none', 'bm25', 2, 'none', '{}');"
                "INSERT INTO run(id, name, pipeline_id, status, created_at) VALUES (1, 'r1', 1, 'done', '2026-01-01T00:00:00Z');")).ok());
            for (const OldItem &it : items()) {
                QVERIFY(db.value().run(QStringLiteral("INSERT INTO run_item(run_id, item_key, query, gold, status, retrieved_ids, retrieved_text) "
                                                      "VALUES (1, ?, 'q', 'g', 'done', ?, ?)"),
                                       {QString::fromUtf8(it.key), QString::fromUtf8(it.ids), QString::fromUtf8(it.text)})
                            .ok());
            }
        }
        auto project = Project::open(path);
        QVERIFY2(project.ok(), qPrintable(project.error()));
        Database &db = project.value()->database();
        QCOMPARE(db.scalar(QStringLiteral("PRAGMA user_version")).value().toInt(), Project::latestSchemaVersion());
        checkItems(db);
        // Two distinct texts no chunk gives back, stored once each.
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM context_text")).value().toInt(), 2);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM run_item WHERE context IS NOT NULL")).value().toInt(), 3);

        // Removing a document keeps its chunks for the contexts that name them; a new
        // document's chunks take ids above the archived ones.
        CorpusStore corpus(db);
        QVERIFY(corpus.removeDocuments({QStringLiteral("d1")}).ok());
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM chunk")).value().toInt(), 1);
        checkItems(db);
        QVERIFY(corpus.removeDocuments({QStringLiteral("d2")}).ok()); // the highest chunk id goes too
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM chunk")).value().toInt(), 0);
        checkItems(db);
        QVERIFY(corpus.addDocuments({CorpusDocument{QStringLiteral("d3"), {}, QStringLiteral("Delta."), QStringLiteral("{}"), QStringLiteral("test")}},
                                    {QStringList{QStringLiteral("Delta.")}})
                    .ok());
        QCOMPARE(db.scalar(QStringLiteral("SELECT min(id) FROM chunk")).value().toInt(), 4);
    }

    void resultsAreSavedAsReferences()
    {
        auto project = Project::create(m_dir.filePath(QStringLiteral("new.assay")));
        QVERIFY(project.ok());
        Database &db = project.value()->database();
        CorpusStore corpus(db);
        QVERIFY(corpus.addDocuments({CorpusDocument{QStringLiteral("d1"), {}, QStringLiteral("x"), QStringLiteral("{}"), QStringLiteral("t")},
                                     CorpusDocument{QStringLiteral("d2"), {}, QStringLiteral("y"), QStringLiteral("{}"), QStringLiteral("t")}},
                                    {QStringList{QStringLiteral("One."), QStringLiteral("Two.")}, QStringList{QStringLiteral("Three.")}})
                    .ok());
        QVERIFY(db.exec(QStringLiteral("INSERT INTO run(id, name, status, created_at) VALUES (1, 'r', 'running', 'now');"
                                       "INSERT INTO run_item(id, run_id, item_key, query, gold) VALUES (1, 1, 'a', 'q', 'g'), (2, 1, 'b', 'q', 'g'), (3, 1, 'c', 'q', 'g')"))
                    .ok());
        RunStore store(db);
        RunItemResult fromChunks;
        fromChunks.contextRefs = {ContextRef{3, 0.75f}, ContextRef{2, 0.5f}};
        fromChunks.retrievedText = QStringLiteral("Three.\n\nTwo.");
        RunItemResult external;
        external.retrievedIds = {QStringLiteral("elsewhere-7")};
        external.retrievedText = QStringLiteral("What the external system used.");
        QVERIFY(store.beginBatch().ok());
        QVERIFY(store.saveResult(1, fromChunks).ok());
        QVERIFY(store.saveResult(2, external).ok());
        QVERIFY(store.saveResult(3, external).ok());
        QVERIFY(store.commitBatch().ok());
        auto read = RunResultStore(db).executed(1);
        QVERIFY2(read.ok(), qPrintable(read.error()));
        QCOMPARE(read.value().size(), 3);
        QCOMPARE(read.value()[0].retrievedIds, (QStringList{QStringLiteral("d2"), QStringLiteral("d1")}));
        QCOMPARE(read.value()[0].retrievedText, fromChunks.retrievedText);
        QCOMPARE(read.value()[1].retrievedIds, external.retrievedIds);
        QCOMPARE(read.value()[2].retrievedText, external.retrievedText);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM context_text")).value().toInt(), 1);
        auto detail = store.detail(1);
        QVERIFY(detail.ok());
        QCOMPARE(detail.value().retrievedText, fromChunks.retrievedText);
        QCOMPARE(detail.value().item.retrievedIds, QStringLiteral("d2, d1"));
        auto refs = ContextBlob::decode(db.scalar(QStringLiteral("SELECT context FROM run_item WHERE id = 1")).value().toByteArray());
        QVERIFY(refs.ok());
        QCOMPARE(refs.value(), fromChunks.contextRefs);
        // A batch that is not committed leaves nothing.
        QVERIFY(db.exec(QStringLiteral("INSERT INTO run_item(id, run_id, item_key, query, gold) VALUES (4, 1, 'd', 'q', 'g')")).ok());
        {
            RunStore batch(db);
            QVERIFY(batch.beginBatch().ok());
            QVERIFY(batch.saveResult(4, fromChunks).ok());
        }
        QCOMPARE(db.scalar(QStringLiteral("SELECT status FROM run_item WHERE id = 4")).value().toString(), QStringLiteral("pending"));
        // Pending items are not results: neither the read by id range (ids 1–4) nor the read by
        // the run's index (once a far id spreads the range) returns them.
        for (int far : {0, 1}) {
            if (far)
                QVERIFY(db.exec(QStringLiteral("INSERT INTO run_item(id, run_id, item_key, query, gold) VALUES (100, 1, 'e', 'q', 'g')")).ok());
            auto again = RunResultStore(db).executed(1);
            QVERIFY2(again.ok(), qPrintable(again.error()));
            QCOMPARE(again.value().size(), 3);
            QCOMPARE(again.value().last().id, 3);
        }
    }

private:
    static QVector<OldItem> items()
    {
        return {
            {"two-documents", R"(["d1","d2"])", "Alpha text.\n\nGamma.", {QStringLiteral("d1"), QStringLiteral("d2")}, true},
            {"second-chunk", R"(["d1"])", "Beta text.", {QStringLiteral("d1")}, true},
            {"same-document-twice", R"(["d1","d1"])", "Beta text.\n\nAlpha text.", {QStringLiteral("d1"), QStringLiteral("d1")}, true},
            {"agent-observation", R"(["d1"])", "Observation: Alpha text.", {QStringLiteral("d1")}, false},
            {"document-gone", R"(["dX"])", "Lost document text.", {QStringLiteral("dX")}, false},
            {"same-observation", R"(["d2"])", "Observation: Alpha text.", {QStringLiteral("d2")}, false},
            {"nothing", "[]", "", {}, false},
        };
    }

    static void checkItems(Database &db)
    {
        auto read = RunResultStore(db).executed(1);
        QVERIFY2(read.ok(), qPrintable(read.error()));
        const QVector<OldItem> expected = items();
        QCOMPARE(read.value().size(), expected.size());
        for (int i = 0; i < expected.size(); ++i) {
            const StoredRunItem &it = read.value()[i];
            QCOMPARE(it.key, QString::fromUtf8(expected[i].key));
            QCOMPARE(it.retrievedIds, expected[i].expectIds);
            QCOMPARE(it.retrievedText, QString::fromUtf8(expected[i].text));
            auto stored = db.scalar(QStringLiteral("SELECT context IS NOT NULL FROM run_item WHERE item_key = '%1'").arg(it.key));
            QCOMPARE(stored.value().toInt() == 1, expected[i].asReferences);
        }
    }
};

ASSAY_TEST_GUILESS_MAIN(TestContexts)

} // namespace tst_contexts
#include "tst_contexts.moc"
