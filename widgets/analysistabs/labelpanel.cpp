#include "analysistabs/labelpanel.h"

#include "analysis/ppianalysis.h"
#include "analysis/runanalysis.h"
#include "commands/importlabelscommand.h"
#include "commands/setlabelcommand.h"
#include "core/job.h"
#include "dialogs/settingsdialog.h"
#include "filedialogs.h"
#include "io/filewriter.h"
#include "analysistabs/labelcard.h"
#include "messagebar.h"
#include "project/project.h"
#include "runs/labelsfile.h"
#include "runs/labelstore.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTextBrowser>
#include <QUndoStack>
#include <QVBoxLayout>


namespace assay {


LabelPanel::LabelPanel(Project *project, QWidget *parent) : QWidget(parent), m_project(project), m_store(project->service<LabelStore>())
{
    setObjectName(QStringLiteral("labelPanel"));
    buildControls();
    connect(m_store, &LabelStore::changed, this, [this] {
        readLabels();
        showNext();
        refreshSummary();
        emit labelsChanged(run());
    });
    for (const auto &[key, verdict] : {std::pair{Qt::Key_1, 1}, std::pair{Qt::Key_2, 0}, std::pair{Qt::Key_0, -1}}) {
        auto *shortcut = new QShortcut(QKeySequence(key), this);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        connect(shortcut, &QShortcut::activated, this, [this, v = verdict] { answer(v); });
    }
}

LabelPanel::~LabelPanel()
{
    for (auto *job : {m_orderJob.get(), m_summaryJob.get()})
        if (job && job->isRunning()) {
            job->cancel();
            job->wait();
        }
}

void LabelPanel::buildControls()
{
    m_run = new QComboBox(this);
    m_run->setObjectName(QStringLiteral("labelRun"));
    // Run names can be long: the box may narrow (its tooltip names the run in full).
    m_run->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_run->setMinimumContentsLength(16);
    connect(m_run, &QComboBox::currentTextChanged, m_run, &QWidget::setToolTip);
    m_rule = new QComboBox(this);
    m_rule->setObjectName(QStringLiteral("labelRule"));
    m_rule->addItem(tr("Random"), LabelQueue::ruleName(LabelQueue::Rule::Random));
    m_rule->addItem(tr("Stratified by verdict"), LabelQueue::ruleName(LabelQueue::Rule::Stratified));
    m_rule->addItem(tr("Judges disagree"), LabelQueue::ruleName(LabelQueue::Rule::Disagreement));
    m_rule->setToolTip(tr("Random: what the corrected accuracy's interval assumes. Stratified: the judge's Correct and Incorrect verdicts alternately, "
                          "to see both kinds of error. Disagreement: items the run's judges disagree on first."));
    m_seed = new QSpinBox(this);
    m_seed->setRange(0, 999999);
    m_seed->setValue(1);
    m_seed->setToolTip(tr("The same rule and seed give the same order in every session, for every labeller."));
    m_sample = new QSpinBox(this);
    m_sample->setRange(1, 100000);
    m_sample->setValue(200);
    m_sample->setToolTip(tr("How many items you mean to label on this run."));
    m_who = new QLabel(this);
    m_who->setToolTip(tr("Your labels are stored under this name (the judge human:NAME). Change it in Edit → Settings."));
    m_run->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_run->setMinimumContentsLength(12);
    auto *pick = new QHBoxLayout;
    pick->addWidget(new QLabel(tr("Run:"), this));
    pick->addWidget(m_run, 1);
    pick->addWidget(new QLabel(tr("Order:"), this));
    pick->addWidget(m_rule);
    pick->addWidget(new QLabel(tr("Seed:"), this));
    pick->addWidget(m_seed);
    pick->addWidget(new QLabel(tr("Sample:"), this));
    pick->addWidget(m_sample);
    m_progress = new QProgressBar(this);
    m_progress->setFormat(tr("%v of %m labelled"));
    auto *state = new QHBoxLayout;
    state->addWidget(m_who);
    state->addWidget(m_progress, 1);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    m_note->setStyleSheet(QStringLiteral("color:#8a5a00"));
    m_card = new QTextBrowser(this);
    m_card->setObjectName(QStringLiteral("labelCard"));
    m_card->setMinimumHeight(12 * fontMetrics().lineSpacing()); // the buttons below stay put as the summary grows
    m_showJudge = new QCheckBox(tr("Show the judge's verdict"), this);
    m_showJudge->setToolTip(tr("Off by default, so that the judge does not sway you."));
    m_correct = new QPushButton(tr("Correct (1)"), this);
    m_incorrect = new QPushButton(tr("Incorrect (2)"), this);
    m_skip = new QPushButton(tr("Skip (0)"), this);
    m_correct->setObjectName(QStringLiteral("labelCorrect"));
    m_incorrect->setObjectName(QStringLiteral("labelIncorrect"));
    m_skip->setObjectName(QStringLiteral("labelSkip"));
    m_correct->setToolTip(tr("The answer is correct for this query (key 1)"));
    m_incorrect->setToolTip(tr("The answer is wrong, or does not answer (key 2)"));
    m_skip->setToolTip(tr("Undecided: show the next item (key 0); Edit → Undo takes a label back"));
    auto *importButton = new QPushButton(tr("Import Labels…"), this);
    auto *exportButton = new QPushButton(tr("Export Labels…"), this);
    importButton->setToolTip(tr("Read a CSV file with the columns item_id, verdict, labeller (item_id as Export Results writes it)"));
    exportButton->setToolTip(tr("Write the run's labels, by every labeller, as CSV"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_correct);
    buttons->addWidget(m_incorrect);
    buttons->addWidget(m_skip);
    buttons->addStretch(1);
    buttons->addWidget(m_showJudge);
    auto *files = new QHBoxLayout;
    files->addStretch(1);
    files->addWidget(importButton);
    files->addWidget(exportButton);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("labelSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(pick);
    layout->addLayout(state);
    layout->addWidget(m_note);
    layout->addWidget(m_card, 1);
    layout->addLayout(buttons);
    layout->addWidget(m_summary);
    layout->addLayout(files);
    connect(m_correct, &QPushButton::clicked, this, [this] { answer(1); });
    connect(m_incorrect, &QPushButton::clicked, this, [this] { answer(0); });
    connect(m_skip, &QPushButton::clicked, this, [this] { answer(-1); });
    connect(m_showJudge, &QCheckBox::toggled, this, [this] {
        if (m_current)
            showItem(m_current);
    });
    connect(m_run, &QComboBox::currentIndexChanged, this, [this] {
        m_run->setToolTip(run());
        m_skipped.clear();
        reorder();
        refreshSummary();
    });
    connect(m_rule, &QComboBox::currentIndexChanged, this, &LabelPanel::reorder);
    connect(m_seed, &QSpinBox::valueChanged, this, &LabelPanel::reorder);
    connect(m_sample, &QSpinBox::valueChanged, this, [this] {
        showProgress();
        showNext();
    });
    connect(importButton, &QPushButton::clicked, this, &LabelPanel::importLabels);
    connect(exportButton, &QPushButton::clicked, this, &LabelPanel::exportLabels);
}

QString LabelPanel::run() const { return m_run->currentText(); }

QString LabelPanel::labeller() const { return SettingsDialog::labeller(); }

QString LabelPanel::cardHtml() const { return m_card->toHtml(); }

QString LabelPanel::summaryText() const { return m_summary->text(); }

bool LabelPanel::isBusy() const { return (m_orderJob && m_orderJob->isRunning()) || (m_summaryJob && m_summaryJob->isRunning()); }

void LabelPanel::setRuns(const QStringList &runs)
{
    const QString current = run();
    {
        const QSignalBlocker block(m_run);
        m_run->clear();
        m_run->addItems(runs);
        m_run->setCurrentIndex(std::max(0, int(m_run->findText(current))));
    }
    if (run() != current || m_order.isEmpty()) {
        m_skipped.clear();
        reorder();
    }
    refreshSummary();
}

void LabelPanel::labellerChanged()
{
    readLabels();
    showNext();
    refreshSummary();
}

void LabelPanel::setJudge(const QString &judge)
{
    if (judge == m_judge)
        return;
    m_judge = judge;
    refreshSummary();
}

void LabelPanel::labelItem(const QString &runName, qint64 itemId)
{
    m_requested = itemId;
    if (runName != run() && m_run->findText(runName) >= 0)
        m_run->setCurrentIndex(m_run->findText(runName)); // reorders, then shows the item
    else if (!m_order.isEmpty())
        showItem(itemId);
}

// The labelling order of the run, read in the background.
void LabelPanel::reorder()
{
    if (m_orderJob && m_orderJob->isRunning()) {
        m_orderJob->cancel();
        m_orderJob->wait();
    }
    m_order.clear();
    m_current = 0;
    readLabels();
    if (run().isEmpty()) {
        m_card->setHtml(tr("<p style='color:gray'>No scored run yet. Score a run on the Runs page (select it, click <b>Score…</b>); "
                           "its answers can then be labelled here.</p>"));
        showProgress();
        return;
    }
    const QString path = m_project->path(), name = run();
    const auto rule = LabelQueue::parseRule(m_rule->currentData().toString()).value_or(LabelQueue::Rule::Random);
    const quint64 seed = quint64(m_seed->value());
    const QString judge = m_judge;
    auto order = std::make_shared<LabelQueue::Order>();
    m_orderJob = std::make_unique<Job>(tr("Ordering the items of %1 for labelling").arg(name), [=](Job &) {
        auto db = Project::openConnection(path);
        if (!db)
            return Status::failure(db);
        auto read = LabelQueue::order(db.value(), name, rule, seed, judge);
        if (!read)
            return Status::failure(read);
        *order = read.take();
        return Status();
    });
    connect(m_orderJob.get(), &Job::finished, this, [this, order](bool ok, const QString &message) {
        if (!ok) {
            m_card->setHtml(QStringLiteral("<p>%1</p>").arg(message.toHtmlEscaped()));
            return;
        }
        m_order = order->items;
        m_note->setText(order->note);
        m_note->setVisible(!order->note.isEmpty());
        if (m_requested) {
            showItem(std::exchange(m_requested, 0));
        } else {
            showNext();
        }
        showProgress();
        emit ready();
    });
    emit jobStarted(m_orderJob.get());
    m_orderJob->start();
}

Result<QVector<HumanLabel>> LabelPanel::runLabels() const
{
    auto id = m_store->runId(run());
    return id ? m_store->labels(id.value()) : Result<QVector<HumanLabel>>::failure(id);
}

void LabelPanel::readLabels()
{
    m_mine.clear();
    if (run().isEmpty())
        return;
    auto labels = runLabels();
    if (!labels) {
        MessageBar::report(this, MessageBar::Level::Error, labels.error());
        return;
    }
    for (const HumanLabel &l : labels.value())
        if (l.labeller == labeller())
            m_mine.insert(l.itemId);
    showProgress();
}

void LabelPanel::showProgress()
{
    const int inSample = int(std::min<qsizetype>(m_sample->value(), std::max<qsizetype>(m_order.size(), 1)));
    m_progress->setRange(0, inSample);
    m_progress->setValue(std::min(int(m_mine.size()), inSample));
    m_who->setText(tr("Labelling as <b>%1</b>").arg(labeller().toHtmlEscaped()));
}

// The first item of the order that this labeller has not labelled nor skipped.
void LabelPanel::showNext()
{
    if (m_order.isEmpty())
        return;
    if (m_mine.size() >= m_sample->value()) {
        m_current = 0;
        m_card->setHtml(tr("<h3>Sample done</h3><p>You labelled %1 items of %2. Raise <b>Sample</b> to label more, or see the corrected "
                           "accuracy below and on the Accuracy tab.</p>").arg(m_mine.size()).arg(run().toHtmlEscaped()));
        for (QPushButton *b : {m_correct, m_incorrect, m_skip})
            b->setEnabled(false);
        return;
    }
    for (qint64 item : std::as_const(m_order))
        if (!m_mine.contains(item) && !m_skipped.contains(item)) {
            showItem(item);
            return;
        }
    m_current = 0;
    m_card->setHtml(tr("<p>Every item of %1 is labelled or skipped. Choose another run or order to go on.</p>").arg(run().toHtmlEscaped()));
}

void LabelPanel::showItem(qint64 itemId)
{
    auto item = m_store->item(itemId, m_judge);
    if (!item) {
        m_card->setHtml(QStringLiteral("<p>%1</p>").arg(item.error().toHtmlEscaped()));
        return;
    }
    const StoredRunItem &it = item.value();
    m_current = itemId;
    for (QPushButton *b : {m_correct, m_incorrect, m_skip})
        b->setEnabled(true);
    const QString html = LabelCard::html(it, m_showJudge->isChecked() ? m_judge : QString(), m_mine.contains(itemId));
    m_card->setHtml(html);
}

void LabelPanel::answer(int verdict)
{
    if (!m_current)
        return;
    if (verdict < 0) {
        m_skipped.insert(m_current);
        showNext();
        return;
    }
    if (const QString bad = LabelStore::checkLabeller(labeller()); !bad.isEmpty()) {
        MessageBar::report(this, MessageBar::Level::Error, tr("Cannot store your label: %1.").arg(bad));
        return;
    }
    HumanLabel label;
    label.itemId = m_current;
    label.labeller = labeller();
    label.verdict = verdict;
    label.rule = m_rule->currentData().toString();
    if (auto item = m_store->item(m_current); item)
        label.itemKey = item.value().key;
    QString error;
    auto *command = new SetLabelCommand(m_store, label);
    command->reportErrorsTo(&error);
    m_project->undoStack()->push(command); // LabelStore::changed shows the next item
    if (!error.isEmpty())
        MessageBar::report(this, MessageBar::Level::Error, tr("The label was not stored: %1").arg(error));
}

// The corrected accuracy and the labellers' agreement, read in the background (after the
// one in flight, when labels come quickly).
void LabelPanel::refreshSummary()
{
    if (m_summaryJob && m_summaryJob->isRunning()) {
        m_summaryAgain = true;
        return;
    }
    if (run().isEmpty()) {
        m_summary->clear();
        return;
    }
    const QString path = m_project->path(), name = run(), judge = m_judge;
    struct Summary {
        QVector<HumanLabel> labels;
        std::optional<PpiEstimate> ppi;
        QString ppiError;
    };
    auto summary = std::make_shared<Summary>();
    m_summaryJob = std::make_unique<Job>(tr("Reading the labels of %1").arg(name), [=](Job &) {
        auto db = Project::openConnection(path);
        if (!db)
            return Status::failure(db);
        LabelStore store(db.value());
        auto id = store.runId(name);
        if (!id)
            return Status::failure(id);
        auto labels = store.labels(id.value());
        if (!labels)
            return Status::failure(labels);
        summary->labels = labels.take();
        if (!judge.isEmpty() && !LabelStore::isHuman(judge) && !summary->labels.isEmpty()) {
            auto closed = RunAnalyzer::closedDomainFor(db.value(), name, ClosedDomain::Setting{});
            auto ppi = closed ? PpiAnalysis::forRun(db.value(), name, judge, LabelStore::majorityJudge(), closed.value()) : Result<PpiEstimate>::failure(closed);
            if (ppi)
                summary->ppi = ppi.take();
            else
                summary->ppiError = ppi.error();
        }
        return Status();
    });
    connect(m_summaryJob.get(), &Job::finished, this, [this, summary, name, judge](bool ok, const QString &message) {
        if (std::exchange(m_summaryAgain, false)) {
            refreshSummary();
            return;
        }
        if (!ok) {
            m_summary->setText(message.toHtmlEscaped());
            return;
        }
        QStringList labellers;
        qint64 simulated = 0;
        for (const HumanLabel &l : summary->labels) {
            if (!labellers.contains(l.labeller))
                labellers << l.labeller;
            simulated += l.simulated;
        }
        QString html;
        if (summary->labels.isEmpty())
            html += tr("<p style='color:gray'>No labels on %1 yet. Click <b>Correct</b> or <b>Incorrect</b> (keys 1 and 2) for each item above; "
                       "with a few dozen labels the corrected accuracy appears here and on the Accuracy tab.</p>").arg(name.toHtmlEscaped());
        else
            html += tr("<p><b>%1</b> label(s) on %2 by %3.</p>").arg(summary->labels.size()).arg(name.toHtmlEscaped(), labellers.join(QStringLiteral(", ")).toHtmlEscaped());
        if (simulated > 0)
            html += tr("<p style='color:#8a5a00'>%1 of them are <b>simulated</b>: the demo's labeller, who agrees with the judge on 95% of items, "
                       "not a person.</p>").arg(simulated);
        if (summary->ppi) {
            const PpiEstimate &e = *summary->ppi;
            const auto ci = [](const std::pair<double, double> &p) { return QStringLiteral("[%1, %2]").arg(p.first, 0, 'f', 3).arg(p.second, 0, 'f', 3); };
            html += tr("<p>Judge <b>%1</b>: accuracy %2 %3 on %4 items, taken at its word.").arg(judge.toHtmlEscaped()).arg(e.judgeAccuracy, 0, 'f', 3).arg(ci(e.judgeCi)).arg(e.n);
            if (e.humanAccuracy)
                html += tr("<br>Labelled items: %1 %2 on %3.").arg(*e.humanAccuracy, 0, 'f', 3).arg(ci(e.humanCi)).arg(e.labelled);
            if (e.ppiAccuracy) {
                html += tr("<br><b>Corrected accuracy %1 %2</b>").arg(*e.ppiAccuracy, 0, 'f', 3).arg(ci(e.ppiCi));
                html += e.effectiveLabels                            ? tr(", as precise as %1 labels alone would be.</p>").arg(*e.effectiveLabels, 0, 'f', 0)
                        : e.width == PpiEstimate::Width::LabelsWilson ? tr(" (its width set by the labels alone: too few yet for the judge to narrow it).</p>")
                                                                      : tr(" (every labelled item has the same verdict, so labels alone give no width to compare with).</p>");
                if (!e.reliable()) { // "Not yet reliable: 3 labels, …"
                    QString caution = e.caution();
                    caution[0] = caution[0].toUpper();
                    html += tr("<p style='color:#8a5a00'>%1. Judge more items with Correct or Incorrect above before reading the interval.</p>")
                                .arg(caution.toHtmlEscaped());
                }
            } else {
                html += tr("<br>No corrected accuracy yet: %1.</p>").arg(e.missing.toHtmlEscaped());
            }
            const qint64 more = std::min<qint64>(100, e.n - e.labelled);
            // From the interval shown (widened or not) to the projection (docs/METHODS.md §5.10).
            const double now = (e.ppiCi.second - e.ppiCi.first) / 2;
            if (const auto then = e.halfWidthWith(more); then && more > 0 && *then < now)
                html += tr("<p>Next: %1 more labels in random order would narrow the interval from ±%2 to about ±%3.</p>")
                            .arg(more)
                            .arg(now, 0, 'f', 3)
                            .arg(*then, 0, 'f', 3);
            if (e.ties > 0)
                html += tr("<p>%1 labelled item(s) left out: their labellers disagree evenly, so people give no verdict.</p>").arg(e.ties);
            if (e.nonRandom > 0)
                html += tr("<p style='color:#8a5a00'>%1 labelled items were not chosen in random order: the corrected interval assumes a random sample.</p>").arg(e.nonRandom);
        } else if (!summary->ppiError.isEmpty()) {
            html += QStringLiteral("<p>%1</p>").arg(summary->ppiError.toHtmlEscaped());
        }
        const QVector<LabellerPair> pairs = LabellerAgreement::pairs(summary->labels);
        for (const LabellerPair &p : pairs)
            html += p.kappa.kappa ? tr("<br>Cohen's κ %1 – %2: <b>%3</b> [%4, %5] on %6 shared items")
                                        .arg(p.first.toHtmlEscaped(), p.second.toHtmlEscaped())
                                        .arg(*p.kappa.kappa, 0, 'f', 2).arg(*p.kappa.low, 0, 'f', 2).arg(*p.kappa.high, 0, 'f', 2).arg(p.kappa.n)
                                  : tr("<br>%1 – %2: no κ (%3 shared items; label the same items to compare)").arg(p.first.toHtmlEscaped(), p.second.toHtmlEscaped()).arg(p.kappa.n);
        m_summary->setText(html);
        emit ready();
    });
    emit jobStarted(m_summaryJob.get());
    m_summaryJob->start();
}

void LabelPanel::importLabels()
{
    if (run().isEmpty())
        return;
    const QString file = FileDialogs::openFile(this, QStringLiteral("labels"), tr("Import Labels"), tr("Labels (*.csv);;All files (*)"));
    if (file.isEmpty())
        return;
    auto id = m_store->runId(run());
    auto ids = id ? m_store->itemIds(id.value()) : Result<QHash<QString, qint64>>::failure(id);
    auto labels = ids ? LabelsFile::read(file, ids.value()) : Result<QVector<HumanLabel>>::failure(ids);
    if (!labels) {
        MessageBar::report(this, MessageBar::Level::Error, labels.error());
        return;
    }
    QString error;
    auto *command = new ImportLabelsCommand(m_store, labels.value(), file);
    command->reportErrorsTo(&error);
    m_project->undoStack()->push(command);
    if (!error.isEmpty())
        MessageBar::report(this, MessageBar::Level::Error, tr("Nothing was imported: %1").arg(error));
    else
        MessageBar::report(this, MessageBar::Level::Success, tr("Imported %n label(s) into %1 (Edit → Undo takes them back).", nullptr, int(labels.value().size())).arg(run()));
}

void LabelPanel::exportLabels()
{
    if (run().isEmpty())
        return;
    auto labels = runLabels();
    if (!labels) {
        MessageBar::report(this, MessageBar::Level::Error, labels.error());
        return;
    }
    QString name = run();
    name.replace(QLatin1Char('/'), QLatin1Char('-'));
    const QString file = FileDialogs::saveFile(this, QStringLiteral("labels"), tr("Export Labels"), name + QStringLiteral("-labels.csv"), tr("Labels (*.csv)"));
    if (file.isEmpty())
        return;
    if (auto s = FileWriter::write(file, LabelsFile::write(labels.value())); !s)
        MessageBar::report(this, MessageBar::Level::Error, s.error());
    else
        MessageBar::report(this, MessageBar::Level::Success, tr("Wrote %n label(s) of %1 to %2.", nullptr, int(labels.value().size())).arg(run(), file));
}

} // namespace assay
