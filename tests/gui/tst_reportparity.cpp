// One report and one count of semantic groups (issue 73, finding 10). On the evaluated demo,
// `assay-cli report` and File → Export Report… write the same report (the same HTML apart from
// the time it was written), with its "Exam and IRT" section; and the Overview page's checklist,
// `assay-cli info --json` and the report give the same number of semantic groups, the groups
// the runs ask about (docs/METHODS.md §1.6, "Which groups are counted").
#include "testmain.h"
#include "analysistabs/analysispage.h"
#include "generation/generationreadstore.h"
#include "generation/generationstore.h"
#include "mainwindow.h"
#include "overviewpage.h"
#include "projectnavigator.h"
#include "reportaction.h"
#include "runs/runresultstore.h"
#include "testdemo.h"
#include "testsettings.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

namespace tst_reportparity {

using namespace assay;

namespace {

// stdout of assay-cli with `args`, or empty with the reason in *error.
QByteArray cli(const QStringList &args, QString *error)
{
    QProcess p;
    p.start(QStringLiteral(ASSAY_CLI), args);
    if (!p.waitForFinished(300000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        *error = QStringLiteral("assay-cli %1: %2").arg(args.join(QLatin1Char(' ')), QString::fromUtf8(p.readAllStandardError()));
        return {};
    }
    return p.readAllStandardOutput();
}

QString readText(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// The report without the moment it was written (its footer's last words).
QString withoutTime(QString html) { return html.remove(QRegularExpression(QStringLiteral("on \\d{4}-\\d\\d-\\d\\dT[\\d:]+Z?\\.</footer>"))); }

QStringList headings(const QString &html)
{
    QStringList out;
    auto it = QRegularExpression(QStringLiteral("<h[23]>[^<]*</h[23]>")).globalMatch(html);
    while (it.hasNext())
        out << it.next().captured(0);
    return out;
}

// The number in `text` captured by `pattern`'s first group, group separators dropped (-1: none).
qint64 number(const QString &text, const QString &pattern)
{
    const QRegularExpressionMatch m = QRegularExpression(pattern).match(text);
    if (!m.hasMatch())
        return -1;
    QString digits = m.captured(1);
    digits.remove(QRegularExpression(QStringLiteral("[^0-9]")));
    return digits.toLongLong();
}

} // namespace

class TestReportParity : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_path;

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        QVERIFY(m_dir.isValid());
        const QString out = m_dir.filePath(QStringLiteral("demo-out"));
        const QString error = test::writeDemoOut(out);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        m_path = out + QStringLiteral("/demo.assay");
    }

    void cliAndDesktopWriteOneReport()
    {
        // The CLI first: the desktop app below holds the project while it is open.
        const QString cliDir = m_dir.filePath(QStringLiteral("cli")), guiDir = m_dir.filePath(QStringLiteral("gui"));
        QString error;
        cli({QStringLiteral("report"), m_path, QStringLiteral("--out"), cliDir}, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        {
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QVERIFY(w.openProject(m_path));
            auto scored = RunResultStore(w.project()->database()).scoredRunNames();
            QVERIFY2(scored.ok(), qPrintable(scored.error()));
            QVERIFY(scored.value().size() > 1);
            w.navigator()->setCurrentPage(ProjectNavigator::Analysis);
            AnalysisPage *analysis = w.analysisPage();
            QTRY_COMPARE_WITH_TIMEOUT(analysis->analyses().size(), scored.value().size(), 120000);
            QTRY_VERIFY_WITH_TIMEOUT(!analysis->isStale(), 60000);
            QVERIFY(w.reportAction()->exportTo(guiDir, false));
        }
        const QString cliHtml = readText(cliDir + QStringLiteral("/report.html")), guiHtml = readText(guiDir + QStringLiteral("/report.html"));
        QVERIFY(!cliHtml.isEmpty() && !guiHtml.isEmpty());
        // The exam's section, which the CLI's report used to leave out, with its charts.
        QVERIFY(cliHtml.contains(QLatin1String("<h2>Exam and IRT</h2>")));
        QVERIFY(cliHtml.contains(QLatin1String("<figure aria-label=\"Test information\">")));
        QCOMPARE(headings(cliHtml), headings(guiHtml));
        QVERIFY(withoutTime(cliHtml) == withoutTime(guiHtml)); // not QCOMPARE: megabytes of SVG
        const auto summary = [](const QString &dir) { return nlohmann::json::parse(readText(dir + QStringLiteral("/summary.json")).toStdString()); };
        const nlohmann::json cliSummary = summary(cliDir), guiSummary = summary(guiDir);
        QVERIFY(cliSummary.contains("exam"));
        QVERIFY(cliSummary == guiSummary);
    }

    void oneCountOfSemanticGroups()
    {
        // The groups the runs ask about: those of the analysed runs' items (the demo's runs
        // cover every query set).
        QSet<QString> asked;
        {
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QVERIFY(w.openProject(m_path));
            Database &db = w.project()->database();
            auto scored = RunResultStore(db).scoredRunNames();
            QVERIFY(scored.ok());
            w.navigator()->setCurrentPage(ProjectNavigator::Analysis);
            QTRY_COMPARE_WITH_TIMEOUT(w.analysisPage()->analyses().size(), scored.value().size(), 120000);
            for (const RunAnalysis &a : w.analysisPage()->analyses())
                for (const GroupResult &g : a.grammar.groups)
                    asked.insert(g.group);
            const qint64 all = db.scalar(QStringLiteral("SELECT count(*) FROM query_group")).value().toLongLong();
            // The demo's templates in review have groups too: counting every group gave another figure.
            QVERIFY(!asked.isEmpty() && all > asked.size());
            // The Overview page's checklist.
            const ProjectProgress::Item queries = w.overviewPage()->items().value(int(ProjectProgress::Step::Queries));
            QCOMPARE(number(queries.detail, QStringLiteral("in ([\\d,.\\s]+) semantic groups")), qint64(asked.size()));
            // The store's count, which every place reads.
            auto count = GenerationReadStore(db).groupCount();
            QVERIFY2(count.ok(), qPrintable(count.error()));
            QCOMPARE(count.value().groups, qint64(asked.size()));
            QCOMPARE(count.value().groups + count.value().withoutQueries, GenerationStore(db).stats().value().sqlQueries);
        }
        const qint64 groups = asked.size();
        // assay-cli info --json: its counts and the same checklist.
        QString error;
        const QByteArray info = cli({QStringLiteral("info"), m_path, QStringLiteral("--json")}, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const nlohmann::json j = nlohmann::json::parse(info.toStdString());
        QCOMPARE(j["counts"].value("semantic_groups", qint64(-1)), groups);
        QCOMPARE(number(QString::fromStdString(j["steps"][int(ProjectProgress::Step::Queries)]["detail"].get<std::string>()),
                        QStringLiteral("in ([\\d,.\\s]+) semantic groups")),
                 groups);
        // The report: its contents table and the note under the query sets.
        const QString dir = m_dir.filePath(QStringLiteral("groups"));
        cli({QStringLiteral("report"), m_path, QStringLiteral("--out"), dir}, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QString html = readText(dir + QStringLiteral("/report.html"));
        QCOMPARE(number(html, QStringLiteral("<td>semantic groups</td><td class=\"num\">(\\d+)</td>")), groups);
        QCOMPARE(number(html, QStringLiteral("(\\d+) semantic groups with text queries")), groups);
    }
};

ASSAY_TEST_MAIN(TestReportParity)

} // namespace tst_reportparity
#include "tst_reportparity.moc"
