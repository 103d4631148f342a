#include "analysistabs/groundingpanel.h"
#include "filedialogs.h"

#include "analysis/garagedata.h"
#include "core/job.h"
#include "llm/llmprofilestore.h"
#include "project/project.h"

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

namespace assay {

namespace {

QString figure(const nlohmann::json &v) { return v.is_null() ? QStringLiteral("—") : QString::number(v.get<double>(), 'f', 3); }

QLineEdit *fileRow(QWidget *parent, QFormLayout *form, const QString &label, const QString &title)
{
    auto *edit = new QLineEdit(parent);
    auto *browse = new QPushButton(QObject::tr("Browse…"), parent);
    QObject::connect(browse, &QPushButton::clicked, parent, [parent, edit, title] {
        const QString p = FileDialogs::openFile(parent, QStringLiteral("results"), title, QObject::tr("JSON Lines (*.jsonl);;All files (*)"));
        if (!p.isEmpty())
            edit->setText(p);
    });
    auto *row = new QHBoxLayout;
    row->addWidget(edit, 1);
    row->addWidget(browse);
    form->addRow(label, row);
    return edit;
}

} // namespace

GroundingPanel::GroundingPanel(Project *project, QWidget *parent)
    : QWidget(parent), m_project(project), m_judge(new QComboBox(this)), m_summary(new QLabel(this)), m_labels(new QTableWidget(this))
{
    setObjectName(QStringLiteral("groundingPanel"));
    auto *form = new QFormLayout;
    m_benchmark = fileRow(this, form, tr("Benchmark:"), tr("GaRAGe benchmark (JSONL)"));
    m_responses = fileRow(this, form, tr("Responses:"), tr("Your system's responses (JSONL)"));
    m_judge->addItem(tr("Phrase list (no factuality)"), QString());
    for (const LlmProfile &p : LlmProfileStore::all())
        m_judge->addItem(tr("LLM judge %1").arg(p.name), p.name);
    form->addRow(tr("Judged by:"), m_judge);
    auto *run = new QPushButton(tr("Evaluate"), this);
    run->setObjectName(QStringLiteral("groundingEvaluate"));
    form->addRow(run);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setText(tr("<p style='color:gray'>Choose a GaRAGe benchmark (questions with annotated passages) and your system's "
                          "responses with [cite_N] markers, then click <b>Evaluate</b>. Pick an LLM judge for relevance-aware "
                          "factuality.</p>"));
    m_labels->setColumnCount(9);
    m_labels->setHorizontalHeaderLabels({tr("Label"), tr("Value"), tr("Questions"), tr("Deflection TPR"), tr("Deflection FPR"), tr("Attribution P"),
                                         tr("Attribution R"), tr("Attribution F1"), tr("RAF")});
    m_labels->verticalHeader()->hide();
    m_labels->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_labels->setSortingEnabled(true);
    m_labels->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_summary);
    layout->addWidget(new QLabel(tr("<b>By question label</b>"), this));
    layout->addWidget(m_labels, 1);
    connect(run, &QPushButton::clicked, this, [this] { evaluate(m_benchmark->text().trimmed(), m_responses->text().trimmed(), m_judge->currentData().toString()); });
}

GroundingPanel::~GroundingPanel()
{
    if (m_job && m_job->isRunning()) {
        m_job->cancel();
        m_job->wait();
    }
}

Job *GroundingPanel::evaluate(const QString &benchmark, const QString &responses, const QString &judgeProfile)
{
    if (m_job && m_job->isRunning())
        return nullptr;
    if (benchmark.isEmpty() || responses.isEmpty()) {
        m_summary->setText(tr("<p style='color:#b3261e'>Choose both files: the benchmark and the responses.</p>"));
        return nullptr;
    }
    m_benchmark->setText(benchmark);
    m_responses->setText(responses);
    const QString path = m_project->path();
    auto report = std::make_shared<GarageReport>();
    m_job = std::make_unique<Job>(tr("GaRAGe grounding of %1").arg(QFileInfo(responses).fileName()), [=](Job &job) {
        auto project = Project::openForJob(path); // the LLM cache on this thread's connection
        if (!project)
            return Status::failure(project);
        GarageEvaluator::Options options;
        options.judgeProfile = judgeProfile;
        auto r = GarageEvaluator::evaluateFiles(*project.value(), benchmark, responses, options, &job);
        if (!r)
            return Status::failure(r);
        *report = r.take();
        return Status();
    });
    connect(m_job.get(), &Job::finished, this, [this, report](bool ok, const QString &message) {
        if (!ok) {
            m_summary->setText(QStringLiteral("<p style='color:#b3261e'>%1</p>").arg(message.toHtmlEscaped()));
            return;
        }
        show(*report);
        emit evaluated();
    });
    emit jobStarted(m_job.get());
    m_job->start();
    return m_job.get();
}

void GroundingPanel::show(const GarageReport &report)
{
    const nlohmann::json o = report.overall.toJson(report.withRaf);
    m_summary->setText(tr("<p>%1 questions, %2 without a relevant passage. Deflection (%3): <b>TPR %4</b> (deflected when nothing relevant), "
                          "<b>FPR %5</b> (deflected although a passage was relevant).</p>"
                          "<p>Attribution, macro: P %6, R %7, <b>F1 %8</b>; micro: P %9, R %10, F1 %11.</p><p>%12</p>")
                           .arg(report.overall.questions).arg(report.overall.withoutRelevant)
                           .arg(report.deflectionMethod.toHtmlEscaped(), figure(o["deflection"]["tpr"]), figure(o["deflection"]["fpr"]),
                                figure(o["attribution"]["macro"]["precision"]), figure(o["attribution"]["macro"]["recall"]),
                                figure(o["attribution"]["macro"]["f1"]), figure(o["attribution"]["micro"]["precision"]),
                                figure(o["attribution"]["micro"]["recall"]))
                           .arg(figure(o["attribution"]["micro"]["f1"]),
                                report.withRaf ? tr("Relevance-aware factuality: <b>RAF %1</b>, uRAF %2 (%3 judged, %4 unread).")
                                                     .arg(figure(o["factuality"]["raf"]), figure(o["factuality"]["uraf"]))
                                                     .arg(report.overall.judged).arg(report.overall.unread)
                                               : tr("Factuality (RAF) needs an LLM judge: choose one under <i>Judged by</i>.")));
    m_labels->setSortingEnabled(false);
    m_labels->setRowCount(0);
    for (auto l = report.byLabel.begin(); l != report.byLabel.end(); ++l)
        for (auto v = l.value().begin(); v != l.value().end(); ++v) {
            const nlohmann::json s = v.value().toJson(report.withRaf);
            const int row = m_labels->rowCount();
            m_labels->insertRow(row);
            const QStringList cells{l.key(), v.key(), QString::number(v.value().questions), figure(s["deflection"]["tpr"]), figure(s["deflection"]["fpr"]),
                                    figure(s["attribution"]["macro"]["precision"]), figure(s["attribution"]["macro"]["recall"]),
                                    figure(s["attribution"]["macro"]["f1"]), figure(s["factuality"]["raf"])};
            for (int c = 0; c < cells.size(); ++c)
                m_labels->setItem(row, c, new QTableWidgetItem(cells[c]));
        }
    m_labels->setSortingEnabled(true);
}

QString GroundingPanel::summaryText() const { return m_summary->text(); }

} // namespace assay
