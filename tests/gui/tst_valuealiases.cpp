// Answers the documents write another way (issue 48): Spider's company_employee database says
// "USA" and "UK", company profiles written for this test say "United States" and "United
// Kingdom", and the database misspells a nationality "United Kindom". The absent-answer
// check lists those values with the groups they answer (hand count: 8 USA companies, 2 UK),
// proposes the forms the corpus uses, and stored aliases then count for the judges, the
// retrieval context judge and Propose Links. Storing is one undoable command, in the GUI and
// the CLI alike.
#include "testmain.h"
#include "cli/clirun.h"
#include "dialogs/absentanswersdialog.h"
#include "commands/setvaluealiasescommand.h"
#include "grounding/absentanswers.h"
#include "grounding/aliasindex.h"
#include "grounding/aliasproposer.h"
#include "grounding/aliasstore.h"
#include "grounding/autolinker.h"
#include "groundtruthpanel.h"
#include "itemmodels/absentanswersmodel.h"
#include "project/project.h"
#include "runs/runresultstore.h"
#include "runs/runstore.h"
#include "runs/scorer.h"
#include "testrunspage.h"
#include "testsettings.h"

#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

namespace tst_valuealiases {

using namespace assay;

class TestValueAliases : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_project;

    const AbsentAnswers::Value *absent(const AbsentAnswers::Report &r, const QString &column, const QString &value)
    {
        for (const AbsentAnswers::Value &v : r.values)
            if (QStringLiteral("%1.%2").arg(v.table, v.column) == column && v.value == value)
                return &v;
        return nullptr;
    }

    // The stored verdict and detail of judge `judge` for the run item whose gold is `gold` and
    // whose retrieved text holds `text`.
    std::pair<int, QString> verdictOf(Database &db, qint64 runId, const QString &judge, const QString &aspect, const QString &gold, const QString &text)
    {
        auto items = RunResultStore(db).executed(runId);
        auto stored = RunStore(db).judgements(runId, judge, aspect);
        if (!items || !stored)
            return {-2, QString()};
        for (const StoredRunItem &it : items.value())
            if (it.gold == gold && it.retrievedText.contains(text))
                for (const RunStore::Judgement &j : stored.value())
                    if (std::get<0>(j) == it.id)
                        return {std::get<1>(j).value_or(-1), std::get<3>(j)};
        return {-3, QString()};
    }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        QVERIFY(m_dir.isValid());
        m_project = m_dir.filePath(QStringLiteral("company.assay"));
        const QString data = QStringLiteral(ASSAY_TEST_DATA "/spider_company_employee/");
        const QList<QStringList> setup{
            {QStringLiteral("new"), m_project},
            {QStringLiteral("schema"), QStringLiteral("import"), m_project, QStringLiteral("--sql"), data + QStringLiteral("schema.sql")},
            {QStringLiteral("import"), QStringLiteral("grammar"), m_project, QStringLiteral("--sql-templates"), data + QStringLiteral("sql_templates.json"),
             QStringLiteral("--text-templates"), QStringLiteral("short=") + data + QStringLiteral("text_templates_short.json")},
            {QStringLiteral("generate"), QStringLiteral("queries"), m_project},
            {QStringLiteral("corpus"), QStringLiteral("import"), m_project, data + QStringLiteral("profiles")},
            {QStringLiteral("run"), m_project, QStringLiteral("--name"), QStringLiteral("bm25"), QStringLiteral("--pipeline"), QStringLiteral("retriever=bm25,k=1,reader=none")},
        };
        for (const QStringList &args : setup) {
            const CliOutcome o = runCli(args);
            QVERIFY2(o.code == 0, qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": ") + o.out + o.err));
        }
    }

    void proposerHelpers()
    {
        QCOMPARE(AliasProposer::acronymLetters(QStringLiteral("U.S.A.")), QStringLiteral("USA"));
        QCOMPARE(AliasProposer::acronymLetters(QStringLiteral("UK")), QStringLiteral("UK"));
        QVERIFY(AliasProposer::acronymLetters(QStringLiteral("Usa")).isEmpty());
        QVERIFY(AliasProposer::acronymLetters(QStringLiteral("U")).isEmpty());
        const QString text = QStringLiteral("Walmart is based in the United States of America. The United Kingdom is not.");
        QVERIFY(AliasProposer::expansions(text, QStringLiteral("USA")).contains(QStringLiteral("United States of America")));
        QVERIFY(AliasProposer::expansions(text, QStringLiteral("USA")).contains(QStringLiteral("United States"))); // all letters but the last
        QCOMPARE(AliasProposer::expansions(text, QStringLiteral("UK")), QStringList{QStringLiteral("United Kingdom")});
        QVERIFY(AliasProposer::expansions(QStringLiteral("The United. States"), QStringLiteral("US")).isEmpty()); // a run stops at punctuation
        QCOMPARE(AliasProposer::editDistance(QStringLiteral("Tokio"), QStringLiteral("tokyo")), 1);
        QCOMPARE(AliasProposer::editDistance(QStringLiteral("ab"), QStringLiteral("ba")), 1); // a transposition is one edit
        QCOMPARE(AliasProposer::editDistance(QStringLiteral("kitten"), QStringLiteral("sitting")), 3);
    }

    void aliasIndexReplacesWholeWords()
    {
        const AliasIndex index({{QStringLiteral("company"), QStringLiteral("Headquarters"), QStringLiteral("USA"), QStringLiteral("United States"), ValueAlias::Source::User, {}},
                                {QStringLiteral("company"), QStringLiteral("Headquarters"), QStringLiteral("UK"), QStringLiteral("United Kingdom"), ValueAlias::Source::User, {}}});
        QCOMPARE(index.alternatives(QStringLiteral("USA")), QStringList{QStringLiteral("United States")});
        QCOMPARE(index.alternatives(QStringLiteral(" usa ")), QStringList{QStringLiteral(" United States ")});
        QVERIFY(index.alternatives(QStringLiteral("USAF")).isEmpty()); // not a whole word
        // Longer values first.
        QCOMPARE(index.alternatives(QStringLiteral("USA, UK")), (QStringList{QStringLiteral("United States, UK"), QStringLiteral("USA, United Kingdom")}));
        QCOMPARE(index.formsOf(QStringLiteral("company"), QStringLiteral("headquarters"), QStringLiteral("usa")), QStringList{QStringLiteral("United States")});
        QVERIFY(index.formsOf(QStringLiteral("people"), QStringLiteral("Nationality"), QStringLiteral("USA")).isEmpty());
    }

    void absentAnswersAreListedWithProposals()
    {
        auto project = Project::open(m_project);
        QVERIFY2(project, qPrintable(project.error()));
        auto report = AbsentAnswers::find(project.value()->database());
        QVERIFY2(report, qPrintable(report.error()));
        const AbsentAnswers::Report &r = report.value();
        QCOMPARE(r.groupsChecked, 57); // GRAMMAR's Table 2 for Spider: 57 SQL queries
        const auto *usa = absent(r, QStringLiteral("company.Headquarters"), QStringLiteral("USA"));
        QVERIFY(usa);
        QCOMPARE(usa->groups, 8); // ExxonMobil, JPMorgan Chase, General Electric, Berkshire Hathaway, Wells Fargo, Chevron, Citigroup, Walmart
        QVERIFY(!usa->proposals.isEmpty());
        QCOMPARE(usa->proposals.front().alias, QStringLiteral("United States"));
        QCOMPARE(usa->proposals.front().reason, QStringLiteral("acronym"));
        QCOMPARE(usa->proposals.front().chunks, 3); // exxonmobil, jpmorgan, walmart
        const auto *uk = absent(r, QStringLiteral("company.Headquarters"), QStringLiteral("UK"));
        QVERIFY(uk);
        QCOMPARE(uk->groups, 2); // HSBC, BP
        QCOMPARE(uk->proposals.front().alias, QStringLiteral("United Kingdom"));
        const auto *kindom = absent(r, QStringLiteral("people.Nationality"), QStringLiteral("United Kindom"));
        QVERIFY(kindom);
        QCOMPARE(kindom->proposals.front().alias, QStringLiteral("United Kingdom"));
        QCOMPARE(kindom->proposals.front().reason, QStringLiteral("spelling"));
        // Stated as they are: never listed.
        QVERIFY(!absent(r, QStringLiteral("company.Headquarters"), QStringLiteral("Brazil")));
        QVERIFY(!absent(r, QStringLiteral("company.Industry"), QStringLiteral("Banking")));
        // A value the corpus has nothing like gets no proposal.
        const auto *china = absent(r, QStringLiteral("company.Headquarters"), QStringLiteral("China"));
        QVERIFY(china);
        QVERIFY(china->proposals.isEmpty());
    }

    // Through the dialog: tick USA and UK, store (one undoable command), and the judges, the
    // context judge and Propose Links use the aliases; undo takes them back.
    void storedAliasesCountForJudgesAndLinks()
    {
        auto opened = Project::open(m_project);
        QVERIFY2(opened, qPrintable(opened.error()));
        Project &project = *opened.value();
        Database &db = project.database();
        auto runId = RunStore(db).idOf(QStringLiteral("bm25"));
        QVERIFY(runId);
        const QString exxon = QStringLiteral("ExxonMobil is an oil and gas company headquartered");
        auto before = Scorer::score(db, runId.value(), QStringLiteral("contains"), {});
        QVERIFY2(before, qPrintable(before.error()));
        QCOMPARE(verdictOf(db, runId.value(), QStringLiteral("contains"), QStringLiteral("answer"), QStringLiteral("USA"), exxon).first, 0);
        QCOMPARE(verdictOf(db, runId.value(), QStringLiteral("context"), QStringLiteral("retrieval"), QStringLiteral("USA"), exxon).first, 0);
        AutoLinker::Options linking;
        auto linksBefore = AutoLinker::propose(project, linking);
        QVERIFY(linksBefore);
        const auto linksTo = [](const AutoLinker::Proposals &p, const QString &answer, const QString &doc) {
            return std::count_if(p.links.begin(), p.links.end(), [&](const GroundLink &l) { return l.answer == answer && l.docId.contains(doc); });
        };
        QCOMPARE(linksTo(linksBefore.value(), QStringLiteral("USA"), QStringLiteral("exxonmobil")), 0);

        project.watchChanges(10, 0); // as the main window does
        GroundTruthPanel panel(&project);
        auto *dialog = panel.openAbsentAnswers();
        QVERIFY(dialog);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->busy() && dialog->absentModel()->rowCount() > 0, 60000);
        QVERIFY2(dialog->summaryText().contains(QStringLiteral("groups have an answer that no document states")), qPrintable(dialog->summaryText()));
        AbsentAnswersModel *model = dialog->absentModel();
        auto *store = dialog->findChild<QPushButton *>(QStringLiteral("storeAliases"));
        QVERIFY(store);
        QVERIFY(!store->isEnabled()); // nothing ticked
        for (int r = 0; r < model->rowCount(); ++r) {
            const QString value = model->index(r, AbsentAnswersModel::Value).data().toString();
            if (value == QLatin1String("USA") || value == QLatin1String("UK"))
                QVERIFY(model->setData(model->index(r, AbsentAnswersModel::Value), Qt::Checked, Qt::CheckStateRole));
        }
        // At a laptop's size (1366×768 screen) the dialog's default size fits.
        QVERIFY(dialog->width() <= 1366 && dialog->height() <= 700);
        test::screenshot(dialog, QStringLiteral("absent-answers"));
        QCOMPARE(model->aliasesToStore().size(), 2);
        QVERIFY(store->isEnabled());
        const int undoBefore = project.undoStack()->count();
        QSignalSpy checkedAgain(model, &QAbstractItemModel::modelReset);
        store->click();
        QCOMPARE(project.undoStack()->count(), undoBefore + 1);
        auto stored = AliasStore(db).aliases();
        QVERIFY(stored);
        QCOMPARE(stored.value().size(), 2);
        QCOMPARE(stored.value().front().source, ValueAlias::Source::Proposal);
        QVERIFY2(dialog->messageText().contains(QStringLiteral("Stored 2 aliases")), qPrintable(dialog->messageText()));
        // The check runs again: USA and UK are no longer absent.
        QTRY_VERIFY_WITH_TIMEOUT(checkedAgain.count() == 1, 60000);
        QVERIFY(!absent(model->report(), QStringLiteral("company.Headquarters"), QStringLiteral("USA")));
        test::screenshot(dialog, QStringLiteral("absent-answers-stored"));

        auto after = Scorer::score(db, runId.value(), QStringLiteral("contains"), {});
        QVERIFY2(after, qPrintable(after.error()));
        const auto [verdict, detail] = verdictOf(db, runId.value(), QStringLiteral("contains"), QStringLiteral("answer"), QStringLiteral("USA"), exxon);
        QCOMPARE(verdict, 1);
        QCOMPARE(detail, QStringLiteral("matched the alias \"United States\""));
        QCOMPARE(verdictOf(db, runId.value(), QStringLiteral("context"), QStringLiteral("retrieval"), QStringLiteral("USA"), exxon).first, 1);
        QVERIFY(after.value().correct > before.value().correct);
        auto linksAfter = AutoLinker::propose(project, linking);
        QVERIFY(linksAfter);
        QVERIFY(linksTo(linksAfter.value(), QStringLiteral("USA"), QStringLiteral("exxonmobil")) >= 1);
        QVERIFY(linksTo(linksAfter.value(), QStringLiteral("UK"), QStringLiteral("hsbc")) >= 1);

        project.undoStack()->undo();
        QCOMPARE(AliasStore(db).aliases().value().size(), 0);
        auto undone = Scorer::score(db, runId.value(), QStringLiteral("contains"), {});
        QVERIFY(undone);
        QCOMPARE(undone.value().correct, before.value().correct);
        project.undoStack()->redo();
        QCOMPARE(AliasStore(db).aliases().value().size(), 2);
        // Removing through the dialog is undoable too.
        auto *storedView = dialog->findChild<QTableView *>(QStringLiteral("storedAliases"));
        QTRY_COMPARE(storedView->model()->rowCount(), 2); // the list follows the project's changes
        storedView->selectAll();
        dialog->removeSelected();
        QCOMPARE(AliasStore(db).aliases().value().size(), 0);
        project.undoStack()->undo();
        QCOMPARE(AliasStore(db).aliases().value().size(), 2);
        project.undoStack()->clear();
        SetValueAliasesCommand clear(&project, QStringLiteral("clear"), {}, AliasStore(db).aliases().value());
        clear.redo();
        QVERIFY(clear.error().isEmpty());
        dialog->close();
    }

    void refusedAliasesNameTheValue()
    {
        auto opened = Project::open(m_project);
        QVERIFY(opened);
        const ValueAlias same{QStringLiteral("company"), QStringLiteral("Headquarters"), QStringLiteral("USA"), QStringLiteral("usa"), ValueAlias::Source::User, {}};
        const Status s = AliasStore(opened.value()->database()).apply({same}, {});
        QVERIFY(!s);
        QVERIFY2(s.error().contains(QStringLiteral("company.Headquarters value \"USA\": the alias is the value itself")), qPrintable(s.error()));
    }

    void cliListsAddsAndRemoves()
    {
        CliOutcome o = runCli({QStringLiteral("corpus"), QStringLiteral("aliases"), m_project, QStringLiteral("--json")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        auto json = nlohmann::json::parse(o.out.toStdString());
        QCOMPARE(json["groups_checked"].get<int>(), 57);
        bool usa = false;
        for (const auto &v : json["absent"])
            if (v["value"] == "USA") {
                usa = true;
                QCOMPARE(v["groups"].get<int>(), 8);
                QCOMPARE(v["proposals"][0]["alias"].get<std::string>(), std::string("United States"));
            }
        QVERIFY(usa);
        o = runCli({QStringLiteral("corpus"), QStringLiteral("aliases"), m_project, QStringLiteral("--column"), QStringLiteral("company.Headquarters"),
                    QStringLiteral("--value"), QStringLiteral("USA"), QStringLiteral("--remove"), QStringLiteral("America")});
        QCOMPARE(o.code, 1);
        QVERIFY2(o.err.contains(QStringLiteral("company.Headquarters \"USA\" has no alias \"America\"")), qPrintable(o.err));
        o = runCli({QStringLiteral("corpus"), QStringLiteral("aliases"), m_project, QStringLiteral("--add"), QStringLiteral("America"), QStringLiteral("--column"), QStringLiteral("Headquarters")});
        QCOMPARE(o.code, 2);
        QVERIFY2(o.err.contains(QStringLiteral("--column takes TABLE.COLUMN")), qPrintable(o.err));
        // An alias of nothing is refused, naming what is missing (found by a new-user review).
        const auto add = [&](const QString &column, const QString &value, const QString &alias) {
            return runCli({QStringLiteral("corpus"), QStringLiteral("aliases"), m_project, QStringLiteral("--column"), column, QStringLiteral("--value"), value,
                           QStringLiteral("--add"), alias});
        };
        o = add(QStringLiteral("company.Nowhere"), QStringLiteral("USA"), QStringLiteral("United States"));
        QVERIFY2(o.code == 1 && o.err.contains(QStringLiteral("table company has no column 'Nowhere'")), qPrintable(o.err));
        o = add(QStringLiteral("nosuch.Headquarters"), QStringLiteral("USA"), QStringLiteral("United States"));
        QVERIFY2(o.code == 1 && o.err.contains(QStringLiteral("the knowledge base has no table 'nosuch'")), qPrintable(o.err));
        o = add(QStringLiteral("company.Headquarters"), QStringLiteral("Narnia"), QStringLiteral("Narn"));
        QVERIFY2(o.code == 1 && o.err.contains(QStringLiteral("company.Headquarters holds no value \"Narnia\"")), qPrintable(o.err));
        o = runCli({QStringLiteral("corpus"), QStringLiteral("aliases"), m_project, QStringLiteral("--column"), QStringLiteral("company.Headquarters")});
        QVERIFY2(o.code == 2 && o.err.contains(QStringLiteral("--column and --value go with --add ALIAS or --remove ALIAS")), qPrintable(o.err));
        o = runCli({QStringLiteral("info"), m_project});
        QVERIFY2(o.out.contains(QStringLiteral("Answers no document states:")) && o.out.contains(QStringLiteral("company.Headquarters \"USA\" (8 groups)")), qPrintable(o.out));
        o = runCli({QStringLiteral("corpus"), QStringLiteral("aliases"), m_project, QStringLiteral("--column"), QStringLiteral("company.Headquarters"),
                    QStringLiteral("--value"), QStringLiteral("USA"), QStringLiteral("--add"), QStringLiteral("United States")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        // Table and column as the schema spells them; the same alias again is said to be there.
        o = add(QStringLiteral("COMPANY.headquarters"), QStringLiteral("USA"), QStringLiteral("United States"));
        QVERIFY2(o.code == 0 && o.out.contains(QStringLiteral("company.Headquarters \"USA\" → \"United States\" is already stored")), qPrintable(o.out + o.err));
        o = runCli({QStringLiteral("info"), m_project, QStringLiteral("--json")});
        json = nlohmann::json::parse(o.out.toStdString());
        for (const auto &v : json["absent_answers"]["values"])
            QVERIFY(v["value"] != "USA");
        o = runCli({QStringLiteral("corpus"), QStringLiteral("aliases"), m_project, QStringLiteral("--column"), QStringLiteral("company.Headquarters"),
                    QStringLiteral("--value"), QStringLiteral("USA"), QStringLiteral("--remove"), QStringLiteral("United States")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        QVERIFY(o.out.contains(QStringLiteral("Removed company.Headquarters \"USA\"")));
    }
};

ASSAY_TEST_MAIN(TestValueAliases)

} // namespace tst_valuealiases
#include "tst_valuealiases.moc"
