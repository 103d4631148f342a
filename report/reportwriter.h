#pragma once
// Writes the self-contained HTML report of a project (inline CSS, no external resources) so it
// can be mailed or attached as it is.
#include "analysis/runanalysis.h"
#include "core/result.h"
#include "exams/examirt.h"

#include <optional>

#include <QPair>
#include <QString>

#include <nlohmann/json_fwd.hpp>

namespace assay {

class Project;

class ReportWriter {
public:
    explicit ReportWriter(const Project &project);
    // Scored runs: run configurations, metrics, and their top failing groups with examples.
    void setAnalyses(const QVector<RunAnalysis> &analyses) { m_analyses = analyses; }
    // Charts as SVG documents (title, SVG), inlined in the report.
    void setCharts(const QVector<QPair<QString, QByteArray>> &charts) { m_charts = charts; }
    // The exam's charts, inlined in its section: the IRT fit's after the fit, the short forms'
    // beside their validation table.
    void setExamCharts(const QVector<QPair<QString, QByteArray>> &irt, const QVector<QPair<QString, QByteArray>> &shortForms)
    {
        m_irtCharts = irt;
        m_shortFormCharts = shortForms;
    }
    // The exam's IRT fit, for the "Exam and IRT" section (ExamSection).
    void setExam(const ExamIrtResult &exam) { m_exam = exam; }
    Result<QString> html(bool withCharts = true) const;
    Status writeHtml(const QString &path) const;
    // The metrics of every analysed run, for scripts (summary.json).
    nlohmann::json summary() const;

private:
    Result<QString> runsSection() const; // query sets, runs, labels, the exam, charts, failing groups
    Result<QString> runTables() const;
    QString failingGroups(const RunAnalysis &run, int limit) const;
    static QString figures(const QVector<QPair<QString, QByteArray>> &charts); // inline SVG figures
    const Project &m_project;
    QVector<RunAnalysis> m_analyses;
    QVector<QPair<QString, QByteArray>> m_charts, m_irtCharts, m_shortFormCharts;
    std::optional<ExamIrtResult> m_exam;
};

} // namespace assay
