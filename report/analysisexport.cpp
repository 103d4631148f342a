#include "report/analysisexport.h"

#include "report/metricsection.h"

#include "analysis/chartdata.h"
#include "report/chartexporter.h"
#include "io/filewriter.h"
#include "report/reportexam.h"
#include "report/reportwriter.h"
#include "project/heldfiles.h"
#include "project/project.h"

#include <QDir>
#include <QPdfWriter>
#include <QTextDocument>
#include <QUrl>

#include <nlohmann/json.hpp>

#include <optional>

namespace assay {

Result<QVector<RunAnalysis>> AnalysisExport::analyses(Database &db, const QStringList &runs, const QString &judge, ClosedDomain::Setting closedDomain)
{
    using R = Result<QVector<RunAnalysis>>;
    auto scored = runs.isEmpty() ? RunAnalyzer::scoredRuns(db) : Result<QStringList>(runs);
    if (!scored)
        return R::failure(scored);
    const QStringList names = scored.take();
    if (names.isEmpty())
        return R::failure(QStringLiteral("no scored runs: run a pipeline with a judge and score it first (Runs page; assay-cli run …, assay-cli score …)"));
    auto facts = RunAnalyzer::projectFacts(db); // what the runs share, read once
    if (!facts)
        return R::failure(facts);
    QVector<RunAnalysis> out;
    for (const QString &name : names) {
        auto a = RunAnalyzer::analyze(db, name, facts.value(), judge, closedDomain);
        if (!a)
            return R::failure(a.error());
        out << a.value();
    }
    return out;
}

Result<QStringList> AnalysisExport::writePlots(const QVector<RunAnalysis> &analyses, const QString &dir, const QStringList &formats, int dpi, Database *db)
{
    QVector<ChartData> charts = ChartBuilder::all(analyses);
    if (db && !analyses.isEmpty()) {
        auto values = MetricSection::values(*db, analyses);
        if (!values)
            return Result<QStringList>::failure(values);
        charts << MetricSection::chart(values.value(), analyses);
    }
    return writeCharts(charts, dir, formats, dpi);
}

Result<QStringList> AnalysisExport::writeCharts(const QVector<ChartData> &charts, const QString &dir, const QStringList &formats, int dpi)
{
    using R = Result<QStringList>;
    if (!QDir().mkpath(dir))
        return R::failure(QStringLiteral("%1: cannot create the folder").arg(dir));
    QStringList written;
    for (const ChartData &chart : charts)
        for (const QString &format : formats) {
            if (auto s = ChartExporter::write(chart, dir, format.trimmed(), dpi); !s)
                return R::failure(s.error());
            written << QDir(dir).filePath(chart.id + QLatin1Char('.') + format.trimmed());
        }
    return written;
}

Result<QStringList> AnalysisExport::writeReport(Project &project, const QVector<RunAnalysis> &analyses, const QString &dir, bool pdf,
                                                const QString &exam, const ExamIrtResult *fit)
{
    using R = Result<QStringList>;
    if (!QDir().mkpath(dir))
        return R::failure(QStringLiteral("%1: cannot create the folder").arg(dir));
    ReportWriter writer(project);
    writer.setAnalyses(analyses);
    auto examName = exam.isEmpty() ? ReportExam::defaultExam(project) : Result<QString>(exam);
    if (!examName)
        return R::failure(examName);
    std::optional<ReportExam> examPart;
    if (!examName.value().isEmpty()) {
        auto read = ReportExam::read(project, examName.value(), fit);
        if (!read)
            return R::failure(read);
        examPart = read.take();
        writer.setExam(examPart->result);
    }
    // The runs' charts in their own section; the exam's (IRT, short forms) beside their tables.
    const auto svgs = [](const QVector<ChartData> &charts) {
        QVector<QPair<QString, QByteArray>> out;
        for (const ChartData &c : charts)
            out.append({c.title, ChartExporter::svgText(c)});
        return out;
    };
    const QVector<ChartData> runCharts = analyses.isEmpty() ? QVector<ChartData>() : ChartBuilder::all(analyses);
    const QVector<ChartData> examCharts = examPart ? examPart->irtCharts + examPart->shortFormCharts : QVector<ChartData>();
    writer.setCharts(svgs(runCharts));
    if (examPart)
        writer.setExamCharts(svgs(examPart->irtCharts), svgs(examPart->shortFormCharts));
    QStringList written;
    const QString html = QDir(dir).filePath(QStringLiteral("report.html"));
    if (auto s = writer.writeHtml(html); !s)
        return R::failure(s.error());
    written << html;
    const QString summary = QDir(dir).filePath(QStringLiteral("summary.json"));
    if (auto s = FileWriter::write(summary, QByteArray::fromStdString(writer.summary().dump(2)) + '\n'); !s)
        return R::failure(s.error());
    written << summary;
    if (pdf) {
        // The same report, paginated: tables as text, each chart as an image.
        auto paginated = writer.html(false);
        if (!paginated)
            return R::failure(paginated);
        QString body = paginated.take();
        QString images;
        QTextDocument document;
        for (const ChartData &c : runCharts + examCharts) {
            const QUrl url(QStringLiteral("chart:%1").arg(c.id));
            document.addResource(QTextDocument::ImageResource, url, ChartExporter::image(c, 150, {900, 540}));
            images += QStringLiteral("<p><img src=\"%1\" width=\"640\"></p>\n").arg(url.toString());
        }
        const qsizetype at = body.indexOf(QLatin1String("<h2>Top failing groups</h2>"));
        body.insert(at >= 0 ? at : body.indexOf(QLatin1String("<footer>")), QStringLiteral("<h2>Charts</h2>\n") + images);
        document.setHtml(body);
        const QString path = QDir(dir).filePath(QStringLiteral("report.pdf"));
        if (auto free = HeldFiles::checkFree(path); !free)
            return R::failure(free);
        QPdfWriter writerPdf(path);
        writerPdf.setPageSize(QPageSize(QPageSize::A4));
        writerPdf.setResolution(150);
        writerPdf.setTitle(QStringLiteral("Assay report — %1").arg(project.name()));
        document.setPageSize(QSizeF(writerPdf.width(), writerPdf.height()));
        document.print(&writerPdf);
        if (!QFileInfo(path).size())
            return R::failure(QStringLiteral("%1: cannot write the PDF").arg(path));
        written << path;
    }
    return written;
}

} // namespace assay
