// Undo/redo of every schema-editor command: after redo the knowledge equals the edited state,
// after undo it equals the state before — in memory and as re-read from the project file.
#include "testmain.h"
#include "commands/addknowledgecolumncommand.h"
#include "commands/addknowledgerowcommand.h"
#include "commands/addknowledgetablecommand.h"
#include "commands/changeknowledgecolumncommand.h"
#include "commands/importknowledgecommand.h"
#include "commands/removeknowledgecolumncommand.h"
#include "commands/removeknowledgerowscommand.h"
#include "commands/removeknowledgetablecommand.h"
#include "commands/renameknowledgetablecommand.h"
#include "commands/setknowledgecellcommand.h"
#include "itemmodels/knowledgecolumnmodel.h"
#include "itemmodels/knowledgerowmodel.h"
#include "itemmodels/knowledgetablemodel.h"
#include "project/project.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgeimporter.h"
#include "schema/schemavalidator.h"
#include "schema/sqlscriptreader.h"
#include "testsettings.h"

#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

namespace tst_knowledgeedits {

using namespace assay;

namespace {
const char *script = R"sql(
CREATE TABLE teams(team_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE players(player_id INTEGER PRIMARY KEY, name TEXT, team_id INTEGER REFERENCES teams(team_id), goals INTEGER);
INSERT INTO teams VALUES (1, 'Owls'), (2, 'Stones');
INSERT INTO players VALUES (1, 'Ada', 1, 12), (2, 'Bo', 2, 0), (3, 'Cy', 1, 3);
)sql";

QString fingerprint(const KnowledgeBase &kb)
{
    QStringList out;
    for (const KnowledgeTable &t : kb.tables()) {
        out << QStringLiteral("T%1 %2 [%3] @%4").arg(t.id).arg(t.name, t.description).arg(t.position);
        for (const KnowledgeColumn &c : t.columns)
            out << QStringLiteral("  C%1 %2 %3 pk=%4 fk=%5 m=%6 @%7 %8")
                       .arg(c.id).arg(c.name, c.type).arg(c.primaryKey).arg(c.foreignKey).arg(c.meaningful).arg(c.position).arg(c.description);
        for (const KnowledgeRow &r : kb.rows(t.id).value()) {
            QStringList cells;
            for (const KnowledgeColumn &c : t.columns)
                cells << r.value(c.id).toString() + QLatin1Char(':') + QString::fromLatin1(r.value(c.id).typeName());
            out << QStringLiteral("  R%1 @%2 %3").arg(r.id).arg(r.position).arg(cells.join(QLatin1Char('|')));
        }
    }
    return out.join(QLatin1Char('\n'));
}
} // namespace

class TestKnowledgeEdits : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_project;
    KnowledgeBase *kb = nullptr;
    QUndoStack *stack = nullptr;
    int m_serial = 0;

    // Pushes the command and checks redo/undo/redo against fingerprints, in memory and on disk.
    void roundTrip(QUndoCommand *command)
    {
        const QString before = fingerprint(*kb);
        stack->push(command);
        const QString after = fingerprint(*kb);
        QVERIFY2(after != before, qPrintable(command->text()));
        QCOMPARE(fromDisk(), after);
        stack->undo();
        QCOMPARE(fingerprint(*kb), before);
        QCOMPARE(fromDisk(), before);
        stack->redo();
        QCOMPARE(fingerprint(*kb), after);
        QCOMPARE(fromDisk(), after);
    }
    QString fromDisk()
    {
        auto other = Project::open(m_project->path());
        return other ? fingerprint(*other.value()->service<KnowledgeBase>()) : other.error();
    }
    qint64 tableId(const char *name) { return kb->tableNamed(QLatin1String(name))->id; }
    qint64 columnId(const char *table, const char *column)
    {
        return kb->tableNamed(QLatin1String(table))->columnNamed(QLatin1String(column))->id;
    }

private slots:
    void initTestCase() { test::isolateSettings(); }

    void init()
    {
        m_project = Project::create(m_dir.filePath(QStringLiteral("e%1.assay").arg(++m_serial))).take();
        QVERIFY(KnowledgeImporter::import(*m_project, SqlScriptReader::read(script, QStringLiteral("s.sql")).value(), {}).ok());
        kb = m_project->service<KnowledgeBase>();
        stack = m_project->undoStack();
    }
    void cleanup() { m_project.reset(); }

    void addTable() { roundTrip(new AddKnowledgeTableCommand(kb, QStringLiteral("venues"))); }
    void renameTable() { roundTrip(new RenameKnowledgeTableCommand(kb, tableId("teams"), QStringLiteral("clubs"))); }

    void removeTableRestoresRowsAndIncomingKeys()
    {
        roundTrip(new RemoveKnowledgeTableCommand(kb, tableId("teams")));
        stack->undo();
        QCOMPARE(kb->qualifiedName(kb->column(columnId("players", "team_id"))->foreignKey), QStringLiteral("teams.team_id"));
    }

    void addColumn()
    {
        KnowledgeColumn c;
        c.name = QStringLiteral("nickname");
        roundTrip(new AddKnowledgeColumnCommand(kb, tableId("players"), c));
    }

    void changeColumnEachProperty_data()
    {
        QTest::addColumn<int>("property");
        for (int p = 0; p < 6; ++p)
            QTest::newRow(qPrintable(QString::number(p))) << p;
    }
    void changeColumnEachProperty()
    {
        QFETCH(int, property);
        KnowledgeColumn c = *kb->column(columnId("players", "goals"));
        switch (property) {
        case 0: c.name = QStringLiteral("scored"); break;
        case 1: c.type = QStringLiteral("REAL"); break;
        case 2: c.description = QStringLiteral("league goals"); break;
        case 3: c.primaryKey = true; break;
        case 4: c.foreignKey = columnId("teams", "team_id"); break;
        case 5: c.meaningful = false; break;
        }
        roundTrip(new ChangeKnowledgeColumnCommand(kb, c));
    }

    void removeColumnKeepsValuesForUndo()
    {
        roundTrip(new RemoveKnowledgeColumnCommand(kb, columnId("teams", "team_id")));
        stack->undo();
        QCOMPARE(kb->column(columnId("players", "team_id"))->foreignKey, columnId("teams", "team_id"));
    }

    void setCell()
    {
        const qint64 t = tableId("players");
        roundTrip(new SetKnowledgeCellCommand(kb, t, kb->rows(t).value()[1].id, columnId("players", "goals"), qint64(7)));
        roundTrip(new SetKnowledgeCellCommand(kb, t, kb->rows(t).value()[1].id, columnId("players", "name"), QVariant()));
    }

    void addRow() { roundTrip(new AddKnowledgeRowCommand(kb, tableId("teams"))); }

    void removeRowsKeepsOrder()
    {
        const qint64 t = tableId("players");
        roundTrip(new RemoveKnowledgeRowsCommand(kb, t, {kb->rows(t).value()[0].id, kb->rows(t).value()[2].id}));
    }

    void importIsUndoable()
    {
        const auto extra = SqlScriptReader::read("CREATE TABLE venues(venue_id INTEGER PRIMARY KEY, city TEXT); "
                                                 "INSERT INTO venues VALUES (1, 'Oslo');", QStringLiteral("v.sql")).value();
        roundTrip(new ImportKnowledgeCommand(m_project.get(), extra, {}));
        QCOMPARE(kb->tables().size(), 3);
        KnowledgeImporter::Options replace;
        replace.replace = true;
        roundTrip(new ImportKnowledgeCommand(m_project.get(), extra, replace));
        QCOMPARE(kb->tables().size(), 1);
        stack->undo();
        QCOMPARE(kb->qualifiedName(kb->column(columnId("players", "team_id"))->foreignKey), QStringLiteral("teams.team_id"));
    }

    void refusedEditLeavesNoUndoStep()
    {
        const int before = stack->count();
        auto *rename = new RenameKnowledgeTableCommand(kb, tableId("teams"), QStringLiteral("players"));
        stack->push(rename); // the domain refuses a duplicate name; the command is dropped
        QCOMPARE(stack->count(), before);
        QVERIFY(kb->tableNamed(QStringLiteral("teams")));
    }

    void itemModelsPushCommandsAndRejectBadNames()
    {
        KnowledgeTableModel tables(kb, stack);
        QSignalSpy rejected(&tables, &KnowledgeTableModel::editRejected);
        QVERIFY(!tables.setData(tables.indexOf(tableId("teams")), QStringLiteral("Players"), Qt::EditRole));
        QCOMPARE(rejected.count(), 1);
        QVERIFY(rejected.constFirst().at(0).toString().contains(QLatin1String("already exists")));
        QVERIFY(!tables.setData(tables.indexOf(tableId("teams")), QStringLiteral("a.b"), Qt::EditRole));
        QVERIFY(tables.setData(tables.indexOf(tableId("teams")), QStringLiteral("clubs"), Qt::EditRole));
        QCOMPARE(stack->undoText(), QStringLiteral("Rename table to clubs"));

        KnowledgeColumnModel columns(kb, stack);
        columns.setTable(tableId("players"));
        const QModelIndex meaningful = columns.index(3, KnowledgeColumnModel::MeaningfulColumn);
        QCOMPARE(meaningful.data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
        QVERIFY(columns.setData(meaningful, Qt::Unchecked, Qt::CheckStateRole));
        QCOMPARE(columns.index(3, KnowledgeColumnModel::MeaningfulColumn).data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
        stack->undo();
        QCOMPARE(columns.index(3, KnowledgeColumnModel::MeaningfulColumn).data(Qt::CheckStateRole).toInt(), int(Qt::Checked));

        KnowledgeRowModel rows(kb, stack);
        rows.setTable(tableId("players"));
        QVERIFY(rows.setData(rows.index(0, 3), QStringLiteral("15"), Qt::EditRole));
        QCOMPARE(kb->rows(tableId("players")).value()[0].value(columnId("players", "goals")), QVariant(qint64(15)));
        QCOMPARE(rows.index(0, 3).data().toString(), QStringLiteral("15"));
        stack->undo();
        QCOMPARE(rows.index(0, 3).data().toString(), QStringLiteral("12"));
    }

    void validatorFindsProblems()
    {
        QVERIFY(SchemaValidator::validate(*kb).isEmpty());
        // FK type mismatch, empty table, bad value, duplicate key, dangling reference.
        KnowledgeColumn teamRef = *kb->column(columnId("players", "team_id"));
        // Both numeric but not the same type (Spider's employment.Company_ID int → company.Company_ID
        // real): a warning, not the mismatch error.
        teamRef.type = QStringLiteral("REAL");
        stack->push(new ChangeKnowledgeColumnCommand(kb, teamRef));
        const QVector<SchemaIssue> differ = SchemaValidator::validate(*kb);
        QCOMPARE(differ.size(), 1);
        QCOMPARE(differ[0].severity, SchemaIssue::Severity::Warning);
        QCOMPARE(differ[0].message, QStringLiteral("Foreign key types differ: players.team_id (REAL) references teams.team_id (INTEGER); give both columns the same type"));
        stack->undo();
        QVERIFY(SchemaValidator::validate(*kb).isEmpty());
        teamRef.type = QStringLiteral("TEXT");
        stack->push(new ChangeKnowledgeColumnCommand(kb, teamRef));
        stack->push(new AddKnowledgeTableCommand(kb, QStringLiteral("empty")));
        const qint64 players = tableId("players");
        const auto rows = kb->rows(players).value();
        stack->push(new SetKnowledgeCellCommand(kb, players, rows[0].id, columnId("players", "goals"), QStringLiteral("many")));
        stack->push(new SetKnowledgeCellCommand(kb, players, rows[1].id, columnId("players", "player_id"), qint64(1)));
        stack->push(new SetKnowledgeCellCommand(kb, players, rows[2].id, columnId("players", "team_id"), QStringLiteral("99")));
        QStringList messages;
        for (const SchemaIssue &i : SchemaValidator::validate(*kb))
            messages << i.message;
        const QString all = messages.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QLatin1String("Foreign key type mismatch: players.team_id (TEXT) references teams.team_id (INTEGER)")), qPrintable(all));
        QVERIFY2(all.contains(QLatin1String("Table empty has no columns")), qPrintable(all));
        QVERIFY2(all.contains(QLatin1String("'many' is not a valid INTEGER")), qPrintable(all));
        QVERIFY2(all.contains(QLatin1String("primary key 1 appears twice")), qPrintable(all));
        QVERIFY2(all.contains(QLatin1String("players.team_id: 99 matches no row of teams.team_id")), qPrintable(all));
        // Undo everything: clean again.
        while (stack->canUndo())
            stack->undo();
        QVERIFY(SchemaValidator::validate(*kb).isEmpty());
    }
};

ASSAY_TEST_GUILESS_MAIN(TestKnowledgeEdits)

} // namespace tst_knowledgeedits
#include "tst_knowledgeedits.moc"
