#include "report/gatereportwriter.h"

#include <QDateTime>
#include <QLocale>
#include <QXmlStreamWriter>

#include <cmath>

namespace assay {

namespace {

QString points(double share)
{
    return std::isfinite(share) ? QString::number(100.0 * share, 'f', 1) : QStringLiteral("n/a");
}

QString signedPoints(double share)
{
    if (!std::isfinite(share))
        return QStringLiteral("n/a");
    const QString s = QString::number(100.0 * share, 'f', 1);
    return share > 0 ? QLatin1Char('+') + s : s;
}

QString moduleTitle(const QString &module)
{
    if (module == QLatin1String("retriever"))
        return QStringLiteral("retriever (other documents came back)");
    if (module == QLatin1String("context"))
        return QStringLiteral("context size (the same documents first, k differs)");
    if (module == QLatin1String("llm"))
        return QStringLiteral("LLM / reader (retrieval verdict unchanged or against the change)");
    if (module == QLatin1String("generator"))
        return QStringLiteral("generator (a generator metric: how the reader used its chunks)");
    if (module == QLatin1String("overall"))
        return QStringLiteral("overall (an end-to-end metric: retriever and reader together)");
    return QStringLiteral("knowledge (no true documents known for the item)");
}

QString example(const GateGroupChange &g)
{
    return QStringLiteral("\"%1\": gold \"%2\"; baseline answered \"%3\", the run \"%4\"").arg(g.query, g.gold, g.baselineAnswer, g.runAnswer);
}

// Markdown table cells: no pipes or line breaks.
QString cell(QString text)
{
    text.replace(QLatin1Char('|'), QStringLiteral("\\|"));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text.size() > 120 ? text.left(117) + QStringLiteral("...") : text;
}

} // namespace

QString GateReportWriter::differenceText(const GateReport &report)
{
    const GateResult &r = report.result;
    return QStringLiteral("%1 points (%2% CI %3 to %4)")
        .arg(signedPoints(r.difference), QString::number(100.0 * (1.0 - report.options.alpha), 'g', 3), signedPoints(r.low), signedPoints(r.high));
}

QString GateReportWriter::pValueText(double p)
{
    if (!std::isfinite(p))
        return QStringLiteral("p n/a");
    return p < 1e-4 ? QStringLiteral("p < 0.0001") : QStringLiteral("p = %1").arg(QString::number(p, 'g', 2));
}

QStringList GateReportWriter::moduleLines(const GateReport &report)
{
    const QLocale c(QLocale::English);
    QStringList lines;
    for (const QString &m : {QStringLiteral("retriever"), QStringLiteral("context"), QStringLiteral("llm"), QStringLiteral("knowledge"), QStringLiteral("generator"),
                             QStringLiteral("overall")}) {
        if (!report.modules.contains(m))
            continue;
        const GateModule g = report.modules.value(m);
        if (g.itemsLost > 0 || g.itemsGained > 0)
            lines << QStringLiteral("%1: %2 points (%3 item(s) lost, %4 gained, in %5 group(s))")
                         .arg(moduleTitle(m), signedPoints(g.points / 100.0), c.toString(g.itemsLost), c.toString(g.itemsGained), c.toString(g.groups));
    }
    return lines;
}

QByteArray GateReportWriter::junit(const GateReport &report)
{
    const GateResult &r = report.result;
    const bool regression = r.verdict == GateResult::Verdict::Regression;
    const bool inconclusive = r.verdict == GateResult::Verdict::Inconclusive;
    const bool couldNotEvaluate = r.verdict == GateResult::Verdict::Error;
    const bool floorSet = std::isfinite(report.options.minAccuracy);
    const bool belowFloor = floorSet && std::isfinite(r.runMean) && r.runMean < report.options.minAccuracy;
    const bool dropFailed = regression && std::isfinite(r.high) && r.high < -report.options.maxDrop;
    const int cases = 1 + (floorSet ? 1 : 0) + int(report.regressedGroups.size());
    int failures = (dropFailed ? 1 : 0) + (belowFloor ? 1 : 0);
    if (regression)
        failures += int(report.regressedGroups.size());
    QByteArray out;
    QXmlStreamWriter xml(&out);
    xml.setAutoFormatting(true);
    xml.writeStartDocument();
    xml.writeStartElement(QStringLiteral("testsuites"));
    xml.writeAttribute(QStringLiteral("name"), QStringLiteral("assay gate"));
    xml.writeAttribute(QStringLiteral("tests"), QString::number(cases));
    xml.writeAttribute(QStringLiteral("failures"), QString::number(failures));
    xml.writeStartElement(QStringLiteral("testsuite"));
    xml.writeAttribute(QStringLiteral("name"), QStringLiteral("gate %1 vs %2 (%3)").arg(report.run, report.baseline, report.metric));
    xml.writeAttribute(QStringLiteral("tests"), QString::number(cases));
    xml.writeAttribute(QStringLiteral("failures"), QString::number(failures));
    xml.writeAttribute(QStringLiteral("errors"), QString::number(couldNotEvaluate ? 1 : 0));
    // An inconclusive gate's case and its regressed groups are skipped, not passed.
    xml.writeAttribute(QStringLiteral("skipped"), QString::number(inconclusive ? 1 + int(report.regressedGroups.size()) : 0));
    xml.writeAttribute(QStringLiteral("timestamp"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    xml.writeStartElement(QStringLiteral("properties"));
    for (const auto &[name, value] : {std::pair{QStringLiteral("verdict"), GateResult::verdictName(r.verdict)},
                                      std::pair{QStringLiteral("difference"), differenceText(report)},
                                      std::pair{QStringLiteral("p_value"), pValueText(r.mcnemarP)},
                                      std::pair{QStringLiteral("shared_items"), QString::number(couldNotEvaluate ? report.paired : r.shared)},
                                      std::pair{QStringLiteral("not_evaluated"), QString::number(report.unevaluated())}}) {
        xml.writeStartElement(QStringLiteral("property"));
        xml.writeAttribute(QStringLiteral("name"), name);
        xml.writeAttribute(QStringLiteral("value"), value);
        xml.writeEndElement();
    }
    xml.writeEndElement(); // properties

    const QString suite = QStringLiteral("assay.gate");
    auto testcase = [&](const QString &name) {
        xml.writeStartElement(QStringLiteral("testcase"));
        xml.writeAttribute(QStringLiteral("classname"), suite);
        xml.writeAttribute(QStringLiteral("name"), name);
        xml.writeAttribute(QStringLiteral("time"), QStringLiteral("0"));
    };
    testcase(QStringLiteral("%1 drops at most %2 points against %3").arg(report.run, QString::number(100.0 * report.options.maxDrop, 'g', 3), report.baseline));
    if (couldNotEvaluate) {
        xml.writeStartElement(QStringLiteral("error"));
        xml.writeAttribute(QStringLiteral("message"), QStringLiteral("could not evaluate: %1").arg(report.coverageText()));
        xml.writeAttribute(QStringLiteral("type"), QStringLiteral("not_evaluated"));
        xml.writeCharacters(report.coverageText());
        xml.writeEndElement();
    } else if (dropFailed) {
        xml.writeStartElement(QStringLiteral("failure"));
        xml.writeAttribute(QStringLiteral("message"), QStringLiteral("regression: %1").arg(differenceText(report)));
        xml.writeAttribute(QStringLiteral("type"), QStringLiteral("regression"));
        xml.writeCharacters(r.reason + QLatin1Char('\n') + moduleLines(report).join(QLatin1Char('\n')));
        xml.writeEndElement();
    } else if (inconclusive) {
        xml.writeStartElement(QStringLiteral("skipped"));
        xml.writeAttribute(QStringLiteral("message"), QStringLiteral("inconclusive: %1").arg(r.reason));
        xml.writeEndElement();
    }
    xml.writeTextElement(QStringLiteral("system-out"), couldNotEvaluate ? QStringLiteral("error: %1").arg(report.coverageText())
                                                                        : QStringLiteral("%1: %2\n%3").arg(GateResult::verdictName(r.verdict), differenceText(report), report.notes.join(QLatin1Char('\n'))));
    xml.writeEndElement(); // testcase
    if (floorSet) {
        testcase(QStringLiteral("%1 scores at least %2%").arg(report.run, points(report.options.minAccuracy)));
        if (belowFloor) {
            xml.writeStartElement(QStringLiteral("failure"));
            xml.writeAttribute(QStringLiteral("message"), QStringLiteral("%1 scores %2%, below the minimum %3%").arg(report.run, points(r.runMean), points(report.options.minAccuracy)));
            xml.writeAttribute(QStringLiteral("type"), QStringLiteral("minimum"));
            xml.writeEndElement();
        }
        xml.writeEndElement();
    }
    for (const GateGroupChange &g : report.regressedGroups) {
        testcase(QStringLiteral("group %1 (template %2, %3)").arg(g.group).arg(g.sqlTemplateId).arg(g.module));
        const QString what = QStringLiteral("%1 of %2 items right, was %3 (%4 to %5); e.g. %6")
                                 .arg(g.runCorrect).arg(g.items).arg(g.baselineCorrect).arg(g.tagBefore, g.tagAfter, example(g));
        if (regression) {
            xml.writeStartElement(QStringLiteral("failure"));
            xml.writeAttribute(QStringLiteral("message"), what);
            xml.writeAttribute(QStringLiteral("type"), g.module);
            xml.writeEndElement();
        } else if (inconclusive) {
            xml.writeStartElement(QStringLiteral("skipped"));
            xml.writeAttribute(QStringLiteral("message"), QStringLiteral("the gate is inconclusive: %1").arg(what));
            xml.writeEndElement();
        } else {
            xml.writeTextElement(QStringLiteral("system-out"), what + QStringLiteral(" (within the gate's noise: not a failure)"));
        }
        xml.writeEndElement();
    }
    xml.writeEndElement(); // testsuite
    xml.writeEndElement(); // testsuites
    xml.writeEndDocument();
    return out;
}

QString GateReportWriter::markdown(const GateReport &report)
{
    const GateResult &r = report.result;
    const QLocale c(QLocale::English);
    static const QHash<QString, QString> badge = {{QStringLiteral("pass"), QStringLiteral("✅ pass")},
                                                  {QStringLiteral("improvement"), QStringLiteral("🟢 improvement")},
                                                  {QStringLiteral("regression"), QStringLiteral("❌ regression")},
                                                  {QStringLiteral("inconclusive"), QStringLiteral("⚠️ inconclusive")},
                                                  {QStringLiteral("error"), QStringLiteral("⛔ could not evaluate")}};
    QStringList md;
    md << QStringLiteral("### Assay gate: %1").arg(badge.value(GateResult::verdictName(r.verdict)));
    md << QString();
    if (r.verdict == GateResult::Verdict::Error) {
        md << QStringLiteral("**%1** against baseline **%2** could not evaluate: %3 No verdict is given; fix the failures (run again with "
                             "`--retry-failed`, or score the unread items again) and gate again.")
                  .arg(report.run, report.baseline, report.coverageText());
        return md.join(QLatin1Char('\n')) + QLatin1Char('\n');
    }
    if (report.unevaluated() > 0) {
        md << QStringLiteral("> %1").arg(report.coverageText());
        md << QString();
    }
    md << QStringLiteral("**%1** against baseline **%2** on %3 shared items (%4, judge %5): %6.")
              .arg(report.run, report.baseline, c.toString(r.shared), report.metric, report.judge, differenceText(report));
    md << QString();
    md << QStringLiteral("| | %1 | %2 |").arg(cell(report.run), cell(report.baseline));
    md << QStringLiteral("|---|---:|---:|");
    md << QStringLiteral("| %1 | %2% | %3% |").arg(report.metric, points(r.runMean), points(r.baselineMean));
    md << QStringLiteral("| right in this run only | %1 | %2 |").arg(c.toString(r.runOnly), c.toString(r.baselineOnly));
    md << QString();
    md << QStringLiteral("%1 McNemar's exact test on the items right in one run only: %2.")
              .arg(r.reason, pValueText(r.mcnemarP));
    const QStringList modules = moduleLines(report);
    if (!modules.isEmpty()) {
        md << QString();
        md << QStringLiteral("**By module** (the lines add up to the difference)");
        md << QString();
        for (const QString &m : modules)
            md << QStringLiteral("- %1").arg(m);
    }
    if (!report.regressedGroups.isEmpty()) {
        md << QString();
        md << QStringLiteral("<details><summary>Most regressed groups (%1)</summary>").arg(report.regressedGroups.size());
        md << QString();
        md << QStringLiteral("| group | template | module | right (was) | tags | example query | gold | baseline | run |");
        md << QStringLiteral("|---|---:|---|---|---|---|---|---|---|");
        for (const GateGroupChange &g : report.regressedGroups)
            md << QStringLiteral("| %1 | %2 | %3 | %4/%5 (%6) | %7 → %8 | %9 | %10 | %11 | %12 |")
                      .arg(cell(g.group)).arg(g.sqlTemplateId).arg(g.module).arg(g.runCorrect).arg(g.items).arg(g.baselineCorrect)
                      .arg(g.tagBefore, g.tagAfter, cell(g.query), cell(g.gold), cell(g.baselineAnswer), cell(g.runAnswer));
        md << QString();
        md << QStringLiteral("</details>");
    }
    if (!report.notes.isEmpty()) {
        md << QString();
        for (const QString &n : report.notes)
            md << QStringLiteral("> %1").arg(n);
    }
    return md.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace assay
