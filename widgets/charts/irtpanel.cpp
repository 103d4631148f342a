#include "irtpanel.h"

#include "chartpanel.h"
#include "commands/setexamirtcommand.h"
#include "commands/setexamitemstatecommand.h"
#include "core/job.h"
#include "exams/examirt.h"
#include "exams/examstore.h"
#include "exams/responsematrix.h"
#include "irt/irtguard.h"
#include "irt/irtcharts.h"
#include "project/project.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

namespace assay {

namespace {

IrtItem irtItem(const ExamItem &it) { return IrtItem{it.key, it.a.value_or(1), it.b.value_or(0), it.c.value_or(0)}; }

} // namespace

IrtPanel::IrtPanel(Project *project, QWidget *parent) : QWidget(parent), m_project(project)
{
    setObjectName(QStringLiteral("irtPanel"));
    m_model = new QComboBox(this);
    m_model->addItems({QStringLiteral("3pl"), QStringLiteral("2pl"), QStringLiteral("1pl")});
    m_model->setToolTip(tr("3PL: P = c + (1 − c)·σ(a(θ − b)); 2PL fixes c = 0; 1PL also a = 1"));
    m_bounds = new QComboBox(this);
    m_bounds->addItems({QStringLiteral("default"), QStringLiteral("exam-paper")});
    m_bounds->setToolTip(tr("default: a ∈ [0.25, 4], b ∈ [−4, 4], c ∈ [0, 0.5], θ ∈ [−4, 4]\n"
                            "exam-paper: a ∈ [0.5, 1.5], b ∈ [0.01, 1], c ∈ [0.2, 0.4], θ ∈ [−3, 3]"));
    m_hierarchical = new QCheckBox(tr("Abilities per factor level"), this);
    m_hierarchical->setToolTip(tr("θ of a taker = sum of the abilities of its LLM, retriever, k and ICL levels"));
    m_prior = new QCheckBox(tr("Priors"), this);
    m_prior->setObjectName(QStringLiteral("irtPrior"));
    m_prior->setToolTip(tr("Bayes modal instead of joint maximum likelihood: θ ~ N(0, 1), log a ~ N(0, 0.5²), b ~ N(0, 2²), "
                           "c ~ Beta(6, 16).\nJoint ML of the 3PL overfits small panels of takers (tens); the priors keep "
                           "low takers off the θ bound and the c's off their lucky answers."));
    m_steps = new QSpinBox(this);
    m_steps->setRange(0, 20);
    m_steps->setPrefix(tr("improve "));
    m_steps->setSuffix(tr(" step(s)"));
    m_steps->setToolTip(tr("After the first fit, drop the items whose a is at or below the quantile and refit, this many times"));
    m_quantile = new QDoubleSpinBox(this);
    m_quantile->setRange(0, 1);
    m_quantile->setSingleStep(0.05);
    m_quantile->setValue(0.1);
    m_quantile->setPrefix(tr("drop a ≤ q"));
    m_quantile->setToolTip(tr("The quantile of a (0–1 scale) at or below which a step drops items"));
    m_fit = new QPushButton(tr("Fit IRT"), this);
    m_fit->setObjectName(QStringLiteral("fitIrt"));
    m_rejectDropped = new QPushButton(tr("Reject dropped"), this);
    m_rejectDropped->setToolTip(tr("Reject the items the improvement steps dropped (undoable)"));
    m_rejectDropped->setEnabled(false);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_guard = new QLabel(this);
    m_guard->setObjectName(QStringLiteral("irtGuard"));
    m_guard->setWordWrap(true);
    m_guard->setStyleSheet(QStringLiteral("color: #a04000"));
    m_guard->hide();
    m_tabs = new QTabWidget(this);
    for (int c = 0; c < ChartCount; ++c)
        m_charts[c] = new ChartPanel(this);
    auto *selected = new QWidget(this);
    auto *pair = new QHBoxLayout(selected);
    pair->setContentsMargins(0, 0, 0, 0);
    pair->addWidget(m_charts[Characteristic]);
    pair->addWidget(m_charts[ItemInformation]);
    m_tabs->addTab(selected, tr("Selected items"));
    m_tabs->addTab(m_charts[TestInformation], tr("Test information"));
    m_tabs->addTab(m_charts[BloomInformation], tr("By Bloom level"));
    m_tabs->addTab(m_charts[TypeInformation], tr("By question type"));
    m_tabs->addTab(m_charts[Improvement], tr("Improvement"));
    m_tabs->addTab(m_charts[Abilities], tr("Abilities"));

    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("IRT:"), this));
    bar->addWidget(m_model);
    bar->addWidget(m_bounds);
    bar->addWidget(m_hierarchical);
    bar->addWidget(m_prior);
    bar->addWidget(m_steps);
    bar->addWidget(m_quantile);
    bar->addWidget(m_fit);
    bar->addWidget(m_rejectDropped);
    bar->addWidget(m_status, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_guard);
    layout->addWidget(m_tabs, 1);
    connect(m_fit, &QPushButton::clicked, this, &IrtPanel::fit);
    connect(m_model, &QComboBox::currentTextChanged, this, &IrtPanel::updateGuard);
    connect(m_prior, &QCheckBox::toggled, this, &IrtPanel::updateGuard);
    connect(m_rejectDropped, &QPushButton::clicked, this, &IrtPanel::rejectDropped);
    connect(m_project->exams(), &ExamCuration::changed, this, &IrtPanel::refresh);
}

IrtPanel::~IrtPanel()
{
    if (m_job) {
        m_job->cancel();
        m_job->wait();
    }
}

QVector<ChartData> IrtPanel::charts() const
{
    QVector<ChartData> out;
    for (int c = TestInformation; c < ChartCount; ++c) {
        const ChartData &d = m_charts[c]->data();
        const bool hasData = !d.categories.isEmpty() || std::any_of(d.series.cbegin(), d.series.cend(), [](const ChartSeries &s) { return !s.values.isEmpty(); });
        if (hasData)
            out << d;
    }
    return out;
}

bool IrtPanel::isBusy() const { return m_job && m_job->isRunning(); }
QString IrtPanel::statusText() const { return m_status->text(); }

void IrtPanel::setExam(const QString &exam)
{
    if (exam != m_exam) {
        m_exam = exam;
        m_selected.clear();
        showFit({});
    }
    refresh();
}

void IrtPanel::setSelectedItems(const QVector<ExamItem> &items)
{
    m_selected.clear();
    for (const ExamItem &it : items)
        if (it.a)
            m_selected << it;
    QVector<IrtItem> irt;
    for (const ExamItem &it : std::as_const(m_selected))
        irt << irtItem(it);
    const auto grid = IrtInformation::grid();
    ChartData icc = IrtCharts::characteristicCurves(irt, grid), info = IrtCharts::itemInformation(irt, grid);
    if (irt.isEmpty()) {
        const QString hint = items.isEmpty() ? tr("select items in the grid above") : tr("the selected items have no IRT parameters yet: Fit IRT");
        icc.subtitle = info.subtitle = hint;
    }
    m_charts[Characteristic]->setData(icc);
    m_charts[ItemInformation]->setData(info);
}

void IrtPanel::refresh()
{
    ExamStore store(m_project->database());
    auto id = store.idOf(m_exam);
    QVector<IrtItem> items;
    QHash<QString, QStringList> bloom, types;
    auto stored = id ? store.items(id.value()) : Result<QVector<ExamItem>>(QVector<ExamItem>());
    if (!stored)
        qWarning("IRT: the exam's items cannot be read: %s", qPrintable(stored.error()));
    if (stored)
        for (const ExamItem &it : stored.value()) {
            if (!it.a)
                continue;
            items << irtItem(it);
            bloom.insert(it.key, it.bloom.isEmpty() ? QStringList{QStringLiteral("Uncategorized")} : it.bloom);
            types.insert(it.key, {it.questionType.isEmpty() ? QStringLiteral("other") : it.questionType});
        }
    const auto grid = IrtInformation::grid();
    m_charts[TestInformation]->setData(IrtCharts::testInformation(items, grid));
    m_charts[BloomInformation]->setData(IrtCharts::groupInformation("bloom-information", tr("Information by Bloom level"), items, bloom, grid));
    m_charts[TypeInformation]->setData(IrtCharts::groupInformation("type-information", tr("Information by question type"), items, types, grid));
    if (!isBusy())
        m_status->setText(items.isEmpty() ? (id ? tr("No IRT parameters yet: click Take Exam… above and choose several students, then Fit IRT.") : QString())
                                          : tr("%1 accepted items have IRT parameters.").arg(items.size()));
    setSelectedItems(m_selected);
    updateGuard();
}

QString IrtPanel::guardText() const { return m_guard->isVisible() || !m_guard->text().isEmpty() ? m_guard->text() : QString(); }

void IrtPanel::updateGuard()
{
    // Said before the fit: too few students for the chosen model.
    auto data = m_exam.isEmpty() ? Result<IrtData>::failure(QString()) : ResponseMatrix::data(m_project->database(), m_exam);
    const QString warning = data ? IrtGuard::warning(int(data.value().students.size()), int(data.value().items.size()), data.value().answered(),
                                                     IrtOptions::modelFromName(m_model->currentText()).value(), m_prior->isChecked())
                                 : QString();
    m_guard->setText(warning);
    m_guard->setVisible(!warning.isEmpty());
}

void IrtPanel::showFit(const QVector<IrtStep> &steps)
{
    m_dropped.clear();
    for (const IrtStep &s : steps)
        m_dropped += s.dropped;
    m_rejectDropped->setEnabled(!m_dropped.isEmpty());
    m_rejectDropped->setText(m_dropped.isEmpty() ? tr("Reject dropped") : tr("Reject %n dropped", nullptr, int(m_dropped.size())));
    const auto grid = IrtInformation::grid();
    ChartData improvement = IrtCharts::improvement(steps, grid);
    ChartData abilities = IrtCharts::abilities(steps.isEmpty() ? IrtFit{} : steps.last().fit);
    if (steps.isEmpty())
        improvement.subtitle = tr("Fit IRT with improvement steps to compare them");
    if (abilities.categories.isEmpty())
        abilities.subtitle = tr("Fit IRT with abilities per factor level to see them");
    m_charts[Improvement]->setData(improvement);
    m_charts[Abilities]->setData(abilities);
}

void IrtPanel::rejectDropped()
{
    ExamStore store(m_project->database());
    auto examId = store.idOf(m_exam);
    if (!examId || m_dropped.isEmpty())
        return;
    const QSet<QString> dropped(m_dropped.cbegin(), m_dropped.cend());
    QVector<qint64> ids;
    auto items = store.items(examId.value());
    if (!items) {
        QMessageBox::warning(this, tr("Cannot drop items"), items.error());
        return;
    }
    for (const ExamItem &it : items.value())
        if (dropped.contains(it.key))
            ids << it.id;
    if (ids.isEmpty())
        return;
    QString error;
    auto *command = new SetExamItemStateCommand(m_project->exams(), ids, CurationState::Rejected);
    command->reportErrorsTo(&error);
    m_project->undoStack()->push(command);
    m_status->setText(error.isEmpty() ? tr("Rejected %1 items with low discrimination (Edit → Undo takes it back).").arg(ids.size()) : error);
}

void IrtPanel::fit()
{
    if (isBusy() || m_exam.isEmpty())
        return;
    IrtOptions options;
    options.model = IrtOptions::modelFromName(m_model->currentText()).value();
    options.bounds = m_bounds->currentText();
    options.hierarchical = m_hierarchical->isChecked();
    options.prior = m_prior->isChecked();
    const int steps = m_steps->value();
    const double quantile = m_quantile->value();
    const QString path = m_project->path(), exam = m_exam;
    auto result = std::make_shared<ExamIrtResult>();
    m_job = std::make_unique<Job>(tr("Fitting IRT on %1").arg(exam), [=](Job &job) {
        auto db = Project::openConnection(path);
        if (!db)
            return Status::failure(db.error());
        auto fitted = ExamIrt::fit(db.value(), exam, options, steps, quantile, &job);
        if (!fitted)
            return Status::failure(fitted.error());
        *result = fitted.take();
        return Status();
    });
    connect(m_job.get(), &Job::finished, this, [this, result](bool ok, const QString &message) {
        m_fit->setEnabled(true);
        if (!ok) {
            m_status->setText(tr("IRT fit failed: %1").arg(message));
            return;
        }
        const IrtFit &last = result->steps.last().fit;
        QString error;
        auto *command = new SetExamIrtCommand(m_project->exams(), result->examId, ExamIrt::parameters(result->steps),
                                              tr("Fit %1 IRT on %2").arg(last.model.toUpper(), result->exam));
        command->reportErrorsTo(&error);
        m_project->undoStack()->push(command);
        showFit(result->steps);
        m_status->setText(!error.isEmpty() ? error
                                           : tr("%1 fit of %2 items × %3 students: %4 in %5 s (nll %6, RMSE %7 vs %8 for mean accuracy)")
                                                 .arg(last.model.toUpper() + (last.estimator == QLatin1String("bayes-modal") ? tr(" Bayes modal") : QString())).arg(last.items.size()).arg(last.students.size())
                                                 .arg(last.converged ? tr("converged") : tr("not converged (%1)").arg(last.message))
                                                 .arg(last.seconds, 0, 'f', 2).arg(last.nll, 0, 'f', 1).arg(last.rmse, 0, 'f', 3).arg(last.baselineRmse, 0, 'f', 3));
        emit fitted();
    });
    m_fit->setEnabled(false);
    m_status->setText(tr("Fitting…"));
    emit jobStarted(m_job.get());
    m_job->start();
}

} // namespace assay
