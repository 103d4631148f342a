// GRAMMAR-Gen: rule enumeration on the demo schema, validation, fill-in on a tiny fixed DB
// (including hostile values bound as parameters), singular-answer rates, text-template
// checks, the offline verbalizer, balanced counts, GRAMMAR JSON round trip, and the
// reproduction of GRAMMAR's Spider figures (57 SQL queries, 570 text queries per form).
#include "testmain.h"
#include "demo/demoproject.h"
#include "generation/fillinengine.h"
#include "core/job.h"
#include "generation/generationsnapshotstore.h"
#include "generation/generationstore.h"
#include "grounding/documentkeystore.h"
#include "grounding/groundlinkstore.h"
#include "generation/grammarimport.h"
#include "generation/generationworkflow.h"
#include "generation/offlineverbalizer.h"
#include "generation/ruleenumerator.h"
#include "generation/sqltemplate.h"
#include "generation/sqltemplateintake.h"
#include "generation/templatevalidator.h"
#include "generation/textpattern.h"
#include "generation/texttemplatecheck.h"
#include "generation/texttemplateintake.h"
#include "generation/grammarjson.h"
#include "project/project.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgetable.h"
#include "schema/knowledgerow.h"
#include "schema/knowledgeconnection.h"
#include "schema/knowledgeimporter.h"
#include "schema/sqlscriptreader.h"
#include "testdemo.h"
#include "testsettings.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

namespace tst_generation {

using namespace assay;

namespace {
const char *tinyWorld = R"sql(
CREATE TABLE person(person_id INTEGER PRIMARY KEY, name TEXT, city TEXT, team TEXT);
INSERT INTO person VALUES (1, 'Ann', 'Oslo', 'red'), (2, 'Bob', 'Lyon', 'red'), (3, 'Cat', 'Oslo', 'blue'),
                          (4, 'O''Brien "x"; DROP TABLE person; --', 'Rome', 'green'), (5, 'Dan', NULL, 'blue');
)sql";
} // namespace

class TestGeneration : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    int m_serial = 0;
    std::unique_ptr<Project> m_demo;

    std::unique_ptr<Project> projectWith(const QByteArray &script)
    {
        auto p = Project::create(m_dir.filePath(QStringLiteral("g%1.assay").arg(++m_serial))).take();
        auto schema = SqlScriptReader::read(script, QStringLiteral("world.sql"));
        if (!schema || !KnowledgeImporter::import(*p, schema.value(), {}).ok())
            return nullptr;
        return p;
    }
    QString findSql(GenerationStore &store, const QString &sql, QString *state = nullptr, double *rate = nullptr)
    {
        for (const SqlTemplateRecord &r : store.sqlTemplates().value())
            if (r.sql == sql) {
                if (state)
                    *state = curationStateName(r.state);
                if (rate)
                    *rate = r.singularRate;
                return r.reason;
            }
        return QStringLiteral("(missing)");
    }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        m_demo = test::openDemoProject(m_dir);
        QVERIFY(m_demo);
    }

    void enumeratorOnDemoSchema()
    {
        const QStringList sqls = RuleEnumerator::enumerate(*m_demo->service<KnowledgeBase>());
        QVERIFY(sqls.contains(QStringLiteral("SELECT budget_keur FROM projects WHERE title = '[projects.title]';")));
        QVERIFY(sqls.contains(QStringLiteral("SELECT country FROM offices WHERE city = '[offices.city]';")));
        QVERIFY(sqls.contains(QStringLiteral("SELECT status FROM projects WHERE title = '[projects.title]' AND start_date = '[projects.start_date]';")));
        QVERIFY(sqls.contains(QStringLiteral("SELECT b.name FROM projects a JOIN clients b ON a.client_id = b.client_id WHERE a.title = '[projects.title]';")));
        QVERIFY(sqls.contains(QStringLiteral("SELECT a.title FROM projects a JOIN clients b ON a.client_id = b.client_id WHERE b.name = '[clients.name]';")));
        QVERIFY(sqls.contains(QStringLiteral("SELECT a.budget_keur FROM projects a JOIN clients x ON a.client_id = x.client_id JOIN employees y ON "
                                             "a.lead_id = y.employee_id WHERE x.name = '[clients.name]' AND y.full_name = '[employees.full_name]';")));
        for (const QString &sql : sqls) {
            // Surrogate ids are never a target or a placeholder (they appear only in join conditions).
            QVERIFY2(!QRegularExpression(QStringLiteral("_id\\]|SELECT (a\\.|b\\.)?\\w*_id\\b")).match(sql).hasMatch(), qPrintable(sql));
            QVERIFY(!SqlTemplate(sql).placeholders().isEmpty());
        }
    }

    void validationRejects_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("reason");
        QTest::newRow("not select") << "DELETE FROM projects WHERE title = '[projects.title]'" << "not a SELECT";
        QTest::newRow("two statements") << "SELECT status FROM projects WHERE title = '[projects.title]'; DROP TABLE projects" << "more than one statement";
        QTest::newRow("unknown column") << "SELECT status FROM projects WHERE title = '[projects.nope]'" << "table projects has no column nope";
        QTest::newRow("unknown table") << "SELECT status FROM projects WHERE title = '[nowhere.title]'" << "no table nowhere";
        QTest::newRow("no placeholder") << "SELECT status FROM projects WHERE title = 'x'" << "no placeholder";
        QTest::newRow("syntax") << "SELECT status FROM projects WHERE title = '[projects.title]' AND" << "SQLite cannot prepare it";
        QTest::newRow("unknown column in select") << "SELECT colour FROM projects WHERE title = '[projects.title]'" << "no such column: colour";
    }
    void validationRejects()
    {
        QFETCH(QString, sql);
        QFETCH(QString, reason);
        auto conn = KnowledgeConnection::open(*m_demo->service<KnowledgeBase>());
        const Status s = TemplateValidator::validate(sql, *m_demo->service<KnowledgeBase>(), conn.value());
        QVERIFY(!s.ok());
        QVERIFY2(s.error().contains(reason), qPrintable(s.error()));
    }

    void fillInCountsOnTinyDb()
    {
        auto p = projectWith(tinyWorld);
        QVERIFY(p);
        auto conn = KnowledgeConnection::open(*p->service<KnowledgeBase>());
        FillInEngine engine(conn.value());
        // One placeholder: 5 distinct names, all answered except Dan (NULL city).
        auto one = engine.run(SqlTemplate(QStringLiteral("SELECT city FROM person WHERE name = '[person.name]'")));
        QVERIFY2(one.ok(), qPrintable(one.error()));
        QCOMPARE(one.value().combinations, qint64(5));
        QCOMPARE(one.value().groups.size(), 4);
        QCOMPARE(one.value().skipped, qint64(1));
        QCOMPARE(one.value().singularRate, 1.0);
        // Deterministic order (ORDER BY the value) and a hostile value answered through binding.
        QCOMPARE(one.value().groups[0].valueTexts(), QStringList{QStringLiteral("Ann")});
        bool hostile = false;
        for (const SemanticGroup &g : one.value().groups)
            hostile = hostile || (g.valueTexts().constFirst().startsWith(QLatin1String("O'Brien")) && g.answer == QLatin1String("Rome"));
        QVERIFY(hostile);
        // Two placeholders: Cartesian product 3 cities × 3 teams = 9, of which 4 return rows.
        auto two = engine.run(SqlTemplate(QStringLiteral("SELECT name FROM person WHERE city = '[person.city]' AND team = '[person.team]'")));
        QCOMPARE(two.value().combinations, qint64(9));
        QCOMPARE(two.value().groups.size(), 4);
        QCOMPARE(two.value().singularRate, 1.0);
        // Not singular: Oslo has two people.
        auto many = engine.run(SqlTemplate(QStringLiteral("SELECT name FROM person WHERE city = '[person.city]'")));
        QCOMPARE(many.value().groups.size(), 3);
        QVERIFY(qAbs(many.value().singularRate - 2.0 / 3.0) < 1e-9);
        QCOMPARE(many.value().groups[1].rowCount, 2);
    }

    void intakeFlagsLowSingularRates()
    {
        auto p = projectWith(tinyWorld);
        GenerationStore store(p->database());
        auto report = SqlTemplateIntake(*p).add({QStringLiteral("SELECT city FROM person WHERE name = '[person.name]';"),
                                                 QStringLiteral("SELECT name FROM person WHERE city = '[person.city]';"),
                                                 QStringLiteral("UPDATE person SET city = 'x' WHERE name = '[person.name]';")},
                                                QStringLiteral("user"));
        QVERIFY(report.ok());
        QCOMPARE(report.value().accepted, 1);
        QCOMPARE(report.value().review, 1);
        QCOMPARE(report.value().rejected, 1);
        QString state;
        double rate = 0;
        QVERIFY(findSql(store, QStringLiteral("SELECT name FROM person WHERE city = '[person.city]';"), &state, &rate).contains(QLatin1String("0.67 is below 0.95")));
        QCOMPARE(state, QStringLiteral("review"));
        QVERIFY(findSql(store, QStringLiteral("UPDATE person SET city = 'x' WHERE name = '[person.name]';"), &state).contains(QLatin1String("not a SELECT")));
        QCOMPARE(state, QStringLiteral("rejected"));
        QCOMPARE(store.stats().value().sqlTemplates, 1);
        QCOMPARE(store.stats().value().sqlQueries, 4);
    }

    // A generation step made undoable: copies before and after it in the project's undo file
    // (on disk, removed with the project); a failed or cancelled step is taken back.
    void undoableStepKeepsItsCopiesOnDisk()
    {
        auto p = projectWith(tinyWorld);
        GenerationStore store(p->database());
        const QString one = QStringLiteral("SELECT city FROM person WHERE name = '[person.name]'");
        const QString two = QStringLiteral("SELECT team FROM person WHERE name = '[person.name]'");
        const QString three = QStringLiteral("SELECT name FROM person WHERE team = '[person.team]'");
        QVERIFY(SqlTemplateIntake(*p).add({one}, QStringLiteral("user")));
        // A ground-truth link and a key truth row on the first template: a step undone or
        // taken back deletes the templates to restore them, and must not take these along.
        {
            const SqlTemplateRecord first = store.sqlTemplates().value().first();
            const QString vals = store.groups(first.id).value().first().valuesJson();
            GroundLink link;
            link.sqlTemplateId = first.id;
            link.values = vals;
            link.docId = QStringLiteral("d1");
            QVERIFY(GroundLinkStore(p->database()).apply({link}, {}));
            QVERIFY(DocumentKeyStore(p->database()).replace({{QStringLiteral("person"), QStringLiteral("name"), DocumentKey::Match::Id}},
                                                            {{first.id, vals, QStringLiteral("d2"), QStringLiteral("person"), false, QString()}}));
        }
        const auto kept = [&] {
            return GroundLinkStore(p->database()).links().value().size() == 1 && DocumentKeyStore(p->database()).truth().value().size() == 1;
        };
        const auto sqls = [&] {
            QStringList out;
            for (const SqlTemplateRecord &r : store.sqlTemplates().value())
                out << r.sql;
            return out;
        };
        const auto adding = [](const QString &sql, Status end) {
            return [sql, end](Project &project, Job &job) -> Result<QString> {
                if (auto r = SqlTemplateIntake(project).add({sql}, QStringLiteral("user")); !r)
                    return Result<QString>::failure(r);
                if (end.code() == ErrorCode::Cancelled)
                    job.cancel();
                else if (!end)
                    return Result<QString>::failure(end.error());
                return QStringLiteral("added");
            };
        };
        const QString undoFile = p->undoFile();
        GenerationSnapshotStore::Step step;
        Job ok(QStringLiteral("add"), [&](Job &job) {
            auto ran = GenerationSnapshotStore::runUndoable(*p, undoFile, adding(two, Status()), job);
            if (!ran)
                return Status::failure(ran);
            step = ran.value();
            return Status();
        });
        QVERIFY(ok.runHere());
        QCOMPARE(step.summary, QStringLiteral("added"));
        QCOMPARE(sqls(), (QStringList{one, two}));
        QVERIFY(QFileInfo(undoFile).size() > 0);
        GenerationSnapshotStore snapshots(p->database(), undoFile);
        QVERIFY(snapshots.restore(step.before));
        QCOMPARE(sqls(), QStringList{one});
        QVERIFY(kept());
        QCOMPARE(store.groups(store.sqlTemplates().value().first().id).value().size(), 4);
        QVERIFY(snapshots.restore(step.after));
        QCOMPARE(sqls(), (QStringList{one, two}));
        QVERIFY(kept());

        // A failure and a cancel leave the project as it was, the failure naming its cause.
        Job failing(QStringLiteral("fail"), [&](Job &job) {
            auto ran = GenerationSnapshotStore::runUndoable(*p, undoFile, adding(three, Status::failure(QStringLiteral("endpoint gone"))), job);
            return ran ? Status() : Status::failure(ran);
        });
        const Status failed = failing.runHere();
        QVERIFY(!failed);
        QVERIFY2(failed.error().contains(QLatin1String("endpoint gone")), qPrintable(failed.error()));
        QCOMPARE(sqls(), (QStringList{one, two}));
        Job cancelling(QStringLiteral("cancel"), [&](Job &job) {
            auto ran = GenerationSnapshotStore::runUndoable(*p, undoFile, adding(three, Status::cancelled()), job);
            return ran ? Status() : Status::failure(ran);
        });
        QCOMPARE(cancelling.runHere().code(), ErrorCode::Cancelled);
        QCOMPARE(sqls(), (QStringList{one, two}));
        QVERIFY(kept());
        QCOMPARE(store.groups(store.sqlTemplates().value().last().id).value().size(), 5); // every person has a team

        p.reset();
        QVERIFY(!QFileInfo::exists(undoFile));
    }

    void textTemplatesKeepTheirPlaceholders()
    {
        const SqlTemplate t(QStringLiteral("SELECT a FROM T WHERE b = '[T.b]' AND c = '[T.c]'"));
        QVERIFY(TextTemplateCheck::check(QStringLiteral("a for '[T.b]' and '[T.c]'"), t).ok());
        QVERIFY(TextTemplateCheck::check(QStringLiteral("a for '[T.b]'"), t).error().contains(QLatin1String("loses placeholder [T.c]")));
        QVERIFY(TextTemplateCheck::check(QStringLiteral("a for '[T.b]' '[T.c]' '[T.d]'"), t).error().contains(QLatin1String("adds placeholder [T.d]")));
        // Filling in is literal: values with regex or format characters arrive as they are.
        QCOMPARE(TextPattern(QStringLiteral("x '[T.c]' y [T.b]"), t.placeholders()).fill({QStringLiteral("B"), QStringLiteral("C&$1\\1")}),
                 QStringLiteral("x 'C&$1\\1' y B"));
    }

    void offlineVerbalizerWritesDistinctForms()
    {
        const OfflineVerbalizer v(*m_demo->service<KnowledgeBase>());
        for (const QString &sql : RuleEnumerator::enumerate(*m_demo->service<KnowledgeBase>())) {
            const SqlTemplate t(sql);
            for (const QString &form : {QStringLiteral("short"), QStringLiteral("long")}) {
                const QStringList texts = v.verbalize(t, form, 10);
                QCOMPARE(texts.size(), OfflineVerbalizer::available(form));
                QVERIFY(texts.size() >= 3);
                QCOMPARE(QSet<QString>(texts.begin(), texts.end()).size(), texts.size());
                for (const QString &text : texts) {
                    QVERIFY2(TextTemplateCheck::check(text, t).ok(), qPrintable(text));
                    if (form == QLatin1String("long"))
                        QVERIFY2(text.split(QLatin1Char(' '), Qt::SkipEmptyParts).size() >= 30, qPrintable(text));
                }
            }
        }
        const auto text = v.verbalize(SqlTemplate(QStringLiteral("SELECT budget_keur FROM projects WHERE title = '[projects.title]';")), QStringLiteral("short"), 1);
        QCOMPARE(text.constFirst(), QStringLiteral("budget in thousand euros of project with title '[projects.title]'"));
    }

    void balancedModeEqualisesCounts()
    {
        auto p = projectWith(tinyWorld);
        GenerationStore store(p->database());
        QVERIFY(SqlTemplateIntake(*p).add({QStringLiteral("SELECT city FROM person WHERE name = '[person.name]';"),
                                           QStringLiteral("SELECT team FROM person WHERE name = '[person.name]';")},
                                          QStringLiteral("user")).ok());
        const auto records = store.sqlTemplates().value();
        TextTemplateIntake intake(*p);
        QVERIFY(intake.add(records[0].id, QStringLiteral("short"), {QStringLiteral("city [person.name]"), QStringLiteral("[person.name] city"), QStringLiteral("town of [person.name]")}, QStringLiteral("user")).ok());
        QVERIFY(intake.add(records[1].id, QStringLiteral("short"), {QStringLiteral("team [person.name]"), QStringLiteral("[person.name] team"), QStringLiteral("team of person")}, QStringLiteral("user")).ok());
        // The third text template of the second SQL template lost its placeholder: rejected.
        QCOMPARE(store.textTemplates(records[1].id).value()[2].state, CurationState::Rejected);
        QCOMPARE(store.rebuildQueries(false).value(), qint64(4 * 3 + 5 * 2));
        QCOMPARE(store.rebuildQueries(true).value(), qint64(4 * 2 + 5 * 2));
        QCOMPARE(store.stats().value().textQueries.value(QStringLiteral("short")), 18);
        // A form only the first SQL template has: balancing keeps it (k = 1 over the templates
        // that have it) and names the template that lacks it, instead of dropping the form.
        QVERIFY(store.addForm(QStringLiteral("long"), QStringLiteral("a whole sentence")).ok());
        QVERIFY(intake.add(records[0].id, QStringLiteral("long"), {QStringLiteral("Which city does [person.name] live in?")}, QStringLiteral("user")).ok());
        QStringList notes;
        QCOMPARE(store.rebuildQueries(true, &notes).value(), qint64(4 * 2 + 5 * 2 + 4 * 1));
        QCOMPARE(store.stats().value().textQueries.value(QStringLiteral("long")), 4);
        QCOMPARE(notes.size(), 1);
        QVERIFY2(notes.first().contains(QStringLiteral("form long: SQL template(s) #%1").arg(records[1].id)), qPrintable(notes.first()));
    }

    void grammarImportHonoursTheThreshold()
    {
        // "Which person is in team X" has several answers for red and blue: its singular-answer
        // rate is 1/3. The default threshold flags it; --threshold 0.3 accepts it.
        QFile json(m_dir.filePath(QStringLiteral("threshold-templates.json")));
        QVERIFY(json.open(QIODevice::WriteOnly));
        json.write(R"json({"('person',)": ["SELECT name FROM person WHERE team = '[person.team]';", "SELECT team FROM person WHERE name = '[person.name]';"]})json");
        json.close();
        for (const double threshold : {0.95, 0.3}) {
            auto p = projectWith(tinyWorld);
            QVERIFY(p);
            auto report = GrammarImport::run(*p, json.fileName(), {}, nullptr, threshold);
            QVERIFY2(report.ok(), qPrintable(report.error()));
            QCOMPARE(report.value().sql.review, threshold > 0.5 ? 1 : 0);
            QCOMPARE(report.value().sql.accepted, threshold > 0.5 ? 1 : 2);
        }
        QVERIFY(!GenerationWorkflow::importGrammar(*projectWith(tinyWorld), json.fileName(), {}, nullptr, 1.5).ok());
    }

    void spiderReproducesGrammarFigures()
    {
        const QString dir = QStringLiteral(ASSAY_TEST_DATA "/spider_company_employee");
        auto p = Project::create(m_dir.filePath(QStringLiteral("spider.assay"))).take();
        auto schema = SqlScriptReader::readFile(dir + QStringLiteral("/schema.sql"));
        QVERIFY2(schema.ok(), qPrintable(schema.error()));
        QVERIFY(KnowledgeImporter::import(*p, schema.value(), {}).ok());
        auto report = GrammarImport::run(*p, dir + QStringLiteral("/sql_templates.json"),
                                         {{QStringLiteral("short"), dir + QStringLiteral("/text_templates_short.json")},
                                          {QStringLiteral("long"), dir + QStringLiteral("/text_templates_long.json")}});
        QVERIFY2(report.ok(), qPrintable(report.error()));
        QCOMPARE(report.value().sql.accepted, 5);
        QCOMPARE(report.value().acceptedTexts.value(QStringLiteral("short")), 50);

        GenerationStore store(p->database());
        QVERIFY(store.rebuildQueries(true).ok());
        const auto st = store.stats().value();
        QCOMPARE(st.sqlTemplates, 5);
        QCOMPARE(st.sqlQueries, 57);
        QCOMPARE(st.textQueries.value(QStringLiteral("short")), 570);
        QCOMPARE(st.textQueries.value(QStringLiteral("long")), 570);
        // The join template answers only for the 5 employment rows: ExxonMobil's industry etc.
        // Templates arrive in file order; the join answers only for the 5 employment rows.
        const SqlTemplateRecord join = store.sqlTemplates().value().constLast();
        QVERIFY(join.sql.contains(QLatin1String("Year_working")));
        QCOMPARE(store.groups(join.id).value().size(), 5);
    }

    // Issue 73: generating the SQL templates again keeps every template whose groups come out the
    // same, with its text queries (and so the runs' references to them); when the knowledge
    // changed a template's groups, the step refuses, naming how many text queries it would
    // remove, and leaves the project as it was, unless told to replace them.
    void generatingAgainKeepsWhatItCan()
    {
        auto p = projectWith(tinyWorld);
        QVERIFY(p);
        QVERIFY(GenerationWorkflow::generateSqlTemplates(*p, {}).ok());
        QVERIFY(GenerationWorkflow::generateTextTemplates(*p, {}).ok());
        QVERIFY(GenerationWorkflow::buildQueries(*p, false).ok());
        GenerationStore store(p->database());
        const auto queryIds = [&] {
            QStringList ids;
            (void)p->database().each(QStringLiteral("SELECT id FROM query ORDER BY id"), {}, [&](const Statement &r) { ids << r.text(0); });
            return ids;
        };
        const QStringList before = queryIds();
        QVERIFY(before.size() > 10);
        auto again = GenerationWorkflow::generateSqlTemplates(*p, {});
        QVERIFY2(again.ok(), qPrintable(again.error()));
        QVERIFY2(again.value().contains(QStringLiteral("gave the same groups and were kept with their text queries; 0 changed")), qPrintable(again.value()));
        QCOMPARE(queryIds(), before); // the same queries, ids and all
        // Ann moves: every template reading her city gives other groups now.
        KnowledgeBase *kb = p->service<KnowledgeBase>();
        const KnowledgeTable *person = kb->tableNamed(QStringLiteral("person"));
        QVERIFY(person);
        qint64 ann = 0;
        for (const KnowledgeRow &r : kb->rows(person->id).value())
            if (r.value(person->columnNamed(QStringLiteral("name"))->id).toString() == QLatin1String("Ann"))
                ann = r.id;
        QVERIFY(kb->setCell(person->id, ann, person->columnNamed(QStringLiteral("city"))->id, QStringLiteral("Bergen")).ok());
        const auto groupsBefore = store.stats().value().sqlQueries;
        auto refused = GenerationWorkflow::generateSqlTemplates(*p, {});
        QVERIFY(!refused.ok());
        QCOMPARE(refused.code(), ErrorCode::WouldRemove);
        QVERIFY2(refused.error().contains(QStringLiteral("generating again would remove")) && refused.error().contains(QStringLiteral("Nothing was changed")),
                 qPrintable(refused.error()));
        QCOMPARE(queryIds(), before);
        QCOMPARE(store.stats().value().sqlQueries, groupsBefore);
        GenerationWorkflow::SqlOptions replace;
        replace.replace = true;
        auto replaced = GenerationWorkflow::generateSqlTemplates(*p, replace);
        QVERIFY2(replaced.ok(), qPrintable(replaced.error()));
        QVERIFY2(replaced.value().contains(QStringLiteral("changed (")), qPrintable(replaced.value()));
        QVERIFY(queryIds().size() < before.size()); // the changed templates' queries are gone; rebuild them
    }

    void grammarJsonRoundTrip()
    {
        GenerationStore demo(m_demo->database());
        QVERIFY(SqlTemplateIntake(*m_demo).add(RuleEnumerator::enumerate(*m_demo->service<KnowledgeBase>()), QStringLiteral("rules")).ok());
        QVERIFY(TextTemplateIntake(*m_demo).generateOffline({QStringLiteral("short"), QStringLiteral("long")}, 3).ok());
        QVERIFY(demo.rebuildQueries(true).ok());
        const QString out = m_dir.filePath(QStringLiteral("grammar-out"));
        QVERIFY(GrammarJson::writeGrammarFolder(demo, out).ok());

        const QString copyPath = m_dir.filePath(QStringLiteral("copy.assay"));
        QVERIFY(test::writeDemoProject(copyPath));
        auto copy = Project::open(copyPath).take();
        auto imported = GrammarImport::run(*copy, out + QStringLiteral("/sql_templates.json"),
                                           {{QStringLiteral("short"), out + QStringLiteral("/text_templates_short.json")},
                                            {QStringLiteral("long"), out + QStringLiteral("/text_templates_long.json")}});
        QVERIFY2(imported.ok(), qPrintable(imported.error()));
        GenerationStore second(copy->database());
        QVERIFY(second.rebuildQueries(true).ok());
        QCOMPARE(second.stats().value().sqlQueries, demo.stats().value().sqlQueries);
        QCOMPARE(second.stats().value().textQueries, demo.stats().value().textQueries);
        auto canonical = [](const nlohmann::json &qa) {
            QStringList perTemplate;
            for (const auto &t : qa)
                perTemplate << QString::fromStdString(t.dump());
            perTemplate.sort();
            return perTemplate;
        };
        QCOMPARE(canonical(GrammarJson::queryAnswers(second, QStringLiteral("long")).value()),
                 canonical(GrammarJson::queryAnswers(demo, QStringLiteral("long")).value()));
        // The query–answer file: a list per SQL template of [answer, [text queries]].
        const auto qa = GrammarJson::queryAnswers(demo, QStringLiteral("short")).value();
        QCOMPARE(qint64(qa.size()), demo.stats().value().sqlTemplates);
        QVERIFY(qa[0][0][0].is_string());
        QCOMPARE(qa[0][0][1].size(), size_t(3));

        const QString jsonl = m_dir.filePath(QStringLiteral("q.jsonl"));
        auto n = GrammarJson::writeQueriesJsonl(demo, jsonl);
        QCOMPARE(n.value(), demo.stats().value().textQueries.value(QStringLiteral("short")) * 2);
        QFile f(jsonl);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto first = nlohmann::json::parse(f.readLine().toStdString());
        for (const char *key : {"id", "group", "form", "sql_template_id", "text_template_id", "text", "answer", "doc_ids"})
            QVERIFY2(first.contains(key), key);
    }

    void importRefusesUnknownSqlInTextFile()
    {
        auto p = projectWith(tinyWorld);
        const QString sqlFile = m_dir.filePath(QStringLiteral("s.json")), textFile = m_dir.filePath(QStringLiteral("t.json"));
        QFile s(sqlFile), t(textFile);
        QVERIFY(s.open(QIODevice::WriteOnly) && t.open(QIODevice::WriteOnly));
        s.write(R"json({"('person',)": ["SELECT city FROM person WHERE name = '[person.name]';"]})json");
        t.write(R"json({"SELECT team FROM person WHERE name = '[person.name]';": ["team [person.name]"]})json");
        s.close();
        t.close();
        auto r = GrammarImport::run(*p, sqlFile, {{QStringLiteral("short"), textFile}});
        QVERIFY(!r.ok());
        QVERIFY2(r.error().contains(QLatin1String("is not one of the SQL templates")), qPrintable(r.error()));
        QCOMPARE(GenerationStore(p->database()).sqlTemplates().value().size(), 0);
    }
};

ASSAY_TEST_GUILESS_MAIN(TestGeneration)

} // namespace tst_generation
#include "tst_generation.moc"
