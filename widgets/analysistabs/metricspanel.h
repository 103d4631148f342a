#pragma once
// Every registered metric for two runs, A against B (docs/METHODS.md §13; the Compare view's
// "All metrics" tab): per metric its module, A's and B's values with their 95% intervals and
// coverage, and A − B paired on the items both have a value for; a metric a run has no values
// for says why and what to click. A Chart view draws the metrics as bars (export: PNG, SVG,
// PDF). The list comes from MetricRegistry: a metric registered anywhere appears here.
#include "analysis/metricevaluator.h"

#include <QWidget>

#include <memory>

class QLabel;
class QTableWidget;

namespace assay {

class ChartPanel;
class Job;
class Project;

class MetricsPanel : public QWidget {
    Q_OBJECT
public:
    explicit MetricsPanel(Project *project, QWidget *parent = nullptr);
    ~MetricsPanel() override;

    // Evaluates every registered metric on runs a and b (judges as analysed) in the background.
    Job *compare(const QString &a, const QString &judgeA, const QString &b, const QString &judgeB);
    void clear(const QString &why);
    QTableWidget *table() const { return m_table; }
    ChartPanel *chart() const { return m_chart; }
    QString statusText() const;

signals:
    void jobStarted(assay::Job *job);
    void compared();

private:
    struct Loaded {
        QString a, b;
        MetricEvaluator::RunValues va, vb;
        QVector<GateResult> differences; // per registered metric
    };
    void show(const Loaded &loaded);

    Project *m_project;
    QLabel *m_status;
    QTableWidget *m_table;
    ChartPanel *m_chart;
    std::unique_ptr<Job> m_job;
};

} // namespace assay
