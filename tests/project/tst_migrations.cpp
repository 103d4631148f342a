// Landed migrations are history: a project file written at every earlier schema version
// (tests/data/migrations/vN.assay, made by make_fixtures.py from that version's migrations
// plus representative rows) opens, migrates to the current version and keeps its content.
#include "testmain.h"
#include "project/database.h"
#include "project/project.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

namespace tst_migrations {

using namespace assay;

namespace {
// One representative row per table: the version that created the table, a query reading a
// value of that row, and the value.
struct Kept {
    int since;
    const char *query;
    const char *value;
};
const Kept kept[] = {
    {1, "SELECT value FROM project_meta WHERE key = 'name'", "Fixture project"},
    {2, "SELECT json_extract(vals, '$.country') FROM knowledge_row r JOIN knowledge_table t ON t.id = r.table_id WHERE t.name = 'city'", "Estonia"},
    {2, "SELECT group_concat(name) FROM knowledge_column WHERE table_id = 1 ORDER BY position", "name,country"},
    {3, "SELECT answer FROM query_group g JOIN sql_template s ON s.id = g.sql_template_id", "Estonia"},
    {3, "SELECT t.text FROM query q JOIN text_template t ON t.id = q.text_template_id", "country of [city.name]"},
    {4, "SELECT prompt_tokens FROM llm_cache WHERE key = 'key1'", "7"},
    {4, "SELECT latency_ms FROM llm_call", "12"},
    {5, "SELECT d.doc_id FROM chunk_fts f JOIN chunk c ON c.id = f.rowid JOIN document d ON d.id = c.document_id WHERE chunk_fts MATCH 'Tallinn'", "d1"},
    {6, "SELECT i.answer FROM run_item i JOIN run r ON r.id = i.run_id JOIN pipeline p ON p.id = r.pipeline_id WHERE r.name = 'r1'", "Estonia"},
    {7, "SELECT verdict FROM judgement WHERE judge = 'exact'", "1"},
    {7, "SELECT dims FROM embedding", "2"},
    {8, "SELECT e.name || ':' || a.correct FROM exam_answer a JOIN exam_run r ON r.id = a.exam_run_id JOIN exam e ON e.id = r.exam_id", "e1:1"},
    {9, "SELECT error_class FROM run_item WHERE item_key = 'q2'", "timeout"},
    {10, "SELECT gold_in_context || ':' || answer_f1 FROM run_item WHERE item_key = 'q3'", "1:1.0"},
    // Version 11 rebuilt query_group and query: the groups keep their queries, the
    // reference points at the new table, and the template index exists.
    {3, "SELECT count(*) FROM query q JOIN query_group g ON g.id = q.group_id", "1"},
    {3, "SELECT \"table\" FROM pragma_foreign_key_list('query') WHERE \"from\" = 'group_id'", "query_group"},
    {1, "SELECT count(*) FROM sqlite_master WHERE name IN ('query_group_template', 'query_group_idx', 'query_text_template')", "3"},
    // Items from before the response facts have none: the analysis computes them.
    {6, "SELECT coalesce(gold_in_context, 'none') FROM run_item WHERE item_key = 'q1'", "none"},
    {12, "SELECT level FROM text_form WHERE name = 'short'", "KU"},
    {13, "SELECT reason FROM exam_answer WHERE exam_item_id = 2", "no letter: Correct"},
    {8, "SELECT '[' || reason || ']' FROM exam_answer WHERE exam_item_id = 1", "[]"},
    {12, "SELECT level FROM run_item WHERE item_key = 'q4'", "KA"},
    // Items and query sets from before task levels have none: resolved when read.
    {6, "SELECT '[' || level || ']' FROM run_item WHERE item_key = 'q1'", "[]"},
    // Items from before error classes have none.
    {6, "SELECT '[' || error_class || ']' FROM run_item WHERE item_key = 'q1'", "[]"},
    // Version 14 keeps a retrieved text no chunk names in context_text, and a context of
    // chunks as references.
    {10, "SELECT t.text FROM run_item i JOIN context_text t ON t.id = i.context_text_id WHERE i.item_key = 'q3'", "Vilnius is the capital of Lithuania."},
    {14, "SELECT hex(context) || ':' || retrieved_ids || ':' || coalesce(context_text_id, 'none') FROM run_item WHERE item_key = 'q5'", "010100002040::none"},
    {14, "SELECT t.text FROM run_item i JOIN context_text t ON t.id = i.context_text_id WHERE i.item_key = 'q6'", "Riga is the capital of Latvia."},
    {14, "SELECT doc_id FROM chunk_archive WHERE id = 9", "d9"},
    // Version 15: a group's true documents are its projected ones and its accepted links.
    {15, "SELECT json_group_array(d.value) FROM group_truth t, json_each(t.doc_ids) d WHERE t.group_id = 1 AND d.value NOT IN ('d7', 'd9')", "[\"d1\",\"d5\"]"}, // d7: v20's key truth; d9: v21's link
    // Version 16: a short form names its parent, method and seed; its items carry weights.
    {16, "SELECT parent_id || ':' || short_method || ':' || short_seed FROM exam WHERE name = 'e1-short'", "1:anchors:3"},
    {16, "SELECT weight FROM exam_item WHERE id = 3", "0.5"},
    {8, "SELECT weight || ':' || short_method || ':' || coalesce(parent_id, 'none') FROM exam_item i JOIN exam e ON e.id = i.exam_id WHERE i.id = 1", "1.0::none"},
    // Version 17: a take's answers in the order given; earlier answers have no position.
    {17, "SELECT group_concat(exam_item_id) FROM (SELECT exam_item_id FROM exam_answer WHERE exam_run_id = 2 ORDER BY position)", "2,1"},
    {8, "SELECT coalesce(position, 'none') FROM exam_answer WHERE exam_run_id = 1 AND exam_item_id = 1", "none"},
    // Version 18: value aliases per column.
    {18, "SELECT tbl || '.' || col || ':' || value || '→' || alias || ':' || source FROM value_alias", "city.country:Estonia→Eesti:proposal"},
    {1, "SELECT count(*) FROM value_alias WHERE value <> 'Estonia'", "0"}, // an earlier file gets the table, empty
    // Version 19: whether a reply reported its token usage; earlier calls did (or said 0).
    {4, "SELECT usage_reported FROM llm_call WHERE id = 1", "1"},
    {19, "SELECT usage_reported FROM llm_call WHERE id = 2", "0"},
    // Version 20: document keys, and their truth joins the group's true documents.
    {20, "SELECT tbl || '.' || col || ':' || match FROM document_key", "city.name:name"},
    {20, "SELECT group_concat(d.value) FROM group_truth t, json_each(t.doc_ids) d WHERE t.group_id = 1 AND d.value <> 'd9'", "d1,d5,d7"},
    // Version 21: spot-checked links, and the estimate a tier was accepted on.
    {21, "SELECT group_concat(doc_id || ':' || coalesce(checked, '-') || ':' || estimate, '|') FROM ground_link WHERE id >= 3", "d8:wrong:|d9:-:tier 0.40: 1 of 2 checked right"},
    {15, "SELECT count(*) FROM ground_link WHERE id <= 2 AND checked IS NULL AND estimate = ''", "2"},
    // Version 22: frozen test-set versions, the version a run ran on, baselines.
    {22, "SELECT t.name || ':' || t.note || ':' || i.gold || ':' || r.name || ':' || b.run_id FROM testset t JOIN testset_item i ON i.testset_id = t.id JOIN run r ON r.testset_id = t.id JOIN baseline b ON b.testset_id = t.id", "v1:first:Estonia:r2:2"},
    {22, "SELECT run || '<' || baseline || ':' || verdict FROM gate_result", "r2<r1:pass"},
    // Version 23: the 2-D model's item parameters.
    {23, "SELECT a1 || ':' || a2 || ':' || d || ':' || i.item_key FROM exam_item_irt2 t JOIN exam_item i ON i.id = t.item_id", "1.25:-0.5:0.75:i1"},
    {1, "SELECT count(*) FROM exam_item_irt2 WHERE a1 <> 1.25", "0"}, // an earlier file gets the table, empty
    // Version 24: a gate that could not evaluate; an item whose token usage is unknown. An
    // earlier gate keeps its verdict through the table's rebuild.
    {24, "SELECT run || ':' || verdict || ':' || (SELECT usage_unknown FROM run_item WHERE id = 1) FROM gate_result WHERE id = 9", "r3:error:1"},
    {25, "SELECT checker || ':' || response_by_answer || answer_by_chunk || ':' || chunk_count FROM claim_check WHERE run_item_id = 1", "imported:E?:1"},
    // Version 26: per-item metric values, known and failed.
    {26, "SELECT group_concat(metric || ':' || state || ':' || coalesce(value, '-'), '|') FROM metric_value WHERE variant = 'offline'", "faithfulness:0:0.75|faithfulness:3:-"},
    {22, "SELECT verdict FROM gate_result WHERE run = 'r2'", "pass"},
    {6, "SELECT coalesce(testset_id, 'working') || ':' || (SELECT identity FROM run_item WHERE id = 1) || '.' FROM run WHERE id = 1", "working:."},
    {3, "SELECT min(d.value) FROM group_truth t, json_each(t.doc_ids) d WHERE t.group_id = 1", "d1"},
    {1, "SELECT count(*) FROM pragma_table_info('run_item') WHERE name = 'retrieved_text'", "0"},
    {1, "SELECT count(*) FROM sqlite_master WHERE name IN ('judgement_judge', 'run_item_status')", "0"},
};
} // namespace

class TestMigrations : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void everyEarlierVersionOpens_data()
    {
        QTest::addColumn<int>("version");
        const int latest = Project::latestSchemaVersion();
        for (int v = 1; v <= latest; ++v)
            QTest::newRow(qPrintable(QStringLiteral("v%1").arg(v))) << v;
    }

    void everyEarlierVersionOpens()
    {
        QFETCH(int, version);
        const QString fixture = QStringLiteral(ASSAY_TEST_DATA "/migrations/v%1.assay").arg(version);
        QVERIFY2(QFile::exists(fixture), qPrintable(fixture + QStringLiteral(": missing; a migration landed without its fixture (run make_fixtures.py)")));
        const QString path = m_dir.filePath(QStringLiteral("v%1.assay").arg(version));
        QVERIFY(QFile::copy(fixture, path));
        QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner));
        {
            auto project = Project::open(path);
            QVERIFY2(project.ok(), qPrintable(project.error()));
            auto db = Database::open(path, Database::Mode::ReadOnly);
            QVERIFY(db.ok());
            QCOMPARE(db.value().scalar(QStringLiteral("PRAGMA user_version")).value().toInt(), Project::latestSchemaVersion());
            int checked = 0;
            for (const Kept &k : kept) {
                if (k.since > version)
                    continue;
                auto v = db.value().scalar(QString::fromUtf8(k.query));
                QVERIFY2(v.ok(), qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(k.query), v.error())));
                QCOMPARE(v.value().toString(), QString::fromUtf8(k.value));
                ++checked;
            }
            QVERIFY(checked > 0);
            // The migrated file takes new rows in the tables later versions added.
            auto exams = project.value()->database().scalar(QStringLiteral("SELECT count(*) FROM exam"));
            QVERIFY2(exams.ok(), qPrintable(exams.error()));
            QCOMPARE(exams.value().toInt(), version >= 16 ? 2 : version >= 8 ? 1 : 0);
        }
        // Opening again changes nothing.
        auto again = Project::open(path);
        QVERIFY2(again.ok(), qPrintable(again.error()));
    }

    void theFixturesAreFrozen()
    {
        // A fixture is made once, when its migration lands; its schema must be exactly the
        // migrations up to its version, so an edit to a landed migration shows here.
        const int latest = Project::latestSchemaVersion();
        const QString fresh = m_dir.filePath(QStringLiteral("fresh.assay"));
        QVERIFY(Project::create(fresh).ok());
        auto created = Database::open(fresh, Database::Mode::ReadOnly);
        auto fixture = Database::open(QStringLiteral(ASSAY_TEST_DATA "/migrations/v%1.assay").arg(latest), Database::Mode::ReadOnly);
        QVERIFY(created.ok() && fixture.ok());
        const QString schema = QStringLiteral("SELECT group_concat(name || ':' || sql, '\n') FROM (SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name)");
        QCOMPARE(created.value().scalar(schema).value().toString(), fixture.value().scalar(schema).value().toString());
    }
};

ASSAY_TEST_GUILESS_MAIN(TestMigrations)

} // namespace tst_migrations
#include "tst_migrations.moc"
