// Spot-checked tiers (issue 49): on the demo, Propose Links leaves its 0.40 tier waiting; the
// Ground Truth tab draws 20 of it, a person judges them in the spot-check dialog, the verdicts
// are stored as one undoable edit and the tier's precision is shown with its Wilson interval;
// Accept the Tier accepts the rest, each link recording that estimate, and undo takes it all
// back. The draw is reproducible by seed and never draws a checked link. The same from a
// terminal: corpus link --sample-tier writes the file, --file reads its verdicts back,
// --accept-tier accepts the tier.
#include "testmain.h"
#include "cli/clirun.h"
#include "core/wilsoninterval.h"
#include "grounding/groundlinkstore.h"
#include "grounding/linktiers.h"
#include "groundtruthpanel.h"
#include "itemmodels/groundlinksmodel.h"
#include "project/project.h"
#include "dialogs/spotcheckdialog.h"
#include "testdemo.h"
#include "testrunspage.h"
#include "testsettings.h"

#include <QComboBox>
#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest>

#include <nlohmann/json.hpp>

namespace tst_spotcheck {

using namespace assay;

namespace {

struct Counts {
    int proposed = 0, accepted = 0, rejected = 0, right = 0, wrong = 0, withEstimate = 0;
};

Counts countTier(Database &db, const QString &tier)
{
    Counts c;
    for (const GroundLink &l : GroundLinkStore(db).links().value()) {
        if (l.source != GroundLink::Source::Auto || LinkTiers::tierOf(l.confidence) != tier)
            continue;
        c.proposed += l.state == GroundLink::State::Proposed;
        c.accepted += l.state == GroundLink::State::Accepted;
        c.rejected += l.state == GroundLink::State::Rejected;
        c.right += l.check == GroundLink::Check::Right;
        c.wrong += l.check == GroundLink::Check::Wrong;
        c.withEstimate += !l.estimate.isEmpty();
    }
    return c;
}

} // namespace

class TestSpotCheck : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        QVERIFY(m_dir.isValid());
    }

    void checkATierThenAcceptIt()
    {
        auto project = test::openDemoProject(m_dir);
        QVERIFY(project);
        Database &db = project->database();
        GroundTruthPanel panel(project.get());
        QVERIFY(panel.tierText().contains(QLatin1String("click Propose Links")));
        Job *job = panel.startProposing();
        QVERIFY(job);
        // The job may have finished before anything listened: its outcome says.
        QTRY_VERIFY_WITH_TIMEOUT(job->outcome().has_value(), 120000);
        QTRY_VERIFY(panel.tierBox()->count() > 0);
        const int at = panel.tierBox()->findData(QStringLiteral("0.40"));
        QVERIFY(at >= 0);
        panel.tierBox()->setCurrentIndex(at);
        const Counts start = countTier(db, QStringLiteral("0.40"));
        QVERIFY2(start.proposed > 40, qPrintable(QString::number(start.proposed)));
        QVERIFY(panel.tierBox()->currentText().contains(QStringLiteral("(%1 waiting)").arg(start.proposed)));
        QVERIFY(panel.tierText().contains(QLatin1String("not spot-checked")));

        // The draw: reproducible by seed, twenty distinct waiting links of the tier.
        const auto links = panel.model()->links();
        const auto a = LinkTiers::sample(links, QStringLiteral("0.40"), 20, 7), b = LinkTiers::sample(links, QStringLiteral("0.40"), 20, 7),
                   c = LinkTiers::sample(links, QStringLiteral("0.40"), 20, 8);
        QCOMPARE(a.size(), 20);
        QSet<QString> drawn;
        for (int i = 0; i < a.size(); ++i) {
            QVERIFY(a[i].sameKey(b[i]));
            QCOMPARE(a[i].state, GroundLink::State::Proposed);
            drawn.insert(a[i].docId + a[i].values);
        }
        QCOMPARE(drawn.size(), 20);
        QVERIFY(std::any_of(c.begin(), c.end(), [&](const GroundLink &l) { return !drawn.contains(l.docId + l.values); }));

        // The dialog: 15 right, 3 wrong, 2 skipped; Back changes a verdict.
        const int undoBefore = project->undoStack()->count();
        SpotCheckDialog *dialog = panel.openSpotCheck(7);
        QVERIFY(dialog);
        QVERIFY2(dialog->shownText().contains(QStringLiteral("Link 1 of 20 · group g%1 · document %2").arg(a[0].groupId).arg(a[0].docId)), qPrintable(dialog->shownText()));
        QVERIFY(dialog->shownText().contains(a[0].answer));
        QVERIFY2(dialog->shownText().contains(QLatin1String("The group's SQL: SELECT ")), qPrintable(dialog->shownText())); // which columns the values fill
        // Accepting a tier needs its spot check first.
        QVERIFY(LinkTiers::acceptTier(links, QStringLiteral("0.40")).isEmpty());
        QVERIFY(!panel.findChild<QPushButton *>(QStringLiteral("acceptTier"))->isEnabled());
        for (int i = 0; i < 20; ++i)
            dialog->judge(i < 15 ? GroundLink::Check::Right : i < 18 ? GroundLink::Check::Wrong : GroundLink::Check::None);
        QVERIFY(dialog->shownText().contains(QLatin1String("All 20 drawn links are judged")));
        dialog->findChild<QPushButton *>(QStringLiteral("spotCheckBack"))->click(); // Back shows the verdict given
        QVERIFY2(dialog->shownText().contains(QLatin1String("Link 20 of 20")) && !dialog->shownText().contains(QLatin1String("your verdict")), qPrintable(dialog->shownText()));
        dialog->findChild<QPushButton *>(QStringLiteral("spotCheckBack"))->click();
        dialog->findChild<QPushButton *>(QStringLiteral("spotCheckBack"))->click();
        QVERIFY2(dialog->shownText().contains(QStringLiteral("Link 18 of 20 · group")) && dialog->shownText().contains(QLatin1String("your verdict: wrong")), qPrintable(dialog->shownText()));
        for (GroundLink::Check again : {GroundLink::Check::Wrong, GroundLink::Check::None, GroundLink::Check::None})
            dialog->judge(again);
        QCOMPARE(dialog->verdicts().size(), 18);
        dialog->accept();
        QCOMPARE(project->undoStack()->count(), undoBefore + 1);
        Counts checked = countTier(db, QStringLiteral("0.40"));
        QCOMPARE(checked.right, 15);
        QCOMPARE(checked.wrong, 3);
        QCOMPARE(checked.proposed, start.proposed - 18);
        const auto [low, high] = wilsonInterval(15, 18);
        const QString estimate = QStringLiteral("15 of 18 checked right: precision 0.83 (95% %1–%2)").arg(low, 0, 'f', 2).arg(high, 0, 'f', 2);
        QVERIFY2(panel.tierText().contains(estimate), qPrintable(panel.tierText()));
        QCOMPARE(QStringLiteral("%1–%2").arg(low, 0, 'f', 3).arg(high, 0, 'f', 3), QStringLiteral("0.608–0.942")); // Wilson 95%, by hand
        panel.resize(900, 520);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        // Shown, the columns fit the view's width: the values and the answer are not cut to a few
        // letters while the evidence takes the rest (a new user's review, issue 49).
        const int valuesWidth = panel.view()->columnWidth(GroundLinksModel::Values), answerWidth = panel.view()->columnWidth(GroundLinksModel::Answer);
        QVERIFY2(valuesWidth >= panel.view()->viewport()->width() / 6 && answerWidth >= panel.view()->viewport()->width() / 6,
                 qPrintable(QStringLiteral("%1, %2 of %3").arg(valuesWidth).arg(answerWidth).arg(panel.view()->viewport()->width())));
        QVERIFY(panel.model()->index(0, GroundLinksModel::Confidence).data(Qt::ToolTipRole).toString().startsWith(QLatin1String("Tier 0.40: the chunk states")));
        test::screenshot(&panel, QStringLiteral("spotcheck-tier-checked"));

        // Accept the tier: the rest accepted, each with the estimate; undo, then undo the check.
        QVERIFY(panel.findChild<QPushButton *>(QStringLiteral("acceptTier"))->isEnabled());
        panel.acceptTier();
        QCOMPARE(project->undoStack()->count(), undoBefore + 2);
        Counts accepted = countTier(db, QStringLiteral("0.40"));
        QCOMPARE(accepted.proposed, 0);
        QCOMPARE(accepted.withEstimate, start.proposed - 18);
        QCOMPARE(accepted.accepted, start.proposed - 3);
        const auto stored = GroundLinkStore(db).links().value();
        QVERIFY(std::any_of(stored.begin(), stored.end(), [&](const GroundLink &l) { return l.estimate == QStringLiteral("tier 0.40: ") + estimate; }));
        project->undoStack()->undo();
        QCOMPARE(countTier(db, QStringLiteral("0.40")).proposed, start.proposed - 18);
        QCOMPARE(countTier(db, QStringLiteral("0.40")).withEstimate, 0);
        project->undoStack()->undo();
        const Counts back = countTier(db, QStringLiteral("0.40"));
        QCOMPARE(back.proposed, start.proposed);
        QCOMPARE(back.right + back.wrong, 0);
    }

    void theSameFromATerminal()
    {
        const QString project = m_dir.filePath(QStringLiteral("cli.assay"));
        QVERIFY(test::writeDemoProject(project));
        CliOutcome o = runCli({QStringLiteral("corpus"), QStringLiteral("link"), project, QStringLiteral("--auto")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        const QString sheet = m_dir.filePath(QStringLiteral("check.csv"));
        o = runCli({QStringLiteral("corpus"), QStringLiteral("link"), project, QStringLiteral("--sample-tier"), QStringLiteral("0.4"), QStringLiteral("--count"),
                    QStringLiteral("5"), QStringLiteral("--out"), sheet});
        QVERIFY2(o.code == 0 && o.out.contains(QLatin1String("Drew 5 of the")), qPrintable(o.out + o.err));
        QFile file(sheet);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        file.close();
        QCOMPARE(lines.size(), 6);
        QCOMPARE(lines[0], QStringLiteral("group,doc_id,tier,answer,values,sql,evidence,verdict"));
        QVERIFY2(lines[1].contains(QLatin1String("SELECT ")), qPrintable(lines[1])); // the SQL names the values' columns
        const QStringList verdicts{QStringLiteral("right"), QStringLiteral("1"), QStringLiteral("wrong"), QStringLiteral("skip"), QString()};
        for (int i = 1; i < lines.size(); ++i)
            lines[i] += verdicts[i - 1];
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write((lines.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8());
        file.close();
        o = runCli({QStringLiteral("corpus"), QStringLiteral("link"), project, QStringLiteral("--accept-tier"), QStringLiteral("0.40")});
        QVERIFY2(o.code == 1 && o.err.contains(QLatin1String("tier 0.40 has no spot check yet")), qPrintable(o.err));
        o = runCli({QStringLiteral("corpus"), QStringLiteral("link"), project, QStringLiteral("--file"), sheet});
        QVERIFY2(o.code == 0 && o.out.contains(QLatin1String("3 links from 5 entries")) && o.out.contains(QLatin1String("2 spot-check lines left unchecked")),
                 qPrintable(o.out + o.err));
        // The tier's estimate now, as the GUI says it after Finish.
        QVERIFY2(o.out.contains(QStringLiteral("tier 0.40: 2 of 3 checked right: precision 0.67 (95% 0.21–0.94);")), qPrintable(o.out));
        o = runCli({QStringLiteral("corpus"), QStringLiteral("link"), project, QStringLiteral("--accept-tier"), QStringLiteral("0.40")});
        QVERIFY2(o.code == 0 && o.out.contains(QStringLiteral("2 of 3 checked right: precision 0.67 (95% 0.21–0.94)")), qPrintable(o.out + o.err));
        o = runCli({QStringLiteral("corpus"), QStringLiteral("links"), project, QStringLiteral("--json")});
        const auto j = nlohmann::json::parse(o.out.toStdString(), nullptr, false);
        QVERIFY(!j.is_discarded());
        QCOMPARE(j["tiers"].size(), size_t(1));
        QCOMPARE(j["tiers"][0]["right"].get<int>(), 2);
        QCOMPARE(j["tiers"][0]["wrong"].get<int>(), 1);
        QCOMPARE(j["tiers"][0]["waiting"].get<int>(), 0);
        // A verdict that is none of the words is refused with its line, and nothing changes.
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write("group,doc_id,verdict\ng1,client-c01,maybe\n");
        file.close();
        o = runCli({QStringLiteral("corpus"), QStringLiteral("link"), project, QStringLiteral("--file"), sheet});
        QVERIFY2(o.code != 0 && o.err.contains(QLatin1String("check.csv:2: verdict: \"maybe\" is not right, wrong or skip")), qPrintable(o.err));
        o = runCli({QStringLiteral("corpus"), QStringLiteral("link"), project, QStringLiteral("--sample-tier"), QStringLiteral("0.9"), QStringLiteral("--out"), sheet});
        QVERIFY2(o.code == 1 && o.err.contains(QLatin1String("no automatic link has confidence 0.90 (tiers: 0.40)")), qPrintable(o.err));
    }
};

ASSAY_TEST_MAIN(TestSpotCheck)

} // namespace tst_spotcheck
#include "tst_spotcheck.moc"
