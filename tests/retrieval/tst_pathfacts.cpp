// Proposals along join paths (issue 49 item 3, docs/METHODS.md §1.6.6): the rule by hand on
// sentences whose answer counts are known, and the rows a demo template's join path reads.
#include "testmain.h"
#include "generation/generationstore.h"
#include "generation/semanticgroup.h"
#include "grounding/groundlinkstore.h"
#include "grounding/linktiers.h"
#include "grounding/pathfacts.h"
#include "project/project.h"
#include "testdemo.h"
#include "testsettings.h"

#include <QtTest>

namespace tst_pathfacts {

using namespace assay;

namespace {

PathFacts::Item item(const QString &value, bool name, bool answer = false)
{
    return {QStringList{value.toCaseFolded()}, name, answer, QString(), value};
}

// A project (the answer's row: its budget) and its client.
QVector<PathFacts::Row> projectAndClient()
{
    return {{QStringLiteral("projects"), true,
             {item(QStringLiteral("Nordvik quay wall survey"), true), item(QStringLiteral("420"), false, true), item(QStringLiteral("completed"), false)}},
            {QStringLiteral("clients"), false, {item(QStringLiteral("Brambleway Haulage"), true), item(QStringLiteral("Norway"), false)}}};
}

const QString budget = QStringLiteral("Nordvik quay wall survey carries a budget of 420 thousand euros.");
const QString client = QStringLiteral("The client behind Nordvik quay wall survey is Brambleway Haulage.");
const QString based = QStringLiteral("Brambleway Haulage is based in Norway.");

double confidenceOf(const QString &text, const QStringList &values, QString *evidence = nullptr)
{
    QVector<QStringList> forms;
    for (const QString &v : values)
        forms << QStringList{v};
    return PathFacts::confidence(text, {QStringLiteral("420")}, forms, projectAndClient(), evidence);
}

} // namespace

class TestPathFacts : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        QVERIFY(m_dir.isValid());
    }

    void theAnswerAsAFactOfItsRowTiedToTheValues()
    {
        QString evidence;
        // The budget stated of the project, and the project tied to the question's client.
        QCOMPARE(confidenceOf(budget + QLatin1Char(' ') + client, {QStringLiteral("Brambleway Haulage")}, &evidence), 0.55);
        QCOMPARE(evidence, budget + QStringLiteral(" … ") + client);
        // A value reached over two sentences: the client's country, through the client; the
        // evidence holds the sentence that ties the client to the project too.
        QCOMPARE(confidenceOf(budget + QStringLiteral(" Field work ended early. ") + client + QLatin1Char(' ') + based, {QStringLiteral("Norway")}, &evidence), 0.55);
        QCOMPARE(evidence, budget + QStringLiteral(" … ") + client + QStringLiteral(" … ") + based);
        // Two values, one stated: some of the path.
        QCOMPARE(confidenceOf(budget + QLatin1Char(' ') + client, {QStringLiteral("Brambleway Haulage"), QStringLiteral("Norway")}), 0.45);
        // No fill-in values: the answer's fact alone.
        QCOMPARE(confidenceOf(budget, {}), 0.5);
    }

    void nothingWithoutTheFactOrTheTie()
    {
        // The country said of a client no sentence ties to the project.
        QCOMPARE(confidenceOf(budget + QLatin1Char(' ') + based, {QStringLiteral("Norway")}), 0.0);
        // The budget said of nobody.
        QCOMPARE(confidenceOf(QStringLiteral("The budget was 420 thousand euros. ") + client, {QStringLiteral("Brambleway Haulage")}), 0.0);
        // The answer said of another row on the path (the client), not of its own.
        QCOMPARE(confidenceOf(QStringLiteral("Brambleway Haulage paid 420 thousand euros. ") + client, {QStringLiteral("Brambleway Haulage")}), 0.0);
        // Whole words only: 4200 is not 420.
        QCOMPARE(confidenceOf(QStringLiteral("Nordvik quay wall survey carries a budget of 4200 thousand euros. ") + client, {QStringLiteral("Brambleway Haulage")}), 0.0);
        // A value in the text, but not in a sentence naming a tied row.
        QCOMPARE(confidenceOf(budget + QStringLiteral(" Brambleway Haulage was founded in 1990."), {QStringLiteral("Brambleway Haulage")}), 0.0);
        // An answer of two characters is never compared.
        QCOMPARE(PathFacts::confidence(QStringLiteral("Nordvik quay wall survey has 12 staff."), {QStringLiteral("12")}, {}, projectAndClient()), 0.0);
    }

    void tiersSayTheirEvidence()
    {
        QVERIFY(LinkTiers::evidenceOf(0.55).contains(QLatin1String("every fill-in value")));
        QVERIFY(LinkTiers::evidenceOf(0.45).contains(QLatin1String("some of the fill-in values")));
        QVERIFY(LinkTiers::evidenceOf(0.75).contains(QLatin1String("one sentence")));
        QVERIFY(LinkTiers::evidenceOf(0.4).contains(QLatin1String("different sentences")));
    }

    // The demo's "industry of the client of project X": the rows its join path reads are the
    // project (its title, a name, is the question's value) and the client (the answer's row:
    // its industry the answer, its name a name); ids are no facts.
    void rowsOfADemoJoin()
    {
        auto project = test::openDemoProject(m_dir);
        QVERIFY(project);
        auto templates = GenerationStore(project->database()).sqlTemplates();
        QVERIFY(templates);
        qint64 join = 0;
        for (const auto &t : templates.value())
            if (t.sql == QLatin1String("SELECT b.industry FROM projects a JOIN clients b ON a.client_id = b.client_id WHERE a.title = '[projects.title]';"))
                join = t.id;
        QVERIFY(join > 0);
        auto groups = GroundLinkStore(project->database()).groups();
        QVERIFY(groups);
        const GroundLinkStore::Group *group = nullptr;
        for (const auto &g : groups.value())
            if (g.sqlTemplateId == join && !group)
                group = &g;
        QVERIFY(group);
        auto facts = PathFacts::open(*project);
        QVERIFY2(facts, qPrintable(facts.error()));
        auto rows = facts.value()->rowsOf(join, group->values);
        QVERIFY2(rows, qPrintable(rows.error()));
        QCOMPARE(rows.value().size(), 2);
        const PathFacts::Row &projectRow = rows.value()[0], &clientRow = rows.value()[1];
        QCOMPARE(projectRow.table, QStringLiteral("projects"));
        QCOMPARE(clientRow.table, QStringLiteral("clients"));
        QVERIFY(!projectRow.answerRow && clientRow.answerRow);
        const auto has = [](const PathFacts::Row &r, const QString &form, bool name, bool answer) {
            return std::any_of(r.items.begin(), r.items.end(), [&](const PathFacts::Item &i) { return i.forms.contains(form) && i.name == name && i.answer == answer; });
        };
        const QVariantList values = SemanticGroup::valuesFromJson(group->values);
        QCOMPARE(values.size(), 1);
        QVERIFY2(has(projectRow, values[0].toString().toCaseFolded(), true, false), qPrintable(group->values)); // the project's title
        QVERIFY2(has(clientRow, group->answer.toCaseFolded(), false, true), qPrintable(group->answer));          // an industry: shared, not a name
        QVERIFY(std::count_if(clientRow.items.begin(), clientRow.items.end(), [](const PathFacts::Item &i) { return i.name; }) >= 1); // the client's name
        for (const PathFacts::Row &r : rows.value())
            for (const PathFacts::Item &i : r.items)
                for (const QString &f : i.forms)
                    QVERIFY2(f.size() >= 3, qPrintable(f)); // no ids, nothing too short to compare
    }
};

ASSAY_TEST_GUILESS_MAIN(TestPathFacts)

} // namespace tst_pathfacts

#include "tst_pathfacts.moc"
