// Frozen test-set versions (docs/METHODS.md §11.2) on the demo project: a version copies the
// working set's accepted queries with an order-free content hash; the file refuses to change or
// delete it; curation afterwards changes only the working set, and the diff counts exactly what
// was rejected, re-answered and kept (by hand); a run on the old version gets the old items, a
// working-set run whose items are a version's records it; baselines per version.
#include "testmain.h"
#include "generation/queryrenderer.h"
#include "project/database.h"
#include "project/project.h"
#include "readers/pipelinespec.h"
#include "runs/runstore.h"
#include "runs/testsetdiff.h"
#include "runs/testsetstore.h"
#include "testdemo.h"
#include "testsettings.h"

#include <QtTest>

#include <nlohmann/json.hpp>

namespace tst_testsets {

using namespace assay;

namespace {
qint64 scalar(Database &db, const QString &sql)
{
    auto v = db.scalar(sql);
    return v ? v.value().toLongLong() : -1;
}
} // namespace

class TestTestSets : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_project;

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        m_project = test::openDemoProject(m_dir);
        QVERIFY(m_project);
    }

    void identityAndHash()
    {
        // Length prefixes: moving a character between parts changes the identity.
        QVERIFY(TestSetItem::identityOf({QStringLiteral("ab"), QStringLiteral("c")}) != TestSetItem::identityOf({QStringLiteral("a"), QStringLiteral("bc")}));
        QCOMPARE(TestSetItem::identityOf({QStringLiteral("x")}).size(), 32);
        TestSetItem a, b;
        a.identity = QStringLiteral("1");
        a.gold = QStringLiteral("Paris");
        b.identity = QStringLiteral("2");
        b.gold = QStringLiteral("Rome");
        // Order-free, and the gold is part of the content.
        QCOMPARE(TestSetItem::contentHash({a, b}), TestSetItem::contentHash({b, a}));
        TestSetItem c = b;
        c.gold = QStringLiteral("Milan");
        QVERIFY(TestSetItem::contentHash({a, b}) != TestSetItem::contentHash({a, c}));
    }

    void freezeCopiesTheWorkingSet()
    {
        Database &db = m_project->database();
        TestSetStore store(db);
        const qint64 accepted = scalar(db, QStringLiteral("SELECT count(*) FROM query q JOIN text_template t ON t.id = q.text_template_id "
                                                          "JOIN sql_template s ON s.id = t.sql_template_id "
                                                          "WHERE q.state = 'accepted' AND t.state = 'accepted' AND s.state = 'accepted' AND t.form = 'short'"));
        QVERIFY(accepted > 1000);
        auto v1 = store.freezeQueries(QStringLiteral("v1"), QStringLiteral("before curation"), QStringLiteral("short"));
        QVERIFY2(v1.ok(), qPrintable(v1.error()));
        QCOMPARE(v1.value().items, accepted);
        QCOMPARE(v1.value().note, QStringLiteral("before curation"));
        QCOMPARE(v1.value().sourceText(), QStringLiteral("form short"));
        auto items = store.items(v1.value().id);
        QVERIFY(items.ok());
        QCOMPARE(qint64(items.value().size()), accepted);
        QCOMPARE(TestSetItem::contentHash(items.value()), v1.value().hash);
        // The working set unchanged: the same hash, and the diff says so.
        auto working = store.workingQueries(QStringLiteral("short"));
        QVERIFY(working.ok());
        QCOMPARE(TestSetItem::contentHash(working.value()), v1.value().hash);
        const TestSetDiff same = TestSetDiff::compare(items.value(), working.value());
        QCOMPARE(same.unchanged, accepted);
        QCOMPARE(same.added + same.removed + same.changed, qint64(0));
        // A name is taken once; an empty set is refused.
        auto again = store.freezeQueries(QStringLiteral("v1"), {}, QStringLiteral("short"));
        QVERIFY(!again.ok());
        QVERIFY2(again.error().contains(QLatin1String("exists")), qPrintable(again.error()));
        auto empty = store.freezeQueries(QStringLiteral("none"), {}, QStringLiteral("no-such-form"));
        QVERIFY(!empty.ok());
        QVERIFY2(empty.error().contains(QLatin1String("no accepted queries")), qPrintable(empty.error()));
    }

    void versionsAreFrozen()
    {
        Database &db = m_project->database();
        const Status edit = db.run(QStringLiteral("UPDATE testset_item SET gold = 'x' WHERE rowid = (SELECT min(rowid) FROM testset_item)"));
        QVERIFY(!edit.ok());
        QVERIFY2(edit.error().contains(QLatin1String("cannot be changed")), qPrintable(edit.error()));
        QVERIFY(!db.run(QStringLiteral("DELETE FROM testset_item")).ok());
        QVERIFY(!db.run(QStringLiteral("DELETE FROM testset")).ok());
        QVERIFY(!db.run(QStringLiteral("UPDATE testset SET note = 'rewritten'")).ok());
        QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM testset WHERE note = 'before curation'")), qint64(1));
    }

    void curationChangesOnlyTheWorkingSet()
    {
        Database &db = m_project->database();
        TestSetStore store(db);
        auto v1 = store.info(QStringLiteral("v1"));
        QVERIFY(v1.ok());
        // Reject 7 short queries; give one group (with short queries) a new answer.
        QVERIFY(db.run(QStringLiteral("UPDATE query SET state = 'rejected' WHERE id IN (SELECT q.id FROM query q JOIN text_template t ON t.id = q.text_template_id "
                                      "WHERE t.form = 'short' AND q.state = 'accepted' ORDER BY q.id LIMIT 7)")).ok());
        const qint64 group = scalar(db, QStringLiteral("SELECT q.group_id FROM query q JOIN text_template t ON t.id = q.text_template_id "
                                                       "WHERE t.form = 'short' AND q.state = 'accepted' ORDER BY q.id DESC LIMIT 1"));
        const qint64 groupQueries = scalar(db, QStringLiteral("SELECT count(*) FROM query q JOIN text_template t ON t.id = q.text_template_id "
                                                              "WHERE t.form = 'short' AND q.state = 'accepted' AND q.group_id = %1").arg(group));
        QVERIFY(groupQueries >= 1);
        QVERIFY(db.run(QStringLiteral("UPDATE query_group SET answer = 'a new answer' WHERE id = ?"), {group}).ok());
        auto working = store.workingQueries(QStringLiteral("short"));
        auto frozen = store.items(v1.value().id);
        QVERIFY(working.ok() && frozen.ok());
        QCOMPARE(qint64(frozen.value().size()), v1.value().items); // the version is as it was
        const TestSetDiff d = TestSetDiff::compare(frozen.value(), working.value());
        QCOMPARE(d.removed, qint64(7));
        QCOMPARE(d.changed, groupQueries);
        QCOMPARE(d.added, qint64(0));
        QCOMPARE(d.unchanged, v1.value().items - 7 - groupQueries);
        for (const TestSetDiffItem &i : d.items)
            if (i.change == TestSetDiffItem::Change::Changed)
                QCOMPARE(i.goldTo, QStringLiteral("a new answer"));
        const nlohmann::json j = d.toJson();
        QCOMPARE(j["removed"].get<qint64>(), qint64(7));
        QCOMPARE(qint64(j["items"].size()), 7 + groupQueries);
        QVERIFY(d.summary().startsWith(QLatin1String("0 added, 7 removed")));
    }

    void runsOnVersionsAndBaselines()
    {
        Database &db = m_project->database();
        TestSetStore store(db);
        RunStore runs(db);
        auto v1 = store.info(QStringLiteral("v1"));
        QVERIFY(v1.ok());
        auto spec = PipelineSpec::parse(QStringLiteral("retriever=bm25,k=3,reader=none"));
        QVERIFY(spec.ok());
        // On the old version: its items, though 7 were rejected since.
        auto onV1 = runs.openOrCreate(QStringLiteral("on-v1"), spec.value(), {}, v1.value().id);
        QVERIFY2(onV1.ok(), qPrintable(onV1.error()));
        QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM run_item WHERE run_id = %1").arg(onV1.value())), v1.value().items);
        QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM run_item WHERE run_id = %1 AND length(identity) = 32").arg(onV1.value())), v1.value().items);
        auto header = runs.header(onV1.value());
        QVERIFY(header.ok());
        QCOMPARE(header.value().version, QStringLiteral("v1"));
        QCOMPARE(header.value().querySet, QStringLiteral("short"));
        // The working set now: no version holds it, until it is frozen; then a run records it.
        auto working = runs.openOrCreate(QStringLiteral("working"), spec.value(), QStringLiteral("short"));
        QVERIFY(working.ok());
        QCOMPARE(runs.header(working.value()).value().version, QString());
        auto v2 = store.freezeQueries(QStringLiteral("v2"), {}, QStringLiteral("short"));
        QVERIFY(v2.ok());
        QCOMPARE(v2.value().items, v1.value().items - 7);
        auto matched = runs.openOrCreate(QStringLiteral("matched"), spec.value(), QStringLiteral("short"));
        QVERIFY(matched.ok());
        QCOMPARE(runs.header(matched.value()).value().version, QStringLiteral("v2"));
        // Continuing a run on another version is refused with the reason.
        auto clash = runs.openOrCreate(QStringLiteral("on-v1"), spec.value(), {}, v2.value().id);
        QVERIFY(!clash.ok());
        QVERIFY2(clash.error().contains(QLatin1String("version 'v1'")), qPrintable(clash.error()));
        // Baselines: one per version; marking another replaces it.
        QVERIFY(!store.baselineFor(onV1.value()).value().has_value());
        QVERIFY(store.markBaseline(onV1.value()).ok());
        QCOMPARE(store.baselineFor(onV1.value()).value().value_or(0), onV1.value());
        QVERIFY(!store.baselineFor(matched.value()).value().has_value()); // v2 has none
        QVERIFY(store.markBaseline(matched.value()).ok());
        auto listed = store.list();
        QVERIFY(listed.ok());
        QCOMPARE(listed.value().size(), 2);
        QCOMPARE(listed.value().at(0).baseline, QStringLiteral("on-v1"));
        QCOMPARE(listed.value().at(0).runs, qint64(1));
        QCOMPARE(listed.value().at(1).baseline, QStringLiteral("matched"));
    }

    // A sample of the working set: N semantic groups, each whole, the same for the same seed;
    // frozen with its provenance after the note.
    void aSampleKeepsWholeGroups()
    {
        TestSetStore store(m_project->database());
        const QVector<TestSetItem> working = store.workingQueries(QStringLiteral("short")).value();
        QHash<QString, int> perGroup;
        for (const TestSetItem &item : working)
            ++perGroup[item.groupKey];
        QVERIFY(perGroup.size() > 1000);
        int of = 0;
        const QVector<TestSetItem> sample = TestSetItem::sampleGroups(working, 50, 7, &of);
        QCOMPARE(of, int(perGroup.size()));
        QHash<QString, int> sampled;
        for (const TestSetItem &item : sample)
            ++sampled[item.groupKey];
        QCOMPARE(sampled.size(), 50);
        for (auto it = sampled.cbegin(); it != sampled.cend(); ++it)
            QCOMPARE(it.value(), perGroup.value(it.key())); // every sampled group whole
        QCOMPARE(TestSetItem::contentHash(TestSetItem::sampleGroups(working, 50, 7)), TestSetItem::contentHash(sample));
        QVERIFY(TestSetItem::contentHash(TestSetItem::sampleGroups(working, 50, 8)) != TestSetItem::contentHash(sample));
        QCOMPARE(TestSetItem::sampleGroups(working, of, 7).size(), working.size()); // all groups: every item
        auto frozen = store.freezeQueries(QStringLiteral("ci"), QStringLiteral("for CI"), QStringLiteral("short"), TestSetSample{50, 7});
        QVERIFY2(frozen.ok(), qPrintable(frozen.error()));
        QCOMPARE(frozen.value().items, qint64(sample.size()));
        QCOMPARE(frozen.value().hash, TestSetItem::contentHash(sample));
        QCOMPARE(frozen.value().note, QStringLiteral("for CI (sample of 50 of %1 groups, seed 7)").arg(QLocale(QLocale::English).toString(of)));
    }
};

ASSAY_TEST_GUILESS_MAIN(TestTestSets)

} // namespace tst_testsets
#include "tst_testsets.moc"
