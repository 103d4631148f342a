#pragma once
// Analyses of scored runs turned into files: every chart as SVG / PNG / PDF, and the report
// (report.html with the charts inline, summary.json, optionally report.pdf). Used by
// File → Export report… and by assay-cli export plots / report / demo.
#include "analysis/chartdata.h"
#include "analysis/runanalysis.h"
#include "core/result.h"
#include "exams/examirt.h"

namespace assay {

class Project;

class AnalysisExport {
public:
    // The named runs (all scored runs when empty), each with `judge` (or its only/first judge).
    static Result<QVector<RunAnalysis>> analyses(Database &db, const QStringList &runs = {}, const QString &judge = {}, ClosedDomain::Setting closedDomain = {});
    // DIR/<chart id>.<format> for each chart and format; returns the files written. With the
    // project's database, the registered metrics' chart (metrics.*) too.
    static Result<QStringList> writePlots(const QVector<RunAnalysis> &analyses, const QString &dir, const QStringList &formats, int dpi = 144,
                                          Database *db = nullptr);
    // The same for any charts (the IRT panels).
    static Result<QStringList> writeCharts(const QVector<ChartData> &charts, const QString &dir, const QStringList &formats, int dpi = 144);
    // DIR/report.html and DIR/summary.json (and DIR/report.pdf); returns the files written.
    // The one writer of the report: File → Export Report…, `assay-cli report` and `assay-cli
    // demo` all call it, and everything but the analyses and the exam's choice is read here from
    // the project. The "Exam and IRT" section is of `exam` (empty: ReportExam::defaultExam, the
    // one the Exams page opens on; none when the project has no exam), with `fit` when it is this
    // session's fit of that exam (ReportExam::read).
    static Result<QStringList> writeReport(Project &project, const QVector<RunAnalysis> &analyses, const QString &dir, bool pdf = false,
                                           const QString &exam = {}, const ExamIrtResult *fit = nullptr);
};

} // namespace assay
