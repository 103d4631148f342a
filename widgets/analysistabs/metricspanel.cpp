#include "analysistabs/metricspanel.h"

#include "analysis/metriccharts.h"
#include "charts/chartpanel.h"
#include "core/job.h"
#include "project/project.h"
#include "runs/runstore.h"

#include <QHeaderView>
#include <QLabel>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace assay {

namespace {

QString shownValue(const Metric &m, double v)
{
    if (std::isnan(v))
        return QObject::tr("n/a");
    return m.share() ? QString::number(100 * v, 'f', 1) : QString::number(v, 'g', 4);
}

// A figure's cell: the value, and on hover its interval and what it covers or why it is missing.
QTableWidgetItem *figureItem(const Metric &m, const MetricEvaluator::Figure &f, int items)
{
    auto *item = new QTableWidgetItem(f.missing.isEmpty() ? shownValue(m, f.value) : QObject::tr("n/a"));
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    if (!f.missing.isEmpty()) {
        item->setToolTip(QObject::tr("No value: %1").arg(f.missing));
        item->setForeground(Qt::gray);
        return item;
    }
    if (f.n == 0) {
        item->setToolTip(QObject::tr("No item has a value: %1 of %2 items do not apply (no response, or not checked), %3 unknown, %4 failed")
                             .arg(f.notApplicable)
                             .arg(items)
                             .arg(f.unknown)
                             .arg(f.failed));
        item->setForeground(Qt::gray);
        return item;
    }
    item->setToolTip(QObject::tr("95% interval %1 to %2; over %3 of %4 items (%5 unknown, %6 not applicable, %7 failed)")
                         .arg(shownValue(m, f.low), shownValue(m, f.high))
                         .arg(f.n)
                         .arg(items)
                         .arg(f.unknown)
                         .arg(f.notApplicable)
                         .arg(f.failed));
    return item;
}

} // namespace

MetricsPanel::MetricsPanel(Project *project, QWidget *parent)
    : QWidget(parent), m_project(project), m_status(new QLabel(this)), m_table(new QTableWidget(this)), m_chart(new ChartPanel(this))
{
    setObjectName(QStringLiteral("metricsPanel"));
    m_table->setObjectName(QStringLiteral("metricsTable"));
    m_chart->setObjectName(QStringLiteral("metricsChart"));
    m_status->setObjectName(QStringLiteral("metricsStatus"));
    m_status->setWordWrap(true);
    const QStringList headers{tr("Metric"), tr("Module"), tr("A"), tr("B"), tr("A − B (95% interval)"), tr("Compared")};
    m_table->setColumnCount(int(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->horizontalHeaderItem(2)->setToolTip(tr("Run A's mean over its items with a known value (shares ×100); hover a cell for its interval and coverage"));
    m_table->horizontalHeaderItem(4)->setToolTip(tr("Paired on the items both runs have a value for; the interval resamples semantic groups"));
    m_table->horizontalHeaderItem(5)->setToolTip(tr("Items both runs have a value for"));
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    auto *views = new QTabWidget(this);
    views->setObjectName(QStringLiteral("metricsViews"));
    views->setDocumentMode(true);
    views->addTab(m_table, tr("Table"));
    views->addTab(m_chart, tr("Chart"));
    views->setTabToolTip(1, tr("The metrics as bars with their 95% intervals, A and B side by side; right-click to export it"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(m_status);
    layout->addWidget(views, 1);
    clear(tr("Choose two different runs above: every metric of A is set against B."));
}

MetricsPanel::~MetricsPanel()
{
    if (m_job && m_job->isRunning()) {
        m_job->cancel();
        m_job->wait();
    }
}

QString MetricsPanel::statusText() const { return m_status->text(); }

void MetricsPanel::clear(const QString &why)
{
    m_table->setRowCount(0);
    m_chart->setData(ChartData{});
    m_status->setText(why);
}

Job *MetricsPanel::compare(const QString &a, const QString &judgeA, const QString &b, const QString &judgeB)
{
    if (m_job && m_job->isRunning())
        Job::abandon(std::move(m_job), this); // the newer choice wins; the old one ends on its own
    const QString path = m_project->path();
    auto loaded = std::make_shared<Loaded>();
    loaded->a = a;
    loaded->b = b;
    m_status->setText(tr("Evaluating every metric on %1 and %2…").arg(a, b));
    m_job = std::make_unique<Job>(tr("Metrics of %1 and %2").arg(a, b), [=](Job &job) {
        auto project = Project::openForJob(path);
        if (!project)
            return Status::failure(project);
        Database &db = project.value()->database();
        const QVector<const Metric *> metrics = MetricEvaluator::registered();
        for (const auto &[name, judge, out] : {std::tuple{a, judgeA, &loaded->va}, std::tuple{b, judgeB, &loaded->vb}}) {
            auto id = RunStore(db).idOf(name);
            if (!id)
                return Status::failure(id);
            MetricEvaluator::Options options;
            options.judge = judge;
            options.checker = loaded->va.checker; // B's claims of A's checker (empty for A: its own default)
            auto values = MetricEvaluator::evaluate(db, id.value(), metrics, options);
            if (!values)
                return Status::failure(values);
            *out = values.take();
            if (job.isCancelled())
                return Status::cancelled();
        }
        for (const Metric *m : metrics)
            loaded->differences << MetricEvaluator::compare(loaded->va, loaded->vb, *m, GateOptions{});
        return Status();
    });
    connect(m_job.get(), &Job::finished, this, [this, loaded](bool ok, const QString &message) {
        if (!ok) {
            clear(tr("The metrics could not be evaluated: %1").arg(message));
            return;
        }
        show(*loaded);
        emit compared();
    });
    emit jobStarted(m_job.get());
    m_job->start();
    return m_job.get();
}

void MetricsPanel::show(const Loaded &l)
{
    const QVector<const Metric *> metrics = MetricEvaluator::registered();
    m_table->setRowCount(0);
    int withValues = 0;
    for (int i = 0; i < metrics.size(); ++i) {
        const Metric &m = *metrics[i];
        const MetricEvaluator::Figure fa = MetricEvaluator::figure(l.va, m), fb = MetricEvaluator::figure(l.vb, m);
        withValues += fa.n > 0 || fb.n > 0;
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        auto *name = new QTableWidgetItem(m.label());
        name->setToolTip(tr("%1 (%2; %3 is better). %4").arg(m.name(), m.module(), m.higherIsBetter() ? tr("higher") : tr("lower"), m.glossary()));
        m_table->setItem(row, 0, name);
        m_table->setItem(row, 1, new QTableWidgetItem(m.module()));
        m_table->setItem(row, 2, figureItem(m, fa, int(l.va.items.size())));
        m_table->setItem(row, 3, figureItem(m, fb, int(l.vb.items.size())));
        const GateResult &d = l.differences.value(i);
        QString text = tr("n/a");
        QString tip = tr("No item has a value in both runs");
        if (d.shared > 0 && !std::isnan(d.difference)) {
            text = QStringLiteral("%1%2 [%3, %4]").arg(d.difference >= 0 ? QStringLiteral("+") : QString(), shownValue(m, d.difference), shownValue(m, d.low),
                                                      shownValue(m, d.high));
            const bool better = m.higherIsBetter() ? d.low > 0 : d.high < 0;
            const bool worse = m.higherIsBetter() ? d.high < 0 : d.low > 0;
            tip = better ? tr("A is better: the interval excludes 0") : worse ? tr("A is worse: the interval excludes 0") : tr("The interval includes 0: no difference shown");
        }
        auto *diff = new QTableWidgetItem(text);
        diff->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        diff->setToolTip(tip);
        m_table->setItem(row, 4, diff);
        auto *shared = new QTableWidgetItem(QString::number(d.shared));
        shared->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, 5, shared);
    }
    m_chart->setData(MetricCharts::metrics({l.va, l.vb}, {QStringLiteral("A: %1").arg(l.a), QStringLiteral("B: %1").arg(l.b)}, metrics));
    m_status->setText(tr("<b>A</b> %1 against <b>B</b> %2%5: %3 of %4 registered metrics have values on these runs. Hover a metric for what it "
                         "measures, an n/a for what is missing (claim metrics: Analysis → Grounding → Claims, Check Claims).")
                          .arg(l.a.toHtmlEscaped(), l.b.toHtmlEscaped())
                          .arg(withValues)
                          .arg(metrics.size())
                          .arg(l.va.checker.isEmpty() ? QString() : tr(" (claims of checker %1)").arg(l.va.checker.toHtmlEscaped())));
}

} // namespace assay
