#include "analysistabs/judgespanel.h"

#include "runs/labelstore.h"
#include "analysis/biasprobe.h"
#include "analysis/runoutcomes.h"
#include "core/job.h"
#include "project/project.h"
#include "runs/runstore.h"
#include "scoring/judgeregistry.h"
#include "scoring/judgespec.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QHBoxLayout>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>

namespace assay {

namespace {

QString ratio(const std::optional<double> &v) { return v ? QString::number(*v, 'f', 3) : QStringLiteral("—"); }

} // namespace

JudgesPanel::JudgesPanel(Project *project, QWidget *parent)
    : QWidget(parent), m_project(project), m_run(new QComboBox(this)), m_truth(new QComboBox(this)), m_judge(new QComboBox(this)),
      m_summary(new QLabel(this)), m_matrix(new QTableWidget(2, 2, this))
{
    setObjectName(QStringLiteral("judgesPanel"));
    m_run->setObjectName(QStringLiteral("judgesRun"));
    m_truth->setToolTip(tr("The judge taken as the truth, e.g. your own labels imported with the results, or an LLM judge."));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_matrix->setHorizontalHeaderLabels({tr("judge: Correct"), tr("judge: Incorrect")});
    m_matrix->setVerticalHeaderLabels({tr("truth: Correct"), tr("truth: Incorrect")});
    m_matrix->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_matrix->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_matrix->verticalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_matrix->setMinimumHeight(140);
    m_matrix->setMaximumHeight(220);
    auto *pick = new QFormLayout;
    pick->addRow(tr("Run:"), m_run);
    pick->addRow(tr("Truth:"), m_truth);
    pick->addRow(tr("Judge:"), m_judge);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(pick);
    layout->addWidget(m_matrix);
    layout->addWidget(m_summary);
    m_stability = new QLabel(this);
    m_stability->setObjectName(QStringLiteral("judgeStability"));
    m_stability->setWordWrap(true);
    m_stability->setTextFormat(Qt::RichText);
    m_flaky = new QListWidget(this);
    m_flaky->setObjectName(QStringLiteral("flakyItems"));
    m_flaky->setToolTip(tr("Items whose repeated verdicts disagree, the most split first. Double-click one to label it yourself."));
    m_flaky->setMinimumHeight(80);
    layout->addWidget(m_stability);
    layout->addWidget(m_flaky, 1);
    m_probe = new QComboBox(this);
    m_probe->setObjectName(QStringLiteral("probeKind"));
    m_probe->addItem(tr("Verbosity: the answer padded"), QStringLiteral("verbosity"));
    m_probe->addItem(tr("Order: answer before reference"), QStringLiteral("order"));
    m_probe->setToolTip(tr("Verbosity: the response padded with a neutral restatement of the question (prompt file probe_verbosity.txt). "
                           "Order: the response shown before the true answer in the judge's prompt (probe_order.txt). Neither should change a verdict."));
    m_probeItems = new QSpinBox(this);
    m_probeItems->setRange(10, 5000);
    m_probeItems->setValue(200);
    m_probeItems->setToolTip(tr("How many items of the run, chosen at random: each costs one call of the judge (the unchanged verdicts come from the cache)."));
    m_runProbe = new QPushButton(tr("Run Probe"), this);
    m_runProbe->setObjectName(QStringLiteral("runProbe"));
    m_probeResult = new QLabel(this);
    m_probeResult->setWordWrap(true);
    auto *probeRow = new QHBoxLayout;
    probeRow->addWidget(new QLabel(tr("<b>Bias probe</b>"), this));
    probeRow->addWidget(m_probe, 1);
    probeRow->addWidget(new QLabel(tr("Items:"), this));
    probeRow->addWidget(m_probeItems);
    probeRow->addWidget(m_runProbe);
    layout->addLayout(probeRow);
    layout->addWidget(m_probeResult);
    connect(m_runProbe, &QPushButton::clicked, this, [this] {
        probe(m_run->currentText(), probedJudge(), m_probe->currentData().toString(), m_probeItems->value());
    });
    connect(m_flaky, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
        emit labelRequested(m_run->currentText(), item->data(Qt::UserRole).toLongLong());
    });
    connect(m_run, &QComboBox::currentIndexChanged, this, &JudgesPanel::runChanged);
    connect(m_truth, &QComboBox::currentIndexChanged, this, &JudgesPanel::measureSelected);
    connect(m_judge, &QComboBox::currentIndexChanged, this, &JudgesPanel::measureSelected);
}

JudgesPanel::~JudgesPanel()
{
    for (auto *job : {m_job.get(), m_stabilityJob.get(), m_probeJob.get()})
        if (job && job->isRunning()) {
            job->cancel();
            job->wait();
        }
}

QString JudgesPanel::stabilityText() const { return m_stability->text(); }

QString JudgesPanel::probeText() const { return m_probeResult->text(); }

// The LLM judge a probe tests: the measured judge, else the truth.
QString JudgesPanel::probedJudge() const
{
    for (const QString &j : {m_judge->currentText(), m_truth->currentText()})
        if (JudgeRegistry::usesModel(j))
            return j;
    return {};
}

Job *JudgesPanel::probe(const QString &run, const QString &judge, const QString &kind, int items)
{
    if (judge.isEmpty()) {
        m_probeResult->setText(tr("Probes test an LLM judge: on the Runs page select the run, click Score… and choose llm:PROFILE."));
        return nullptr;
    }
    if (m_probeJob && m_probeJob->isRunning())
        return nullptr;
    const QString path = m_project->path();
    auto report = std::make_shared<ProbeReport>();
    m_probeJob = std::make_unique<Job>(tr("Probing %1 (%2)").arg(judge, kind), [=](Job &job) {
        auto db = Project::openConnection(path);
        if (!db)
            return Status::failure(db);
        auto r = BiasProbe::run(db.value(), run, judge, kind, items, 1, &job);
        if (!r)
            return Status::failure(r);
        *report = r.take();
        return Status();
    });
    m_runProbe->setEnabled(false);
    m_probeResult->setText(tr("Probing %1 on %2 items…").arg(judge).arg(items));
    connect(m_probeJob.get(), &Job::finished, this, [this, report](bool ok, const QString &message) {
        m_runProbe->setEnabled(true);
        m_probeResult->setText(ok ? report->text() : message);
        emit probed();
    });
    emit jobStarted(m_probeJob.get());
    m_probeJob->start();
    return m_probeJob.get();
}

Job *JudgesPanel::measureStability(const QString &run, const QString &judge)
{
    m_flaky->clear();
    if (run.isEmpty() || judge.isEmpty()) {
        m_stability->clear();
        return nullptr;
    }
    if (m_stabilityJob && m_stabilityJob->isRunning()) {
        m_stabilityJob->cancel();
        m_stabilityJob->wait();
    }
    const QString path = m_project->path();
    auto report = std::make_shared<StabilityReport>();
    m_stabilityJob = std::make_unique<Job>(tr("Measuring the stability of %1").arg(judge), [=](Job &) {
        auto db = Project::openConnection(path);
        if (!db)
            return Status::failure(db);
        auto r = JudgeStability::analyze(db.value(), run, judge);
        if (!r)
            return Status::failure(r);
        *report = r.take();
        return Status();
    });
    const quint64 ticket = ++m_stabilityTicket; // only the newest measurement is shown
    connect(m_stabilityJob.get(), &Job::finished, this, [this, report, judge, ticket](bool ok, const QString &message) {
        if (ticket != m_stabilityTicket)
            return;
        if (!ok) {
            m_stability->setText(message.toHtmlEscaped());
            return;
        }
        const StabilityReport &r = *report;
        if (!r.missing.isEmpty() && !JudgeRegistry::usesModel(judge)) {
            m_stability->setText(tr("<p><b>Stability</b>: %1 gives the same verdict every time (it is not an LLM). To see how stable an LLM "
                                    "judge is, add an endpoint in Edit → Settings → LLM endpoints, then on the Runs page click Score…, choose "
                                    "llm:PROFILE and set <b>Repeat</b> to 3 or more.</p>").arg(judge.toHtmlEscaped()));
        } else if (!r.missing.isEmpty()) {
            m_stability->setText(tr("<p><b>Stability of %1</b>: not measured — %2.</p>").arg(judge.toHtmlEscaped(), r.missing.toHtmlEscaped()));
        } else {
            const auto f = [](double v, int d = 3) { return QString::number(v, 'f', d); };
            m_stability->setText(tr("<p><b>Stability of %1</b> over %2 repetitions of %3 items: verdicts disagree on <b>%4</b> of them "
                                    "(flip rate %5 [%6, %7]); Fleiss' κ %8. The run's accuracy per repetition: mean %9, SD %10, so one scoring's "
                                    "accuracy falls in [%11, %12] (95%).</p>")
                                     .arg(judge.toHtmlEscaped()).arg(r.repetitions).arg(r.items).arg(r.flaky)
                                     .arg(f(r.flipRate), f(r.flipCi.first), f(r.flipCi.second),
                                          r.fleiss.kappa ? QStringLiteral("%1 [%2, %3]").arg(f(*r.fleiss.kappa, 2), f(*r.fleiss.low, 2), f(*r.fleiss.high, 2)) : tr("undefined"),
                                          f(r.accuracyMean), f(r.accuracySd, 4), f(r.accuracyRange.first), f(r.accuracyRange.second)));
            for (const StabilityReport::Flaky &item : r.flakyItems.mid(0, 500)) {
                QStringList votes;
                for (int v : item.votes)
                    votes << (v == 1 ? QStringLiteral("✓") : v == 0 ? QStringLiteral("✗") : QStringLiteral("?"));
                auto *row = new QListWidgetItem(QStringLiteral("%1  %2  %3").arg(item.key, votes.join(QString()), item.query), m_flaky);
                row->setData(Qt::UserRole, item.itemId);
                row->setToolTip(item.query);
            }
        }
        m_flaky->setVisible(m_flaky->count() > 0);
        emit stabilityMeasured();
    });
    emit jobStarted(m_stabilityJob.get());
    m_stabilityJob->start();
    return m_stabilityJob.get();
}

void JudgesPanel::setRuns(const QStringList &runs)
{
    const QString current = m_run->currentText();
    {
        const QSignalBlocker block(m_run);
        m_run->clear();
        m_run->addItems(runs);
        m_run->setCurrentIndex(std::max(0, m_run->findText(current)));
    }
    runChanged();
}

void JudgesPanel::runChanged()
{
    QStringList judges;
    if (!m_run->currentText().isEmpty()) {
        auto read = RunOutcomes::answerJudges(*m_project, m_run->currentText());
        if (!read) {
            m_summary->setText(read.error().toHtmlEscaped());
            return;
        }
        judges = read.value();
    }
    {
        const QSignalBlocker blockT(m_truth), blockJ(m_judge);
        // A refresh (a new analysis, another run's labels) keeps the pair the user chose.
        const QString keptTruth = m_truth->currentText(), keptJudge = m_judge->currentText();
        m_truth->clear();
        m_judge->clear();
        m_truth->addItems(judges);
        m_judge->addItems(judges);
        // An imported or LLM verdict is the likelier truth; the cheap judge is measured.
        int t = 0;
        for (int i = 0; i < judges.size(); ++i)
            if (judges[i] == QLatin1String("imported") || JudgeRegistry::usesModel(judges[i]))
                t = i;
        if (judges.contains(LabelStore::majorityJudge())) // people's labels above all
            t = int(judges.indexOf(LabelStore::majorityJudge()));
        m_truth->setCurrentIndex(t);
        m_judge->setCurrentIndex(judges.size() > 1 ? (t == 0 ? 1 : 0) : 0);
        if (keptTruth != keptJudge && judges.contains(keptTruth) && judges.contains(keptJudge)) {
            m_truth->setCurrentText(keptTruth);
            m_judge->setCurrentText(keptJudge);
        }
    }
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 2; ++c)
            m_matrix->setItem(r, c, new QTableWidgetItem(QString()));
    if (judges.size() < 2) {
        measureStability(m_run->currentText(), judges.value(0));
        m_summary->setText(m_run->count() == 0
                               ? tr("<p style='color:gray'>No scored run is checked on the left.</p>")
                               : tr("<p style='color:gray'>%1 has %2. To measure one judge against another, select the run on the Runs page, "
                                    "click <b>Score…</b> and choose a second judge (%3).</p>")
                                     .arg(m_run->currentText().toHtmlEscaped(),
                                          judges.isEmpty() ? tr("no judge") : tr("one judge (%1)").arg(judges.first().toHtmlEscaped()),
                                          JudgeRegistry::instance().synopsis().toHtmlEscaped()));
        return;
    }
    measureSelected();
}

void JudgesPanel::measureSelected()
{
    if (m_truth->count() < 2)
        return;
    measure(m_run->currentText(), m_truth->currentText(), m_judge->currentText());
    // Stability is a model judge's: the one measured, else the truth.
    measureStability(m_run->currentText(), JudgeRegistry::usesModel(m_judge->currentText()) || !JudgeRegistry::usesModel(m_truth->currentText()) ? m_judge->currentText() : m_truth->currentText());
}

Job *JudgesPanel::measure(const QString &run, const QString &truth, const QString &judge)
{
    if (truth == judge) {
        m_summary->setText(tr("<p style='color:gray'>Choose two different judges.</p>"));
        return nullptr;
    }
    if (m_job && m_job->isRunning()) {
        m_job->cancel();
        m_job->wait();
    }
    {
        // The choosers show the pair being measured, so a refresh keeps it.
        const QSignalBlocker blockT(m_truth), blockJ(m_judge);
        if (m_truth->findText(truth) >= 0 && m_judge->findText(judge) >= 0)
            m_truth->setCurrentText(truth), m_judge->setCurrentText(judge);
    }
    const QString path = m_project->path();
    auto report = std::make_shared<JudgeAgreementReport>();
    m_job = std::make_unique<Job>(tr("Measuring judge %1 against %2").arg(judge, truth), [=](Job &) {
        auto db = Project::openConnection(path); // this thread's own connection
        if (!db)
            return Status::failure(db);
        auto t = RunOutcomes::load(db.value(), run, {truth, QString(), false, true});
        if (!t)
            return Status::failure(t);
        auto j = RunOutcomes::load(db.value(), run, {judge, QString(), false, true});
        if (!j)
            return Status::failure(j);
        *report = JudgeAgreement::compare(t.value().outcomes, j.value().outcomes);
        return Status();
    });
    // A replaced job's result may still be queued when the newer one starts: only the newest
    // measurement is shown.
    const quint64 ticket = ++m_measureTicket;
    connect(m_job.get(), &Job::finished, this, [this, truth, judge, report, ticket](bool ok, const QString &message) {
        if (ticket != m_measureTicket)
            return;
        if (!ok) {
            m_summary->setText(message.toHtmlEscaped());
            return;
        }
        show(truth, judge, *report);
        emit measured();
    });
    emit jobStarted(m_job.get());
    m_job->start();
    return m_job.get();
}

void JudgesPanel::show(const QString &truth, const QString &judge, const JudgeAgreementReport &r)
{
    const qint64 cells[2][2] = {{r.truePositive, r.falseNegative}, {r.falsePositive, r.trueNegative}};
    for (int row = 0; row < 2; ++row)
        for (int c = 0; c < 2; ++c) {
            auto *item = new QTableWidgetItem(QLocale().toString(cells[row][c]));
            item->setTextAlignment(Qt::AlignCenter);
            QFont f = item->font();
            f.setPointSizeF(f.pointSizeF() * 1.4);
            item->setFont(f);
            item->setBackground(row == c ? QColor(0xe3, 0xf2, 0xe3) : QColor(0xfb, 0xe4, 0xe1));
            m_matrix->setItem(row, c, item);
        }
    m_summary->setText(tr("<p><b>%1</b> read against <b>%2</b> on %3 items (%4 left out: a verdict missing or unread).</p>"
                          "<p>Precision <b>%5</b> [%6, %7] — low means optimistic (incorrect answers judged correct).<br>"
                          "Recall <b>%8</b> [%9, %10] — low means cynical (correct answers judged incorrect).<br>"
                          "Accuracy against the truth %11 [%12, %13]; Cohen's κ %14 [%15, %16]. Intervals: 95% (Wilson; Wald for κ).</p>"
                          "<p>Reading: <b>%17</b>.</p>%18")
                           .arg(judge.toHtmlEscaped(), truth.toHtmlEscaped())
                           .arg(r.compared).arg(r.skipped)
                           .arg(ratio(r.precision), ratio(r.precisionLow), ratio(r.precisionHigh), ratio(r.recall), ratio(r.recallLow), ratio(r.recallHigh),
                                ratio(r.agreement), ratio(r.agreementLow), ratio(r.agreementHigh))
                           .arg(ratio(r.kappa.kappa), ratio(r.kappa.low), ratio(r.kappa.high), r.biasInWords().toHtmlEscaped(),
                                r.compared < 30 ? tr("<p style='color:#8a5a00'>Only %1 items compared: the reading is uncertain (see the "
                                                     "intervals); label or score more items.</p>").arg(r.compared)
                                                : QString()));
}

QString JudgesPanel::summaryText() const { return m_summary->text(); }

} // namespace assay
