#include "irtpanel.h"

#include "chartpanel.h"
#include "irtfitbar.h"
#include "commands/setexamirtcommand.h"
#include "commands/setexamitemstatecommand.h"
#include "core/job.h"
#include "exams/examirt.h"
#include "exams/examstore.h"
#include "exams/examvalidation.h"
#include "exams/responsematrix.h"
#include "irt/irtguard.h"
#include "irt/irtcharts.h"
#include "project/project.h"
#include "exams/examcuration.h"
#include "messagebar.h"

#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QCryptographicHash>
#include <QSettings>
#include <QSignalBlocker>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QToolButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTextDocument>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace assay {

namespace {

IrtItem irtItem(const ExamItem &it) { return IrtItem{it.key, it.a.value_or(1), it.b.value_or(0), it.c.value_or(0)}; }

// The model choice is remembered per project and exam.
QString modelKey(const QString &projectPath, const QString &exam)
{
    return QStringLiteral("irt/model/%1").arg(QString::fromLatin1(QCryptographicHash::hash((projectPath + QChar(0x1f) + exam).toUtf8(), QCryptographicHash::Sha1).toHex()));
}

// The stored parameters with the last fit's covariance, when that fit gave these same values.
IrtItem withCovariance(const ExamItem &stored, const QVector<IrtItem> &fitted)
{
    IrtItem it = irtItem(stored);
    for (const IrtItem &f : fitted)
        if (f.id == stored.key && std::abs(f.a - it.a) < 1e-9 && std::abs(f.b - it.b) < 1e-9 && std::abs(f.c - it.c) < 1e-9)
            it.covariance = f.covariance;
    return it;
}

} // namespace

IrtPanel::IrtPanel(Project *project, QWidget *parent) : QWidget(parent), m_project(project)
{
    setObjectName(QStringLiteral("irtPanel"));
    m_bar = new IrtFitBar(this);
    m_comparison = new QLabel(this);
    m_comparison->setObjectName(QStringLiteral("irtComparison"));
    m_comparison->setTextFormat(Qt::RichText);
    m_comparison->setWordWrap(true);
    m_comparison->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    // The summary is a tab beside the charts, not a pane above them: open, it squeezed the
    // charts to a sliver and the grid above under eight rows at 1366×768.
    m_comparisonPane = new QScrollArea(this);
    m_comparisonPane->setObjectName(QStringLiteral("irtComparisonPane"));
    m_comparisonPane->setWidget(m_comparison);
    m_comparisonPane->setWidgetResizable(true);
    m_comparisonPane->setFrameShape(QFrame::NoFrame);
    m_summaryToggle = new QToolButton(this);
    m_summaryToggle->setObjectName(QStringLiteral("irtSummaryToggle"));
    m_summaryToggle->setText(tr("Summary"));
    m_summaryToggle->setToolTip(tr("Show the fit's summary (its tab beside the charts): the models compared, tests, starts, bounds and misfits"));
    m_summaryToggle->hide();
    connect(m_summaryToggle, &QToolButton::clicked, this, [this] { m_tabs->setCurrentWidget(m_comparisonPane); });
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
    m_guard->setStyleSheet(QStringLiteral("color: %1").arg(MessageBar::colorName(MessageBar::Level::Warning)));
    m_guard->hide();
    buildCharts();
    // The model on one row, the improvement steps and the status on the next: a status squeezed
    // beside a dozen boxes wrapped into a narrow column.
    m_bar->addToModelRow(m_fit);
    m_bar->addToModelRow(m_summaryToggle);
    m_bar->addToImproveRow(m_rejectDropped);
    m_bar->addToImproveRow(m_status, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_bar);
    layout->addWidget(m_guard);
    layout->addWidget(m_tabs, 1);
    connect(m_fit, &QPushButton::clicked, this, &IrtPanel::fit);
    connect(m_bar->model(), &QComboBox::currentTextChanged, this, [this](const QString &model) {
        if (!m_exam.isEmpty())
            QSettings().setValue(modelKey(m_project->path(), m_exam), model);
        updateGuard();
    });
    connect(m_bar->estimator(), &QComboBox::currentIndexChanged, this, &IrtPanel::updateGuard);
    connect(m_rejectDropped, &QPushButton::clicked, this, &IrtPanel::rejectDropped);
    connect(m_project->service<ExamCuration>(), &ExamCuration::changed, this, &IrtPanel::refresh);
}

// One tab per chart of the fitted model.
void IrtPanel::buildCharts()
{
    m_tabs = new QTabWidget(this);
    // Below the item grid and the Exams page's tab bar: a little shorter than a page's chart.
    for (int c = 0; c < ChartCount; ++c)
        (m_charts[c] = new ChartPanel(this))->view()->setMinimumHeight(220);
    auto *selected = new QWidget(this);
    auto *pair = new QHBoxLayout(selected);
    pair->setContentsMargins(0, 0, 0, 0);
    pair->addWidget(m_charts[Characteristic]);
    pair->addWidget(m_charts[ItemInformation]);
    m_tabs->addTab(selected, tr("Selected items"));
    m_tabs->addTab(m_charts[TestInformation], tr("Test information"));
    m_tabs->addTab(m_charts[BloomInformation], tr("By Bloom level"));
    m_tabs->addTab(m_charts[TypeInformation], tr("By question type"));
    auto *errors = new QWidget(this);
    auto *errorPair = new QHBoxLayout(errors);
    errorPair->setContentsMargins(0, 0, 0, 0);
    errorPair->addWidget(m_charts[BloomError]);
    errorPair->addWidget(m_charts[TypeError]);
    m_tabs->addTab(errors, tr("Measurement error"));
    m_tabs->addTab(m_charts[Improvement], tr("Improvement"));
    m_tabs->addTab(m_charts[Abilities], tr("Abilities"));
    m_tabs->addTab(m_comparisonPane, tr("Fit summary"));
    m_tabs->setTabVisible(m_tabs->indexOf(m_comparisonPane), false); // until a fit in this session
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

QComboBox *IrtPanel::modelChooser() const { return m_bar->model(); }
QComboBox *IrtPanel::boundsChooser() const { return m_bar->bounds(); }
QCheckBox *IrtPanel::hierarchicalBox() const { return m_bar->hierarchical(); }
QComboBox *IrtPanel::estimatorChooser() const { return m_bar->estimator(); }
QSpinBox *IrtPanel::stepsBox() const { return m_bar->steps(); }
QComboBox *IrtPanel::dropRuleChooser() const { return m_bar->dropRule(); }

bool IrtPanel::isBusy() const { return m_job && m_job->isRunning(); }
QString IrtPanel::statusText() const { return m_status->text(); }

void IrtPanel::setExam(const QString &exam)
{
    if (exam != m_exam) {
        m_exam = exam;
        m_selected.clear();
        showFit({});
        const QSignalBlocker quiet(m_bar->model()); // choosing the remembered model is not a new choice
        m_bar->model()->setCurrentText(QSettings().value(modelKey(m_project->path(), exam), QStringLiteral("auto")).toString());
        // The settings the stored parameters were fitted with, when known, over this session's.
        auto id = m_project->service<ExamStore>()->idOf(exam);
        auto settings = id ? m_project->service<ExamStore>()->irtSettings(id.value()) : Result<nlohmann::json>(nlohmann::json());
        if (!settings)
            MessageBar::report(this, MessageBar::Level::Error, tr("The exam's fit settings cannot be read: %1").arg(settings.error()));
        m_settingsShown = settings && m_bar->show(settings.value());
        // A short form's items carry its parent's parameters: IRT is fitted on the parent.
        auto form = id ? m_project->service<ExamStore>()->shortForm(id.value()) : Result<ExamShortFormInfo>(ExamShortFormInfo());
        m_parent = form ? form.value().parent : QString();
        m_fit->setEnabled(m_parent.isEmpty() && !isBusy());
        m_fit->setToolTip(m_parent.isEmpty() ? QString() : tr("%1 is a short form: choose its parent %2 in the Exam box to fit IRT").arg(exam, m_parent));
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
        irt << withCovariance(it, m_lastItems);
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
    ExamStore &store = *m_project->service<ExamStore>();
    auto id = store.idOf(m_exam);
    QVector<IrtItem> items;
    QHash<QString, QStringList> bloom, types;
    auto stored = id ? store.items(id.value()) : Result<QVector<ExamItem>>(QVector<ExamItem>());
    if (!stored)
        MessageBar::report(this, MessageBar::Level::Error, tr("The exam's items cannot be read: %1").arg(stored.error()));
    if (stored)
        for (const ExamItem &it : stored.value()) {
            if (!it.a)
                continue;
            items << irtItem(it);
            bloom.insert(it.key, it.bloom.isEmpty() ? QStringList{QStringLiteral("Uncategorized")} : it.bloom);
            types.insert(it.key, {it.questionType.isEmpty() ? QStringLiteral("other") : it.questionType});
        }
    m_fittedModel = stored ? ExamIrt::storedModel(stored.value()) : QString();
    m_stored = stored ? stored.value() : QVector<ExamItem>();
    const auto grid = IrtInformation::grid();
    m_charts[TestInformation]->setData(IrtCharts::testInformation(items, grid));
    m_charts[BloomInformation]->setData(IrtCharts::groupInformation("bloom-information", tr("Information by Bloom level"), items, bloom, grid));
    m_charts[TypeInformation]->setData(IrtCharts::groupInformation("type-information", tr("Information by question type"), items, types, grid));
    m_charts[BloomError]->setData(IrtCharts::standardError("bloom-standard-error", tr("Measurement error by Bloom level"), items, bloom, grid));
    m_charts[TypeError]->setData(IrtCharts::standardError("type-standard-error", tr("Measurement error by question type"), items, types, grid));
    if (!isBusy() && !m_parent.isEmpty())
        m_status->setText(tr("%1 is a short form of %2: its %3 items keep the parameters of %2's fit, and IRT is fitted there. "
                             "Choose %2 in the Exam box to fit it again; the Short forms tab estimates this form's takes on it.")
                              .arg(m_exam, m_parent).arg(items.size()));
    else if (!isBusy())
        m_status->setText(items.isEmpty() ? (id ? tr("No IRT parameters yet: click Take Exam… above and choose several students, then Fit IRT.") : QString())
                                          : m_lastItems.isEmpty()
                                          // Parameters from an earlier session: the boxes show that fit's settings when they were kept.
                                          ? (m_settingsShown ? tr("%1 accepted items have IRT parameters from an earlier fit (%2), made with the settings "
                                                                  "shown; click Fit IRT to see the model comparison and the fit's diagnostics again.")
                                                             : tr("%1 accepted items have IRT parameters from an earlier fit (%2) whose settings were not "
                                                                  "kept: the boxes show this session's; click Fit IRT to see the model comparison and "
                                                                  "the fit's diagnostics again (it replaces the stored parameters)."))
                                                .arg(items.size()).arg(m_fittedModel.toUpper())
                                          : tr("%1 accepted items have IRT parameters.").arg(items.size()));
    setSelectedItems(m_selected);
    updateGuard();
    emit parametersShown(!items.isEmpty());
}

QString IrtPanel::guardText() const { return m_guard->isVisible() || !m_guard->text().isEmpty() ? m_guard->text() : QString(); }

void IrtPanel::updateGuard()
{
    // Said before the fit: too few students for the chosen model. Counted by the database,
    // not read: this runs on every change of the model or the priors box.
    auto counts = m_exam.isEmpty() ? Result<ResponseMatrix::Counts>::failure(QString()) : ResponseMatrix::counts(*m_project, m_exam);
    const bool taken = counts && counts.value().students > 0 && counts.value().items > 0;
    // Under auto the guard speaks of the model the last fit kept; before any fit, of the 1PL
    // (auto keeps a richer model only when BIC finds the data supports it).
    const QString choice = m_bar->model()->currentText();
    const IrtOptions::Model model = choice != QLatin1String("auto") ? IrtFitBar::modelOf(choice)
                                    : !m_fittedModel.isEmpty()      ? IrtFitBar::modelOf(m_fittedModel)
                                                                    : IrtOptions::Model::OnePL;
    const QString warning = taken ? IrtGuard::warning(counts.value().students, counts.value().items, counts.value().answered, model, m_bar->estimator()->currentData().toString() != QLatin1String("jml"))
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

ExamIrtResult IrtPanel::reportResult() const
{
    ExamIrtResult r = m_lastResult && m_lastResult->exam == m_exam ? *m_lastResult : ExamIrt::fromStored(m_exam, m_stored);
    auto v = ExamValidation::stored(m_project->database(), m_exam);
    r.validation = v ? v.take() : nlohmann::json{{"error", v.error().toStdString()}};
    return r;
}

QWidget *IrtPanel::summaryTab() const { return m_comparisonPane; }

QString IrtPanel::comparisonText() const
{
    QTextDocument document;
    document.setHtml(m_comparison->text());
    return document.toPlainText();
}

void IrtPanel::showComparison(const QVector<IrtStep> &steps)
{
    if (steps.isEmpty()) {
        m_comparison->clear();
        m_tabs->setTabVisible(m_tabs->indexOf(m_comparisonPane), false);
        m_summaryToggle->hide();
        return;
    }
    const IrtFit &first = steps.first().fit, &last = steps.last().fit;
    // Numbers right-aligned with a gutter before each column, so that they never run together.
    const QString num = QStringLiteral("align='right' style='padding-left:16px'");
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='2'><tr><th align='left'>%1</th><th %3>−log L marginal</th>"
                                  "<th %3>%2</th><th %3>AIC</th><th %3>BIC</th></tr>")
                       .arg(tr("model"), tr("parameters"), num);
    for (const IrtModelRow &r : first.comparison)
        html += QStringLiteral("<tr><td>%1%2</td><td %7>%3</td><td %7>%4</td><td %7>%5</td><td %7>%6</td></tr>")
                    .arg(r.model.toUpper(), r.model == first.model ? tr(" (fitted)") : QString())
                    .arg(r.nll, 0, 'f', 1).arg(r.parameters).arg(r.aic, 0, 'f', 1).arg(r.bic, 0, 'f', 1).arg(num);
    if (const IrtTwoDimFit &two = first.twoDimensional; two.computed) // Compare two abilities (docs/METHODS.md §9.18)
        html += QStringLiteral("<tr><td>%1</td><td %6>%2</td><td %6>%3</td><td %6>%4</td><td %6>%5</td></tr>")
                    .arg(tr("2-D 2PL"))
                    .arg(two.nll, 0, 'f', 1).arg(two.parameters).arg(two.aic, 0, 'f', 1).arg(two.bic, 0, 'f', 1).arg(num);
    html += QStringLiteral("</table>");
    QStringList notes;
    notes << tr("Compared by marginal ML: θ ~ N(0, 1) integrated out (%1 s)").arg(first.comparisonSeconds(), 0, 'f', 1);
    for (const IrtLrTest &t : first.lrTests)
        notes << tr("LR test %1 → %2: χ² %3 on %4 df, p %5").arg(t.from.toUpper(), t.to.toUpper()).arg(t.statistic, 0, 'f', 1).arg(t.df).arg(t.p, 0, 'g', 3);
    if (!first.choice.isEmpty())
        notes << first.choice;
    if (first.dimensionality.computed) // is one ability enough (docs/METHODS.md §9.17)
        notes << first.dimensionality.summary();
    if (const QString two = first.twoDimensional.summary(); !two.isEmpty())
        notes << two;
    if (const QString rank = last.dimensionality.rankingNote(); !rank.isEmpty())
        notes << rank;
    if (m_lastResult && m_lastResult->exam == m_exam) // why a taker scores below the IR students (docs/METHODS.md §9.19)
        notes << m_lastResult->takerNotes;
    notes << tr("best of %1 starts; %2 distinct %3").arg(first.starts).arg(first.optimaFound).arg(first.optimaFound == 1 ? tr("optimum") : tr("optima"));
    int misfits = 0;
    for (const IrtItem &it : last.items)
        misfits += it.misfit() ? 1 : 0;
    notes << tr("%1 of %2 parameters on a bound (%3%)").arg(last.parametersOnBound).arg(last.parameterCount)
                 .arg(last.parameterCount ? 100.0 * last.parametersOnBound / last.parameterCount : 0.0, 0, 'f', 1);
    notes << (last.itemFitNote.isEmpty() ? tr("%1 misfitting items (S-X² p adjusted < 0.05, marked ⚠ in the grid)").arg(misfits) : last.itemFitNote);
    // The search's other warnings; the guard's is already shown above, and the bound share
    // said is the final fit's.
    for (const QString &w : first.warnings)
        if (!notes.contains(w) && w != m_guard->text() && !w.contains(QLatin1String("sit on a bound")) && w != first.dimensionality.warning())
            notes << w;
    QStringList escaped;
    for (const QString &n : std::as_const(notes))
        escaped << n.toHtmlEscaped();
    // The table and the notes side by side.
    m_comparison->setText(QStringLiteral("<table cellspacing='0' cellpadding='0'><tr><td valign='top'>%1</td><td width='24'></td><td valign='top'>%2</td></tr></table>")
                              .arg(html, escaped.join(QStringLiteral("<br>"))));
    m_summaryToggle->show();
    m_tabs->setTabVisible(m_tabs->indexOf(m_comparisonPane), true);
    m_tabs->setCurrentWidget(m_comparisonPane); // what the fit found, first
}

void IrtPanel::rejectDropped()
{
    ExamStore &store = *m_project->service<ExamStore>();
    auto examId = store.idOf(m_exam);
    if (!examId || m_dropped.isEmpty())
        return;
    const QSet<QString> dropped(m_dropped.cbegin(), m_dropped.cend());
    QVector<qint64> ids;
    auto items = store.items(examId.value());
    if (!items) {
        MessageBar::report(this, MessageBar::Level::Error, tr("Cannot drop items: %1").arg(items.error()));
        return;
    }
    for (const ExamItem &it : items.value())
        if (dropped.contains(it.key))
            ids << it.id;
    if (ids.isEmpty())
        return;
    QString error;
    auto *command = new SetExamItemStateCommand(m_project->service<ExamCuration>(), ids, CurationState::Rejected);
    command->reportErrorsTo(&error);
    m_project->undoStack()->push(command);
    m_status->setText(error.isEmpty() ? tr("Rejected %1 items the improvement steps dropped (Edit → Undo takes it back).").arg(ids.size()) : error);
}

void IrtPanel::fit()
{
    if (isBusy() || m_exam.isEmpty() || !m_parent.isEmpty())
        return;
    auto request = m_bar->request();
    if (!request) {
        m_status->setText(request.error());
        return;
    }
    const IrtOptions options = request.value().options;
    const int steps = request.value().steps;
    const IrtDropRule rule = request.value().rule;
    const QString path = m_project->path(), exam = m_exam;
    auto result = std::make_shared<ExamIrtResult>();
    m_job = std::make_unique<Job>(tr("Fitting IRT on %1").arg(exam), [=](Job &job) {
        auto db = Project::openConnection(path);
        if (!db)
            return Status::failure(db.error());
        auto fitted = ExamIrt::fit(db.value(), exam, options, steps, rule, &job);
        if (!fitted)
            return Status::failure(fitted.error());
        *result = fitted.take();
        return Status();
    });
    const nlohmann::json settings = ExamIrt::settings(options, steps, rule);
    connect(m_job.get(), &Job::finished, this, [this, result, settings](bool ok, const QString &message) {
        m_fit->setEnabled(m_parent.isEmpty());
        if (!ok) {
            m_status->setText(tr("IRT fit failed: %1").arg(message));
            return;
        }
        const IrtFit &last = result->steps.last().fit;
        QString error;
        auto *command = new SetExamIrtCommand(m_project->service<ExamCuration>(), result->examId, {ExamIrt::parameters(result->steps), settings},
                                              tr("Fit %1 IRT on %2").arg(last.model.toUpper(), result->exam));
        command->reportErrorsTo(&error);
        m_project->undoStack()->push(command);
        m_lastItems = last.items;
        m_lastResult = result;
        m_fittedModel = last.model;
        updateGuard();
        showComparison(result->steps);
        showFit(result->steps);
        m_status->setText(!error.isEmpty() ? error
                                           : tr("%1 fit of %2 items × %3 students: %4 in %5 s (nll %6, RMSE %7 vs %8 for mean accuracy)")
                                                 .arg(last.model.toUpper() + (last.estimator == QLatin1String("bayes-modal") ? tr(" Bayes modal") : last.estimator == QLatin1String("mml") ? tr(" marginal ML") : QString())).arg(last.items.size()).arg(last.students.size())
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
