#include "examtabs/shortformpanel.h"

#include "charts/chartpanel.h"
#include "examtabs/shortformestimatestable.h"
#include "core/job.h"
#include "exams/examadaptivetake.h"
#include "exams/examshortform.h"
#include "exams/examstore.h"
#include "exams/examvalidation.h"
#include "irt/shortformcharts.h"
#include "project/project.h"

#include <QMap>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include <set>

namespace assay {

ShortFormPanel::ShortFormPanel(Project *project, QWidget *parent) : QWidget(parent), m_project(project)
{
    setObjectName(QStringLiteral("shortFormPanel"));
    buildWidgets();
}

ShortFormPanel::~ShortFormPanel()
{
    if (m_job) {
        m_job->cancel();
        m_job->wait();
    }
}

void ShortFormPanel::buildWidgets()
{
    m_method = new QComboBox(this);
    m_method->setObjectName(QStringLiteral("shortFormMethod"));
    m_method->addItem(tr("information"), QStringLiteral("information"));
    m_method->addItem(tr("anchors"), QStringLiteral("anchors"));
    m_method->addItem(tr("random"), QStringLiteral("random"));
    m_method->addItem(tr("auto (validated best)"), QStringLiteral("auto"));
    m_method->setToolTip(tr("information: the items that together measure best over the panel's range of abilities.\n"
                            "anchors: one representative item per cluster of items the panel answers alike, weighted by its cluster's size.\n"
                            "random: a uniform draw (the baseline).\n"
                            "auto: the method the last validation (Validate…) measured best at the nearest size; plain counts as random items."));
    m_items = new QSpinBox(this);
    m_items->setRange(1, 100000);
    m_items->setValue(50);
    m_items->setSuffix(tr(" items"));
    m_items->setToolTip(tr("How many items the short form keeps (N)"));
    m_seed = new QSpinBox(this);
    m_seed->setRange(0, 1000000);
    m_seed->setValue(1);
    m_seed->setPrefix(tr("seed "));
    m_seed->setToolTip(tr("The seed of the random draw and of the anchors' clustering"));
    m_make = new QPushButton(tr("Make Short Form…"), this);
    m_make->setObjectName(QStringLiteral("makeShortForm"));
    m_make->setToolTip(tr("Store N of this exam's items as a new exam linked to it; a pipeline that takes the short form gets "
                          "its accuracy on the whole exam estimated, with an interval"));
    m_sizes = new QLineEdit(QStringLiteral("25,50,100,200"), this);
    m_sizes->setToolTip(tr("Validate short forms of these numbers of items, separated by commas"));
    m_sizes->setMaximumWidth(120);
    m_folds = new QSpinBox(this);
    m_folds->setRange(0, 1000);
    m_folds->setSpecialValueText(tr("leave one out"));
    m_folds->setPrefix(tr("folds "));
    m_folds->setToolTip(tr("Leave each taker out in turn (leave one out), or the takers in this many folds (faster for large panels)"));
    m_estimator = new QComboBox(this);
    m_estimator->setObjectName(QStringLiteral("validationEstimator"));
    m_estimator->addItem(tr("joint ML"), QStringLiteral("jml"));
    m_estimator->addItem(tr("priors"), QStringLiteral("bayes-modal"));
    m_estimator->addItem(tr("marginal ML"), QStringLiteral("mml"));
    m_estimator->setCurrentIndex(1); // a small panel's refits need the priors (the CLI's default)
    m_estimator->setToolTip(tr("The estimator of the validation's refits: the one chosen on the IRT tab, unless changed here"));
    m_twoAbilities = new QCheckBox(tr("2 abilities"), this);
    m_twoAbilities->setObjectName(QStringLiteral("validateTwoAbilities"));
    m_twoAbilities->setToolTip(tr("Also validate random-2d (the same random items read through the model with two abilities) and "
                                  "adaptive-2d (adaptive tests on it): worth it when the IRT tab's Summary says the responses have a second "
                                  "dimension. Slower: the two-ability model is refitted for every fold."));
    m_validate = new QPushButton(tr("Validate…"), this);
    m_validate->setObjectName(QStringLiteral("validateShortForms"));
    m_validate->setToolTip(tr("Leave takers out, refit without them and estimate their accuracy from N items by each method "
                              "(random, information, anchors, adaptive, and plain: the share correct on random items with no model, the baseline "
                              "the others have to beat): the error and the ranking against the whole exam"));
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::RichText);
    m_tabs = new QTabWidget(this);
    m_error = new ChartPanel(this);
    m_tau = new ChartPanel(this);
    m_adaptive = new ChartPanel(this);
    // Below the item grid, beside the IRT tab: no taller than its charts.
    for (ChartPanel *chart : {m_error, m_tau, m_adaptive})
        chart->view()->setMinimumHeight(220);
    m_tabs->addTab(m_error, tr("Error vs items"));
    m_tabs->addTab(m_tau, tr("Ranking vs items"));
    m_tabs->addTab(m_adaptive, tr("Adaptive take"));
    m_adaptive->setData(ShortFormCharts::adaptiveTrace({}, {}));
    m_estimates = new ShortFormEstimatesTable(this);
    // Making a short form on one row, validating the methods on the next: the pane beside the
    // Exams grid has room for one of them.
    auto *make = new QHBoxLayout;
    for (QWidget *w : std::initializer_list<QWidget *>{m_method, m_items, m_seed, m_make})
        make->addWidget(w);
    make->addStretch(1);
    auto *validate = new QHBoxLayout;
    auto *validateLabel = new QLabel(tr("Validate at N ="), this);
    validateLabel->setToolTip(m_sizes->toolTip());
    validate->addWidget(validateLabel);
    for (QWidget *w : std::initializer_list<QWidget *>{m_sizes, m_folds, m_estimator, m_twoAbilities, m_validate})
        validate->addWidget(w);
    validate->addStretch(1);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_tabs);
    split->addWidget(m_estimates);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(make);
    layout->addLayout(validate);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);
    for (QPushButton *button : {m_make, m_validate})
        button->setProperty("normalTip", button->toolTip());
    // A click on an adaptive take shows its trace, read back from the answers in their order.
    connect(m_estimates, &QTableWidget::currentCellChanged, this, [this](int row) { showTrace(row); });
    connect(m_make, &QPushButton::clicked, this, &ShortFormPanel::askShortForm);
    connect(m_validate, &QPushButton::clicked, this, &ShortFormPanel::askValidation);
}

void ShortFormPanel::setExam(const QString &exam)
{
    if (exam != m_exam) { // another exam's adaptive trace and notice are not this one's
        m_notice.clear();
        m_adaptiveTaker.clear();
        m_adaptiveSteps.clear();
        m_adaptive->setData(ShortFormCharts::adaptiveTrace(m_adaptiveTaker, m_adaptiveSteps));
    }
    m_exam = exam;
    refresh();
}

void ShortFormPanel::refresh()
{
    // What the chosen exam is a short form of, read once for the validation and the estimates.
    m_form = {};
    m_formError.clear();
    if (!m_exam.isEmpty()) {
        ExamStore &store = *m_project->service<ExamStore>();
        auto id = store.idOf(m_exam);
        auto form = id ? store.shortForm(id.value()) : Result<ExamShortFormInfo>::failure(id.error());
        m_form = form ? form.value() : ExamShortFormInfo();
        m_formError = form ? QString() : form.error();
    }
    const bool busy = isBusy();
    m_make->setEnabled(!busy && !m_exam.isEmpty());
    m_validate->setEnabled(!busy && !m_exam.isEmpty());
    showValidation();
    showEstimates();
}

void ShortFormPanel::setFitted(bool fitted)
{
    if (fitted == m_fitted)
        return;
    m_fitted = fitted;
    if (!m_exam.isEmpty())
        refresh();
}

bool ShortFormPanel::isBusy() const { return m_job && m_job->isRunning(); }

QString ShortFormPanel::statusText() const { return m_status->text(); }

void ShortFormPanel::showValidation()
{
    nlohmann::json report;
    QString parent; // a short form's validation is its parent's
    if (!m_exam.isEmpty()) {
        if (!m_formError.isEmpty()) {
            m_status->setText(tr("The exam cannot be read: %1").arg(m_formError.toHtmlEscaped()));
            return;
        }
        parent = m_form.parent;
        auto stored = ExamValidation::stored(m_project->database(), parent.isEmpty() ? m_exam : parent);
        if (!stored) {
            m_status->setText(tr("The exam's validation cannot be read: %1").arg(stored.error().toHtmlEscaped()));
            return;
        }
        report = stored.take();
    }
    // An empty chart says what fills it.
    const QString empty = m_exam.isEmpty()   ? tr("No exam yet: Generate Exam…, Take Exam… and Fit IRT first")
                          : parent.isEmpty() ? (m_fitted ? tr("Not validated yet: click Validate… above")
                                                         : tr("Not validated yet: click Validate… above (the exam needs Fit IRT on the IRT tab)"))
                                             : tr("Short forms are validated on their parent: choose %1 in the Exam box and click Validate…").arg(parent);
    for (const bool tau : {false, true}) {
        ChartData chart = ShortFormCharts::validation(report, tau);
        if (chart.series.isEmpty())
            chart.subtitle = empty;
        else if (!parent.isEmpty())
            chart.subtitle = tr("The parent exam %1's validation: %2").arg(parent, chart.subtitle);
        (tau ? m_tau : m_error)->setData(chart);
    }
    // The sizes box follows the stored validation's sizes, so Validate… again measures the
    // same points unless the user changes them.
    if (report.is_object() && report.contains("methods") && report["methods"].is_object()) {
        std::set<int> sizes;
        for (const auto &[method, bySize] : report["methods"].items())
            if (bySize.is_object())
                for (const auto &[size, figures] : bySize.items())
                    if (const int n = QString::fromStdString(size).toInt(); n > 0)
                        sizes.insert(n);
        QStringList text;
        for (int n : sizes)
            text << QString::number(n);
        if (!text.isEmpty())
            m_sizes->setText(text.join(QLatin1Char(',')));
        // So does the folds box: the chart's subtitle names the folds the validation used.
        const int folds = report.value("folds", 0), students = report.value("students", 0);
        if (folds > 0)
            m_folds->setValue(folds >= students ? 0 : folds); // 0: leave one out
    }
    const QString notice = m_notice.isEmpty() ? QString() : m_notice + QStringLiteral("<br>");
    if (isBusy()) // not the last validation's figures while the next one runs
        m_status->setText(tr("%1… (its progress and Cancel are at the bottom of the window)").arg(m_job->title().toHtmlEscaped()));
    else if (m_exam.isEmpty())
        m_status->setText(tr("No exam yet: click <b>Generate Exam…</b>, then <b>Take Exam…</b> and <b>Fit IRT</b> on the IRT tab."));
    else if (report.is_null())
        m_status->setText(notice + (m_fitted ? tr("How far can a short form be trusted? Click <b>Validate…</b> to measure each method's error on this "
                                                  "exam's takers.")
                                             : tr("How far can a short form be trusted? Click <b>Validate…</b> to measure each method's error on this "
                                                  "exam's takers (it needs a fitted IRT model: <b>Fit IRT</b> on the IRT tab).")));
    else {
        // The recommended method per size (the lowest error; a tie goes to plain, which needs no model).
        QStringList recommended;
        QMap<int, QString> bySize; // by N as a number, not as the report's text keys ("10" < "100" < "25")
        if (report.contains("recommended") && report["recommended"].is_object())
            for (const auto &[n, m] : report["recommended"].items())
                bySize.insert(QString::fromStdString(n).toInt(), QString::fromStdString(m.get<std::string>()));
        for (auto it = bySize.cbegin(); it != bySize.cend(); ++it)
            recommended << tr("%1 at N = %2").arg(it.value()).arg(it.key());
        m_status->setText(notice + tr("Validated on %1 takers × %2 items in %3 s. The lower the error and the higher τ, the more a short form of that "
                             "size can replace the whole exam.")
                              .arg(report.value("students", 0)).arg(report.value("items", 0)).arg(report.value("seconds", 0.0), 0, 'f', 1)
                          + (recommended.isEmpty() ? QString()
                                                   : tr(" Recommended: %1 (plain: the share correct on random items, no model — the baseline).")
                                                         .arg(recommended.join(QStringLiteral(", ")).toHtmlEscaped())));
    }
}

void ShortFormPanel::showEstimates()
{
    m_estimates->clearRows();
    if (m_exam.isEmpty())
        return;
    if (!m_formError.isEmpty())
        return m_status->setText(tr("The exam cannot be read: %1").arg(m_formError.toHtmlEscaped()));
    const ExamShortFormInfo *form = &m_form;
    if (form->parentId) {
        // A short form is validated and shortened on its parent, not on itself.
        const QString onParent = tr("Select %1 in the Exam box to do this").arg(form->parent);
        m_make->setEnabled(false);
        m_validate->setEnabled(false);
        for (QPushButton *button : {m_make, m_validate})
            button->setToolTip(button->property("normalTip").toString() + QStringLiteral("\n\n") + onParent);
        m_status->setText(tr("<b>%1</b> is a short form of <b>%2</b> (%3). Click <b>Take Exam…</b> to have a pipeline answer it; its "
                             "estimated accuracy on the whole of %2 appears on the right.")
                              .arg(m_exam.toHtmlEscaped(), form->parent.toHtmlEscaped(), form->method.toHtmlEscaped()));
    } else {
        for (QPushButton *button : {m_make, m_validate})
            button->setToolTip(button->property("normalTip").toString());
    }
    auto estimates = ExamShortForm::estimates(m_project->database(), m_exam);
    if (!estimates) {
        // Before a fit there is nothing to estimate with; the status already says what to click.
        m_estimates->setToolTip(estimates.error());
        return;
    }
    if (!m_estimates->showEstimates(estimates.value(), *form))
        return;
    // The trace chart's hint names the takes listed, until one is clicked or taken.
    if (m_adaptiveTaker.isEmpty() && m_estimates->listsAdaptive())
        m_adaptive->setData(ShortFormCharts::adaptiveTrace({}, {}, tr("Click an adaptive take in the table on the right to see its ability item by item")));
    // The take on the chart is the row highlighted (after a take: the new one).
    if (!m_adaptiveTaker.isEmpty())
        m_estimates->select(m_adaptiveTaker, false);
}

void ShortFormPanel::showTrace(int row)
{
    const QTableWidgetItem *cell = row >= 0 ? m_estimates->item(row, 0) : nullptr;
    if (!cell || !(cell->flags() & Qt::ItemIsSelectable) || m_live)
        return;
    const QString taker = cell->text();
    if (!ExamAdaptiveTake::isAdaptive(taker)) {
        // A fixed take has no order to trace: the chart says so rather than keep another take's.
        m_adaptiveTaker.clear();
        m_adaptiveSteps.clear();
        m_adaptive->setData(ShortFormCharts::adaptiveTrace({}, {}, tr("%1 answered the short form's fixed items; only an adaptive take "
                                                                      "(Take Exam… → Adaptive) has a trace").arg(taker)));
        return;
    }
    auto steps = ExamAdaptiveTake::trace(m_project->database(), m_exam, taker);
    if (!steps) {
        m_status->setText(tr("The take's answers cannot be read: %1").arg(steps.error().toHtmlEscaped()));
        return;
    }
    m_adaptiveTaker = taker;
    m_adaptiveSteps = steps.value();
    m_adaptive->setData(ShortFormCharts::adaptiveTrace(taker, m_adaptiveSteps,
                                                       m_adaptiveSteps.isEmpty() ? tr("%1 was stored before Assay kept the order of answers: take it "
                                                                                      "again (Take Exam… → Adaptive) to see its trace").arg(taker)
                                                                                 : QString()));
    m_tabs->setCurrentWidget(m_adaptive);
}

void ShortFormPanel::askShortForm()
{
    const QString method = m_method->currentData().toString();
    const QString suggested = QStringLiteral("%1-%2-%3").arg(m_exam, method).arg(m_items->value());
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Make Short Form"), tr("Name of the short form of %1 (%2 items by %3):").arg(m_exam).arg(m_items->value()).arg(method),
                                               QLineEdit::Normal, suggested, &ok);
    if (ok && !name.trimmed().isEmpty())
        startShortForm(name.trimmed(), method, m_items->value(), quint64(m_seed->value()));
}

void ShortFormPanel::askValidation()
{
    QVector<int> sizes;
    for (const QString &part : m_sizes->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int n = part.trimmed().toInt(&ok);
        if (!ok || n < 1)
            return m_status->setText(tr("The sizes to validate must be whole numbers separated by commas (not “%1”).").arg(part.toHtmlEscaped()));
        sizes << n;
    }
    startValidation(sizes, m_folds->value(), m_twoAbilities->isChecked());
}

Job *ShortFormPanel::start(const QString &title, std::function<Status(Job &)> work, const QString &done)
{
    if (isBusy())
        return nullptr;
    m_job = std::make_unique<Job>(title, std::move(work));
    m_notice.clear();
    connect(m_job.get(), &Job::finished, this, [this, done](bool ok, const QString &message) {
        if (ok)
            m_notice = done;
        refresh();
        if (!ok)
            m_status->setText(m_job && m_job->isCancelled() ? tr("Cancelled.") : message.toHtmlEscaped());
        emit jobFinished(ok, message);
    });
    m_make->setEnabled(false);
    m_validate->setEnabled(false);
    m_status->setText(tr("%1… (its progress and Cancel are at the bottom of the window)").arg(title.toHtmlEscaped()));
    emit jobStarted(m_job.get());
    m_job->start();
    return m_job.get();
}

Job *ShortFormPanel::startShortForm(const QString &name, const QString &method, int items, quint64 seed)
{
    const bool automatic = method == QLatin1String("auto");
    auto m = automatic ? Result<IrtShortForm::Method>(IrtShortForm::Method::Random) : IrtShortForm::methodFromName(method);
    if (!m) {
        m_status->setText(m.error().toHtmlEscaped());
        return nullptr;
    }
    const QString path = m_project->path(), exam = m_exam;
    return start(tr("Making short form %1 of %2").arg(name, exam), [=](Job &job) {
        job.reportProgress(0, 1, tr("Choosing %1 items by %2").arg(items).arg(method));
        auto db = Project::openConnection(path);
        if (!db)
            return Status::failure(db.error());
        IrtShortForm::Method chosen = m.value();
        if (automatic) { // the method the last validation recommends at this size
            auto recommended = ExamValidation::recommendedForm(db.value(), exam, items);
            if (!recommended)
                return Status::failure(recommended.error());
            chosen = recommended.value().method;
            job.reportProgress(0, 1, tr("Choosing %1 items by %2: %3").arg(items).arg(IrtShortForm::methodName(chosen), recommended.value().why));
        }
        auto created = ExamShortForm::create(db.value(), exam, name, chosen, items, seed);
        return created ? Status() : Status::failure(created.error());
    }, tr("Short form <b>%1</b> made: %2 items of %3 chosen by %4. Choose it in the Exam box and click <b>Take Exam…</b> to measure a pipeline "
          "with it.").arg(name.toHtmlEscaped()).arg(items).arg(exam.toHtmlEscaped(), automatic ? tr("the method the last validation recommends") : method));
}

Job *ShortFormPanel::startValidation(const QVector<int> &sizes, int folds, bool twoAbilities)
{
    const QString path = m_project->path(), exam = m_exam, estimator = m_estimator->currentData().toString();
    return start(tr("Validating short forms of %1").arg(exam), [=](Job &job) {
        auto db = Project::openConnection(path);
        if (!db)
            return Status::failure(db.error());
        IrtValidation::Options options;
        options.sizes = sizes;
        options.folds = folds;
        if (twoAbilities)
            options.methods << QStringLiteral("random-2d") << QStringLiteral("adaptive-2d");
        if (auto s = options.fit.setEstimator(estimator); !s)
            return s;
        auto report = ExamValidation::run(db.value(), exam, options, false, &job);
        return report ? Status() : Status::failure(report.error(), report.code());
    });
}

void ShortFormPanel::setEstimator(const QString &estimator)
{
    if (const int at = m_estimator->findData(estimator); at >= 0)
        m_estimator->setCurrentIndex(at);
}

void ShortFormPanel::highlightTake(const QString &taker) { m_estimates->select(taker, true); }

void ShortFormPanel::beginAdaptive(const QString &taker)
{
    m_live = true;
    m_adaptiveTaker = taker;
    m_adaptiveSteps.clear();
    m_adaptive->setData(ShortFormCharts::adaptiveTrace(taker, m_adaptiveSteps));
    m_tabs->setCurrentWidget(m_adaptive);
}

void ShortFormPanel::endAdaptive() { m_live = false; }

void ShortFormPanel::addAdaptiveStep(const IrtAdaptiveStep &step)
{
    if (!m_live)
        return;
    m_adaptiveSteps << step;
    m_adaptive->setData(ShortFormCharts::adaptiveTrace(m_adaptiveTaker, m_adaptiveSteps));
}

} // namespace assay
