#include "examtabs/irtpanel.h"

#include "charts/chartpanel.h"
#include "examtabs/irtfitbar.h"
#include "examtabs/irtsummaryview.h"
#include "commands/setexamirtcommand.h"
#include "commands/setexamitemstatecommand.h"
#include "core/job.h"
#include "exams/examirt.h"
#include "exams/examstore.h"
#include "exams/responsematrix.h"
#include "irt/irtfitsummary.h"
#include "irt/irtguard.h"
#include "irt/irtcharts.h"
#include "project/project.h"
#include "exams/examcuration.h"
#include "clampedlabel.h"
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
#include <QTabBar>
#include <QTabWidget>
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
    // The summary is a tab beside the charts, not a pane above them: open, it squeezed the
    // charts to a sliver and the grid above under eight rows at 1366×768.
    m_summary = new IrtSummaryView(this);
    m_summaryToggle = new QToolButton(this);
    m_summaryToggle->setObjectName(QStringLiteral("irtSummaryToggle"));
    m_summaryToggle->setText(tr("Summary"));
    m_summaryToggle->setToolTip(tr("Show the fit's summary (its tab beside the charts): the models compared, tests, starts, bounds and misfits"));
    m_summaryToggle->hide();
    connect(m_summaryToggle, &QToolButton::clicked, this, [this] { m_tabs->setCurrentWidget(m_summary); });
    m_fit = new QPushButton(tr("Fit IRT"), this);
    m_fit->setObjectName(QStringLiteral("fitIrt"));
    m_rejectDropped = new QPushButton(tr("Reject dropped"), this);
    m_rejectDropped->setToolTip(tr("Reject the items the improvement steps dropped (undoable)"));
    m_rejectDropped->setEnabled(false);
    // Three lines at most under the fit's boxes; the tooltip holds a longer status whole.
    m_status = new ClampedLabel(3, this);
    m_status->setObjectName(QStringLiteral("irtStatus"));
    m_guard = new QLabel(this);
    m_guard->setObjectName(QStringLiteral("irtGuard"));
    m_guard->setWordWrap(true);
    m_guard->setStyleSheet(QStringLiteral("color: %1").arg(MessageBar::colorName(MessageBar::Level::Warning)));
    m_guard->hide();
    buildCharts();
    m_bar->addToActionRow(m_fit);
    m_bar->addToActionRow(m_summaryToggle);
    m_bar->addToLastRow(m_rejectDropped);
    auto *choice = new QHBoxLayout;
    auto *chartLabel = new QLabel(tr("&Chart:"), this);
    chartLabel->setBuddy(m_chartChoice);
    choice->addWidget(chartLabel);
    choice->addWidget(m_chartChoice);
    choice->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_bar);
    layout->addWidget(m_status);
    layout->addWidget(m_guard);
    layout->addLayout(choice);
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

// One page per chart of the fitted model, chosen in the Chart box: the pane beside the Exams
// grid is too narrow for nine tabs in a row (their bar would scroll), so the tab bar is hidden
// and the box lists the pages that show.
void IrtPanel::buildCharts()
{
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    for (int c = 0; c < ChartCount; ++c)
        (m_charts[c] = new ChartPanel(this))->view()->setMinimumHeight(220);
    m_tabs->addTab(m_charts[Characteristic], tr("Characteristic curves of the selected items"));
    m_tabs->addTab(m_charts[ItemInformation], tr("Information curves of the selected items"));
    m_tabs->addTab(m_charts[TestInformation], tr("Test information"));
    m_tabs->addTab(m_charts[BloomInformation], tr("Information by Bloom level"));
    m_tabs->addTab(m_charts[TypeInformation], tr("Information by question type"));
    m_tabs->addTab(m_charts[BloomError], tr("Measurement error by Bloom level"));
    m_tabs->addTab(m_charts[TypeError], tr("Measurement error by question type"));
    m_tabs->addTab(m_charts[Improvement], tr("Improvement steps"));
    m_tabs->addTab(m_charts[Abilities], tr("Abilities of the takers"));
    m_tabs->addTab(m_summary, tr("Fit summary"));
    m_tabs->setTabVisible(m_tabs->indexOf(m_summary), false); // until a fit, stored or of this session
    m_tabs->tabBar()->hide();
    m_chartChoice = new QComboBox(this);
    m_chartChoice->setObjectName(QStringLiteral("irtChartChoice"));
    m_chartChoice->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_chartChoice->setToolTip(tr("Which chart of the fitted model to show"));
    connect(m_chartChoice, &QComboBox::currentIndexChanged, this, [this](int at) { m_tabs->setCurrentIndex(m_chartChoice->itemData(at).toInt()); });
    connect(m_tabs, &QTabWidget::currentChanged, this, &IrtPanel::listCharts);
    listCharts();
}

// The Chart box lists the pages that show, the current one chosen.
void IrtPanel::listCharts()
{
    const QSignalBlocker blocker(m_chartChoice);
    m_chartChoice->clear();
    for (int t = 0; t < m_tabs->count(); ++t)
        if (m_tabs->isTabVisible(t)) {
            m_chartChoice->addItem(m_tabs->tabText(t), t);
            if (t == m_tabs->currentIndex())
                m_chartChoice->setCurrentIndex(m_chartChoice->count() - 1);
        }
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
QString IrtPanel::statusText() const { return m_status->fullText(); }

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
        const QString hint = items.isEmpty() ? tr("select items in the grid") : tr("the selected items have no IRT parameters yet: Fit IRT");
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
        m_status->setFullText(tr("%1 is a short form of %2: its %3 items keep the parameters of %2's fit, and IRT is fitted there. "
                             "Choose %2 in the Exam box to fit it again; the Short forms tab estimates this form's takes on it.")
                              .arg(m_exam, m_parent).arg(items.size()));
    auto settings = id && !items.isEmpty() ? store.irtSettings(id.value()) : Result<nlohmann::json>(nlohmann::json());
    const bool summaryStored = settings && settings.value().is_object() && settings.value().contains("summary");
    m_storedFit = settings ? ExamIrt::storedItemFit(settings.value()) : QVector<IrtItem>();
    if (!isBusy() && m_parent.isEmpty())
        m_status->setFullText(items.isEmpty() ? (id ? tr("No IRT parameters yet: click Take Exam… above and choose several students, then Fit IRT.") : QString())
                          : !m_lastItems.isEmpty() ? tr("%1 accepted items have IRT parameters.").arg(items.size())
                          // Parameters from an earlier session: the boxes show that fit's settings when they were kept.
                          : summaryStored  ? tr("%1 accepted items have IRT parameters from an earlier fit (%2), made with the settings shown; "
                                                "Fit summary in the Chart box shows what it found.").arg(items.size()).arg(m_fittedModel.toUpper())
                          : m_settingsShown ? tr("%1 accepted items have IRT parameters from an earlier fit (%2), made with the settings "
                                                 "shown; click Fit IRT to see the model comparison and the fit's diagnostics again.").arg(items.size()).arg(m_fittedModel.toUpper())
                                            : tr("%1 accepted items have IRT parameters from an earlier fit (%2) whose settings were not "
                                                 "kept: the boxes show this session's; click Fit IRT to see the model comparison and "
                                                 "the fit's diagnostics again (it replaces the stored parameters).").arg(items.size()).arg(m_fittedModel.toUpper()));
    showStoredSummary(settings ? settings.value() : nlohmann::json(), int(items.size()));
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
    ChartData abilities = IrtCharts::abilities(steps.isEmpty() ? IrtFit{} : steps.last().fit, m_lastResult && !steps.isEmpty() ? m_lastResult->data : IrtData());
    // The project keeps a fit's parameters and summary, not its steps or abilities: those of a
    // fit made in an earlier session show after Fit IRT.
    if (steps.isEmpty())
        improvement.subtitle = tr("Click Fit IRT (with improve 1 step(s) or more) to see the steps: the project keeps a fit's parameters, not its steps");
    if (abilities.categories.isEmpty())
        abilities.subtitle = m_lastResult ? tr("Tick Abilities per factor level and click Fit IRT to see them")
                                          : tr("Click Fit IRT to see them: the project keeps a fit's parameters, not its takers' abilities");
    m_charts[Improvement]->setData(improvement);
    m_charts[Abilities]->setData(abilities);
}

std::shared_ptr<const ExamIrtResult> IrtPanel::sessionFit() const { return m_lastResult && m_lastResult->exam == m_exam ? m_lastResult : nullptr; }

QWidget *IrtPanel::summaryTab() const { return m_summary; }

QVector<IrtItem> IrtPanel::fitDiagnostics() const { return m_lastResult && m_lastResult->exam == m_exam ? ExamIrt::lastHeld(m_lastResult->steps) : m_storedFit; }

QString IrtPanel::comparisonText() const { return m_summary->plainText(); }

bool IrtPanel::summaryShown() const { return m_tabs->isTabVisible(m_tabs->indexOf(m_summary)); }

void IrtPanel::showSummary(const nlohmann::json &summary, const QString &lead, bool current)
{
    const bool shown = summary.is_object() || !lead.isEmpty();
    if (!shown)
        m_summary->clear();
    else if (summary.is_object())
        m_summary->showSummary(summary, lead);
    else
        m_summary->showWithout(lead);
    m_summaryToggle->setVisible(shown);
    m_tabs->setTabVisible(m_tabs->indexOf(m_summary), shown);
    listCharts();
    if (shown && current)
        m_tabs->setCurrentWidget(m_summary); // what the fit found, first
}

// The summary of the fit whose parameters are stored, when none of this session's is shown:
// stored beside them, or else what they say and the click that brings the rest back.
void IrtPanel::showStoredSummary(const nlohmann::json &settings, int items)
{
    if (m_lastResult && m_lastResult->exam == m_exam)
        return; // this session's fit of the exam is shown
    if (items == 0 || !m_parent.isEmpty())
        return showSummary({});
    if (settings.is_object() && settings.contains("summary") && settings["summary"].is_object())
        return showSummary(settings["summary"], tr("The fit stored with the parameters of %1 accepted items (%2), as it was made.%3")
                                                    .arg(items)
                                                    .arg(m_fittedModel.toUpper())
                                                    // A fit stored before the item diagnostics were kept: the grid cannot mark its misfits.
                                                    .arg(m_storedFit.isEmpty() ? tr(" Its item fit was not stored with it, so the grid shows no S-X² or standard "
                                                                                    "errors: click Fit IRT to compute them again.")
                                                                               : QString()));
    showSummary({}, tr("%1 accepted items carry %2 parameters from an earlier fit%3.")
                        .arg(items)
                        .arg(m_fittedModel.toUpper())
                        .arg(settings.is_object() && settings.contains("bounds")
                                 ? tr(" (bounds %1, %2 improvement step(s))").arg(QString::fromStdString(settings.value("bounds", std::string()))).arg(settings.value("steps", 0))
                                 : QString()));
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
    m_status->setFullText(error.isEmpty() ? tr("Rejected %1 items the improvement steps dropped (Edit → Undo takes it back).").arg(ids.size()) : error);
}

void IrtPanel::fit()
{
    if (isBusy() || m_exam.isEmpty() || !m_parent.isEmpty())
        return;
    auto request = m_bar->request();
    if (!request) {
        m_status->setFullText(request.error());
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
    connect(m_job.get(), &Job::finished, this, [this, result, settings = ExamIrt::settings(options, steps, rule)](bool ok, const QString &message) mutable {
        m_fit->setEnabled(m_parent.isEmpty());
        if (!ok) {
            m_status->setFullText(tr("IRT fit failed: %1").arg(message));
            return;
        }
        const IrtFit &last = result->steps.last().fit;
        // The summary is stored with the parameters: a later session shows it again.
        settings["summary"] = IrtFitSummary::of(result->steps, result->takerNotes, m_guard->text());
        settings["item_fit"] = ExamIrt::itemFit(ExamIrt::lastHeld(result->steps)); // the grid marks the same misfits in a later session
        QString error;
        auto *command = new SetExamIrtCommand(m_project->service<ExamCuration>(), result->examId, {ExamIrt::parameters(result->steps), settings, ExamIrt::twoDimParameters(result->steps)},
                                              tr("Fit %1 IRT on %2").arg(last.model.toUpper(), result->exam));
        command->reportErrorsTo(&error);
        m_project->undoStack()->push(command);
        m_lastItems = last.items;
        m_lastResult = result;
        m_fittedModel = last.model;
        updateGuard();
        showSummary(settings["summary"], {}, true);
        showFit(result->steps);
        m_status->setFullText(!error.isEmpty() ? error
                                           : tr("%1 fit of %2 items × %3 students: %4 in %5 s (nll %6, RMSE %7 vs %8 for mean accuracy)")
                                                 .arg(last.model.toUpper() + (last.estimator == QLatin1String("bayes-modal") ? tr(" Bayes modal") : last.estimator == QLatin1String("mml") ? tr(" marginal ML") : QString())).arg(last.items.size()).arg(last.students.size())
                                                 .arg(last.converged ? tr("converged") : tr("not converged (%1)").arg(last.message))
                                                 .arg(last.seconds, 0, 'f', 2).arg(last.nll, 0, 'f', 1).arg(last.rmse, 0, 'f', 3).arg(last.baselineRmse, 0, 'f', 3));
        emit fitted();
    });
    m_fit->setEnabled(false);
    m_status->setFullText(tr("Fitting…"));
    emit jobStarted(m_job.get());
    m_job->start();
}

} // namespace assay
