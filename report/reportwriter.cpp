#include "report/reportwriter.h"

#include "report/claimsection.h"
#include "report/metricsection.h"
#include "report/examsection.h"
#include "report/labelsection.h"
#include "report/projectsummary.h"

#include "core/version.h"
#include "io/filewriter.h"
#include "generation/generationstore.h"
#include "grounding/groundlinkstore.h"
#include "project/project.h"
#include "schema/knowledgebase.h"
#include "scoring/judgeregistry.h"
#include "scoring/judgespec.h"

#include <QDateTime>
#include <QFile>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace assay {

namespace {
const char *styleSheet = R"css(
body { font-family: "DejaVu Sans", "Segoe UI", sans-serif; margin: 2em auto; max-width: 60em; color: #1d2330; }
h1 { font-weight: 600; border-bottom: 2px solid #2f6f9f; padding-bottom: .2em; }
h2 { font-weight: 600; margin-top: 1.6em; color: #2f4f6f; }
table { border-collapse: collapse; margin: .5em 0; }
th, td { text-align: left; padding: .25em .9em; border-bottom: 1px solid #d8dde6; }
th { background: #eef2f7; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
p.note { color: #5b6575; font-size: 90%; }
p.warn { color: #8a5a00; background: #fff6e0; padding: .3em .6em; }
footer { margin-top: 3em; color: #7a8494; font-size: 85%; }
figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; border: 1px solid #e3e7ee; }
span.gap { color: #D55E00; font-weight: 600; } span.non_robust { color: #B07A00; font-weight: 600; } span.robust { color: #007A59; font-weight: 600; }
td.q { max-width: 28em; }
div.wide { max-width: 100%; overflow-x: auto; }
table.metrics th, table.metrics td { padding: .25em .5em; }
table.metrics td.num small { color: #5b6575; }
)css";
}

ReportWriter::ReportWriter(const Project &project) : m_project(project) {}

namespace {
QString number(const std::optional<double> &v, int decimals = 3) { return v ? QString::number(*v, 'f', decimals) : QStringLiteral("—"); }
// A retrieval figure with the items it is over when that is not every item (docs/METHODS.md §5.2).
QString retrievalNumber(const GrammarReport &g, const std::optional<double> &v)
{
    if (!v)
        return number(v);
    return g.retrievalItems == g.n ? number(v)
                                   : QStringLiteral("%1 <span class=\"basis\" title=\"%2\">(%3 of %4)</span>")
                                         .arg(number(v), g.retrievalBasis().toHtmlEscaped()).arg(g.retrievalItems).arg(g.n);
}
} // namespace

Result<QString> ReportWriter::runsSection() const
{
    QString h;
    auto read = GenerationStore(const_cast<Project &>(m_project).database()).stats();
    if (!read)
        return Result<QString>::failure(read);
    const GenerationStore::Stats stats = read.take();
    h += QStringLiteral("<h2>Query sets</h2>\n<table><tr><th>Form</th><th>Text templates</th><th>Text queries</th></tr>\n");
    for (auto it = stats.textQueries.begin(); it != stats.textQueries.end(); ++it)
        h += QStringLiteral("<tr><td>%1</td><td class=\"num\">%2</td><td class=\"num\">%3</td></tr>\n")
                 .arg(it.key().toHtmlEscaped()).arg(stats.textTemplates.value(it.key())).arg(it.value());
    // The semantic groups runs ask about (docs/METHODS.md §1.6), as the Overview page and
    // `assay-cli info` count them.
    h += QStringLiteral("</table>\n<p class=\"note\">%1 accepted SQL templates, %2 semantic groups with text queries.%3</p>\n")
             .arg(stats.sqlTemplates)
             .arg(stats.groups.groups)
             .arg(stats.groups.withoutQueries > 0 ? QStringLiteral(" A further %1 groups of accepted SQL templates have no text query yet and are not evaluated.")
                                                        .arg(stats.groups.withoutQueries)
                                                  : QString());
    if (!m_analyses.isEmpty()) {
        auto runs = runTables();
        if (!runs)
            return runs;
        h += runs.value() + LabelSection::html(m_analyses);
        QStringList names;
        for (const RunAnalysis &a : m_analyses)
            names << a.run;
        auto claims = ClaimSection::html(const_cast<Project &>(m_project).database(), names, !m_charts.isEmpty());
        if (!claims)
            return claims;
        h += claims.value();
        auto metricValues = MetricSection::values(const_cast<Project &>(m_project).database(), m_analyses);
        if (!metricValues)
            return Result<QString>::failure(metricValues);
        h += MetricSection::html(metricValues.value(), m_analyses, !m_charts.isEmpty());
    }
    // The exam's section whether or not runs are analysed: it reads the exam, not the runs.
    if (m_exam)
        h += ExamSection::html(*m_exam, figures(m_irtCharts), figures(m_shortFormCharts));
    if (!m_charts.isEmpty())
        h += QStringLiteral("<h2>Charts</h2>\n") + figures(m_charts);
    if (m_analyses.isEmpty())
        return h;
    h += QStringLiteral("<h2>Top failing groups</h2>\n");
    for (const RunAnalysis &a : m_analyses)
        h += failingGroups(a, 5);
    return h;
}

// The runs, their metrics and response types.
Result<QString> ReportWriter::runTables() const
{
    QString h = QStringLiteral("<h2>Runs</h2>\n<table><tr><th>Run</th><th>Pipeline</th><th>Query set</th><th>Items</th><th>Judge</th><th>Retrieval judge</th><th>Closed-domain rule</th><th>Mean latency</th></tr>\n");
    for (const RunAnalysis &a : m_analyses)
        h += QStringLiteral("<tr><td>%1</td><td><code>%2</code></td><td>%3</td><td class=\"num\">%4</td><td>%5</td><td>%6</td><td>%7</td><td class=\"num\">%8 ms</td></tr>\n")
                 .arg(a.run.toHtmlEscaped(), a.pipeline.toHtmlEscaped(), a.formLabel().toHtmlEscaped()).arg(a.grammar.n)
                 .arg(a.judge.toHtmlEscaped(), a.retrievalJudge.toHtmlEscaped(), a.closedDomain ? QStringLiteral("on") : QStringLiteral("off"))
                 .arg(a.meanLatencyMs, 0, 'f', 2);
    // Eight columns of figures: the interval on a line of its own and narrower padding keep the
    // table inside the page's column; a narrower window scrolls it rather than the page.
    h += QStringLiteral("</table>\n<h2>Metrics</h2>\n<div class=\"wide\"><table class=\"metrics\"><tr><th>Run</th><th>Accuracy</th><th>Refined accuracy (95% CI)</th><th>Retrieval</th>"
                        "<th>Refined retrieval</th><th>Knowledge</th><th>Context comparison (refined retrieval)</th>"
                        "<th><span class=\"gap\">gap</span> / <span class=\"robust\">robust</span> / <span class=\"non_robust\">non-robust</span></th></tr>\n");
    for (const RunAnalysis &a : m_analyses) {
        const GrammarReport &g = a.grammar;
        h += QStringLiteral("<tr><td>%1</td><td class=\"num\">%2</td><td class=\"num\">%3<br><small>[%4, %5]</small></td><td class=\"num\">%6</td><td class=\"num\">%7</td>"
                            "<td class=\"num\">%8</td><td class=\"num\">%9</td><td class=\"num\">%10 / %11 / %12</td></tr>\n")
                 .arg(a.run.toHtmlEscaped(), number(g.accuracy), number(g.refinedAccuracy), number(a.refinedLow), number(a.refinedHigh),
                      retrievalNumber(g, g.retrievalAccuracy), retrievalNumber(g, g.refinedRetrievalAccuracy), number(g.knowledgeAccuracy),
                      number(g.contextRefinedRetrievalAccuracy))
                 .arg(g.gapGroups).arg(g.robustGroups).arg(g.nonRobustGroups);
    }
    h += QStringLiteral("</table></div>\n");
    for (const RunAnalysis &a : m_analyses)
        if (const QString coverage = a.grammar.coverageText(); !coverage.isEmpty())
            h += QStringLiteral("<p class=\"note\">%1: figures %2 — items without a verdict are neither right nor wrong.</p>\n")
                     .arg(a.run.toHtmlEscaped(), coverage.toHtmlEscaped());
    // Where the ground truth came from (docs/METHODS.md §1.6.5), as the project holds it now.
    auto coverage = GroundLinkStore(const_cast<Project &>(m_project).database()).coverage();
    if (!coverage)
        return Result<QString>::failure(coverage);
    h += QStringLiteral("<p class=\"note\">Ground truth: %1.</p>\n").arg(coverage.value().sourcesText().toHtmlEscaped());
    if (std::any_of(m_analyses.begin(), m_analyses.end(), [](const RunAnalysis &a) { return a.grammar.retrievalItems < a.grammar.n; }))
        h += QStringLiteral("<p class=\"note\">Retrieval figures are over the items whose semantic group has known true documents "
                            "(in brackets: how many of the run's items); an item without them is not counted as a retrieval failure. "
                            "— means no item of the run had any.</p>\n");
    for (const RunAnalysis &a : m_analyses)
        if (auto spec = JudgeSpec::parse(a.judge); spec && !spec.value().kind().usesModel && !spec.value().kind().labelled && a.grammar.weaklyJudged > 0)
            h += QStringLiteral("<p class=\"note\">%1: %2 of %3 items are weakly judged by %4: their gold answer has two characters or fewer or is a "
                                "number below 1000, which a string match can meet by chance.</p>\n")
                     .arg(a.run.toHtmlEscaped())
                     .arg(a.grammar.weaklyJudged)
                     .arg(a.grammar.n)
                     .arg(a.judge.toHtmlEscaped());
    h += QStringLiteral("<h2>Response types (R-Eval)</h2>\n<table><tr><th>Run</th>");
    for (const QString &t : ResponseTaxonomy::types())
        h += QStringLiteral("<th>%1</th>").arg(t);
    h += QStringLiteral("</tr>\n");
    for (const RunAnalysis &a : m_analyses) {
        h += QStringLiteral("<tr><td>%1</td>").arg(a.run.toHtmlEscaped());
        if (!a.taxonomy.applicable) {
            h += QStringLiteral("<td colspan=\"%1\">n/a: %2</td></tr>\n").arg(ResponseTaxonomy::types().size()).arg(a.taxonomy.reason.toHtmlEscaped());
            continue;
        }
        for (const QString &t : ResponseTaxonomy::types())
            h += QStringLiteral("<td class=\"num\">%1</td>").arg(a.taxonomy.n ? QString::number(100.0 * a.taxonomy.counts.value(t) / a.taxonomy.n, 'f', 1) + QLatin1Char('%') : QStringLiteral("—"));
        h += QStringLiteral("</tr>\n");
    }
    return h + QStringLiteral("</table>\n");
}

QString ReportWriter::figures(const QVector<QPair<QString, QByteArray>> &charts)
{
    QString h;
    for (const auto &[title, svg] : charts) {
        QString inlineSvg = QString::fromUtf8(svg);
        const qsizetype start = inlineSvg.indexOf(QLatin1String("<svg"));
        if (start > 0)
            inlineSvg = inlineSvg.mid(start); // drop the XML prolog and doctype
        h += QStringLiteral("<figure aria-label=\"%1\">%2</figure>\n").arg(title.toHtmlEscaped(), inlineSvg);
    }
    return h;
}

QString ReportWriter::failingGroups(const RunAnalysis &run, int limit) const
{
    // Non-robust groups with the most incorrect examples: the retriever or the LM failed on
    // some forms of a question it can answer.
    QVector<const GroupResult *> groups;
    for (const GroupResult &g : run.grammar.groups)
        if (g.tag == GroupResult::Tag::NonRobust)
            groups << &g;
    std::stable_sort(groups.begin(), groups.end(), [](const GroupResult *a, const GroupResult *b) { return a->total - a->correct > b->total - b->correct; });
    QString h = QStringLiteral("<h3>%1</h3>\n").arg(run.run.toHtmlEscaped());
    if (groups.isEmpty())
        return h + QStringLiteral("<p class=\"note\">No non-robust groups.</p>\n");
    h += QStringLiteral("<table><tr><th>Group</th><th>Correct</th><th>Query</th><th>Gold</th><th>Answer / top-1 document</th><th>Verdict</th></tr>\n");
    for (int i = 0; i < groups.size() && i < limit; ++i) {
        int shown = 0;
        for (const Outcome &o : run.outcomes) {
            if (o.group != groups[i]->group || shown >= 3)
                continue;
            const QString answer = o.answer.isEmpty() ? QStringLiteral("(retrieval only) %1").arg(o.top1) : o.answer.left(160);
            h += QStringLiteral("<tr><td>%1</td><td class=\"num\">%2</td><td class=\"q\">%3</td><td>%4</td><td>%5</td><td>%6</td></tr>\n")
                     .arg(shown == 0 ? QStringLiteral("<span class=\"non_robust\">%1</span>").arg(o.group.toHtmlEscaped()) : QString(),
                          shown == 0 ? QStringLiteral("%1 of %2").arg(groups[i]->correct).arg(groups[i]->total) : QString(),
                          o.query.toHtmlEscaped(), o.gold.toHtmlEscaped(), answer.toHtmlEscaped(),
                          o.correct() ? QStringLiteral("correct") : o.verdict ? QStringLiteral("incorrect") : QStringLiteral("unread"));
            ++shown;
        }
    }
    return h + QStringLiteral("</table>\n");
}

nlohmann::json ReportWriter::summary() const
{
    nlohmann::json runs = nlohmann::json::array();
    for (const RunAnalysis &a : m_analyses) {
        nlohmann::json r = a.grammar.toJson();
        r["run"] = a.run.toStdString();
        r["pipeline"] = a.pipeline.toStdString();
        r["query_set"] = a.formLabel().toStdString();
        r["judge"] = a.judge.toStdString();
        r["retrieval_judge"] = a.retrievalJudge.toStdString();
        r["closed_domain"] = a.closedDomain;
        r["refined_accuracy_ci95"] = {a.refinedLow ? nlohmann::json(*a.refinedLow) : nlohmann::json(nullptr), a.refinedHigh ? nlohmann::json(*a.refinedHigh) : nlohmann::json(nullptr)};
        r["taxonomy"] = a.taxonomy.toJson();
        r["workflow"] = a.workflow.toJson(); // R-Eval's comparison: F1 by task level, cost per correct answer
        r["mean_latency_ms"] = a.meanLatencyMs;
        if (a.ppi)
            r["ppi"] = a.ppi->toJson();
        runs.push_back(r);
    }
    nlohmann::json out{{"project", m_project.name().toStdString()}, {"assay", ASSAY_VERSION}, {"runs", runs}};
    if (m_exam)
        out["exam"] = ExamSection::json(*m_exam);
    return out;
}

Result<QString> ReportWriter::html(bool withCharts) const
{
    QString h;
    h += QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">");
    h += QStringLiteral("<title>Assay report — %1</title><style>%2</style></head><body>\n")
             .arg(m_project.name().toHtmlEscaped(), QString::fromLatin1(styleSheet));
    h += QStringLiteral("<h1>Assay report: %1</h1>\n").arg(m_project.name().toHtmlEscaped());
    const QString description = m_project.property(QStringLiteral("description"));
    if (!description.isEmpty())
        h += QStringLiteral("<p>%1</p>\n").arg(description.toHtmlEscaped());

    h += QStringLiteral("<h2>Project</h2>\n<table>\n");
    h += QStringLiteral("<tr><th>File</th><td>%1</td></tr>\n").arg(m_project.path().toHtmlEscaped());
    h += QStringLiteral("<tr><th>Schema version</th><td>%1</td></tr>\n").arg(m_project.schemaVersion());
    h += QStringLiteral("<tr><th>Created with</th><td>Assay %1</td></tr>\n")
             .arg(m_project.property(QStringLiteral("created_with")).toHtmlEscaped());
    h += QStringLiteral("</table>\n");

    h += QStringLiteral("<h2>Contents</h2>\n");
    auto readCounts = ProjectSummary::counts(m_project);
    if (!readCounts)
        return Result<QString>::failure(readCounts);
    const auto counts = readCounts.take();
    if (counts.isEmpty()) {
        h += QStringLiteral("<p class=\"note\">The project holds no schema, corpus, queries or runs yet.</p>\n");
    } else {
        h += QStringLiteral("<table><tr><th>What</th><th>Count</th></tr>\n");
        for (auto it = counts.begin(); it != counts.end(); ++it)
            h += QStringLiteral("<tr><td>%1</td><td class=\"num\">%2</td></tr>\n")
                     .arg(QString(it.key()).replace(QLatin1Char('_'), QLatin1Char(' ')).toHtmlEscaped())
                     .arg(it.value());
        h += QStringLiteral("</table>\n");
    }
    const KnowledgeBase *kb = m_project.service<KnowledgeBase>();
    if (!kb->tables().isEmpty()) {
        h += QStringLiteral("<h2>Knowledge schema</h2>\n");
        if (kb->isLinked())
            h += QStringLiteral("<p class=\"note\">Linked read-only to %1.</p>\n").arg(kb->linkedPath().toHtmlEscaped());
        h += QStringLiteral("<table><tr><th>Table</th><th>Rows</th><th>Columns</th><th>References</th></tr>\n");
        for (const KnowledgeTable &t : kb->tables()) {
            QStringList columns, references;
            for (const KnowledgeColumn &c : t.columns) {
                QString label = c.name.toHtmlEscaped();
                if (c.primaryKey)
                    label = QStringLiteral("<b>%1</b>").arg(label);
                else if (!c.meaningful)
                    label = QStringLiteral("<i>%1</i>").arg(label);
                columns << label;
                if (c.foreignKey)
                    references << QStringLiteral("%1 → %2").arg(c.name, kb->qualifiedName(c.foreignKey)).toHtmlEscaped();
            }
            auto rows = kb->rowCount(t.id);
            h += QStringLiteral("<tr><td>%1</td><td class=\"num\">%2</td><td>%3</td><td>%4</td></tr>\n")
                     .arg(t.name.toHtmlEscaped(), rows ? QString::number(rows.value()) : rows.error().toHtmlEscaped(),
                          columns.join(QStringLiteral(", ")), references.join(QStringLiteral("<br>")));
        }
        h += QStringLiteral("</table>\n<p class=\"note\">Bold: primary key. Italic: surrogate ids not used in "
                            "questions.</p>\n");
    }
    // Without charts (the PDF draws them as images): the same sections, the exam's included.
    ReportWriter plain(m_project);
    plain.setAnalyses(m_analyses);
    plain.m_exam = m_exam;
    auto runs = withCharts ? runsSection() : plain.runsSection();
    if (!runs)
        return runs;
    h += runs.value();
    h += QStringLiteral("<footer>Written by Assay %1 on %2.</footer>\n</body></html>\n")
             .arg(QStringLiteral(ASSAY_VERSION), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    return h;
}

Status ReportWriter::writeHtml(const QString &path) const
{
    auto h = html();
    if (!h)
        return Status::failure(h);
    return FileWriter::write(path, h.value().toUtf8());
}

} // namespace assay
