#include "progressarea.h"

#include "core/etaestimator.h"
#include "core/job.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QToolButton>

namespace assay {

ProgressArea::ProgressArea(QWidget *parent)
    : QWidget(parent), m_title(new QLabel(this)), m_bar(new QProgressBar(this)), m_detail(new QLabel(this)), m_eta(new QLabel(this)),
      m_cancel(new QToolButton(this))
{
    setObjectName(QStringLiteral("progressArea"));
    m_bar->setFixedWidth(180);
    m_bar->setTextVisible(true);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setObjectName(QStringLiteral("cancelJob"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_bar);
    layout->addWidget(m_detail);
    layout->addWidget(m_eta);
    layout->addWidget(m_cancel);
    hide();
    connect(m_cancel, &QToolButton::clicked, this, [this] {
        if (m_job) {
            m_job->cancel();
            m_cancel->setEnabled(false);
            m_eta->setText(tr("cancelling…"));
        }
    });
}

void ProgressArea::track(Job *job)
{
    m_job = job;
    m_title->setText(job->title());
    m_bar->setRange(0, 0);
    m_eta->clear();
    m_detail->clear();
    m_cancel->setEnabled(true);
    show();
    connect(job, &Job::progressChanged, this, &ProgressArea::update);
    connect(job, &Job::finished, this, [this, job](bool, const QString &) {
        if (m_job == job)
            hide();
    });
}

QString ProgressArea::etaText() const { return m_eta->text(); }
QString ProgressArea::titleText() const { return m_title->text(); }
QString ProgressArea::detailText() const { return m_detail->text(); }

void ProgressArea::update(qint64 done, qint64 total, const QString &detail, double etaSeconds)
{
    if (total > 0) {
        // QProgressBar is int-based; scale to per-mille so totals beyond 2^31 still work.
        m_bar->setRange(0, 1000);
        m_bar->setValue(int(1000.0 * double(done) / double(total)));
        // With a detail the counts are in it (a job may count in finer units than it shows).
        m_bar->setFormat(detail.isEmpty() ? QStringLiteral("%1 / %2").arg(done).arg(total) : QStringLiteral("%p%"));
    }
    m_detail->setText(detail);
    m_eta->setText(EtaEstimator::describe(etaSeconds));
    m_bar->setToolTip(detail);
}

} // namespace assay
