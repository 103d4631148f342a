#include "runlauncher.h"

#include "scoring/judgeregistry.h"
#include "generation/generationstore.h"
#include "llm/llmprofilestore.h"
#include "project/project.h"
#include "retrieval/retrieverregistry.h"
#include "runs/pipelinegrid.h"
#include "runs/testsetstore.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include "judgechooser.h"
#include "readers/readerregistry.h"
#include "messagebar.h"

#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTableWidget>

namespace assay {

RunLauncher::RunLauncher(Project &project, QWidget *parent) : QWidget(parent), m_project(project)
{
    auto *form = new QFormLayout;
    m_name = new QLineEdit(QStringLiteral("run"), this);
    m_name->setToolTip(tr("Run names are NAME/form/pipeline when several are started; a paused run of the same name continues."));
    form->addRow(tr("Name:"), m_name);
    m_formsBox = new QWidget(this);
    auto *formsRow = new QHBoxLayout(m_formsBox);
    formsRow->setContentsMargins(0, 0, 0, 0);
    formsRow->addStretch(1); // the query sets side by side on the left
    form->addRow(tr("Query sets:"), m_formsBox);
    m_ks = new QLineEdit(QStringLiteral("1, 3"), this);
    m_ks->setToolTip(tr("Comma-separated values of k: each becomes a column for every reader."));
    form->addRow(tr("k:"), m_ks);
    auto *options = new QHBoxLayout;
    m_embedder = new QComboBox(this);
    m_embedder->setToolTip(tr("The LLM profile whose /embeddings endpoint serves dense and hybrid retrieval."));
    m_icl = new QSpinBox(this);
    m_icl->setRange(0, 8);
    m_icl->setToolTip(tr("Worked examples (question, gold answer from other groups) in LLM reader prompts."));
    options->addWidget(new QLabel(tr("Embeddings:"), this));
    options->addWidget(m_embedder, 1);
    options->addWidget(new QLabel(tr("ICL examples:"), this));
    options->addWidget(m_icl);
    form->addRow(tr("Options:"), options);
    form->addRow(tr("Readers:"), buildReaderRow());
    form->addRow(tr("Agent limits:"), buildAgentLimits());
    m_external = new QLineEdit(this);
    m_external->setPlaceholderText(tr("optional: an external reader, e.g. reader=http,url=http://…/ask  or  reader=command,cmd=./my-rag"));
    form->addRow(tr("External reader:"), m_external);
    m_score = new JudgeChooser(true, this);
    m_score->setJudge(JudgeRegistry::defaultJudge());
    m_score->setToolTip(tr("Each run is scored by this judge as soon as it has executed every item; the Analysis page then shows it."));
    form->addRow(tr("Score with:"), m_score);

    m_grid = new QTableWidget(this);
    m_grid->setObjectName(QStringLiteral("pipelineGrid"));
    m_grid->setSelectionMode(QAbstractItemView::NoSelection);
    m_grid->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Rows one line high: beside the form, four retrievers show at 1366×768.
    m_grid->verticalHeader()->setDefaultSectionSize(m_grid->fontMetrics().lineSpacing() + 8);
    m_grid->setMinimumHeight(2 * m_grid->fontMetrics().lineSpacing() + 4 * (m_grid->fontMetrics().lineSpacing() + 8) + 12);
    m_startRow = new QWidget(this);
    m_startRow->setObjectName(QStringLiteral("startRow"));
    m_estimate = new QLabel(m_startRow);
    m_estimate->setObjectName(QStringLiteral("estimate"));
    m_estimate->setWordWrap(true);
    m_start = new QPushButton(QIcon::fromTheme(QStringLiteral("media-playback-start")), tr("Start"), m_startRow);
    m_start->setDefault(true);

    auto *bottom = new QHBoxLayout(m_startRow);
    bottom->setContentsMargins(0, 0, 0, 0);
    bottom->addWidget(m_estimate, 1);
    bottom->addWidget(m_start);
    // The form scrolls in its own pane and the grid sits beside it with the pane's whole
    // height: below the form, on a laptop screen it showed one row (issue 50 item 6).
    auto *formBox = new QWidget(this);
    formBox->setLayout(form);
    m_formPane = new QScrollArea(this);
    m_formPane->setObjectName(QStringLiteral("launcherForm"));
    m_formPane->setWidget(formBox);
    m_formPane->setWidgetResizable(true);
    m_formPane->setFrameShape(QFrame::NoFrame);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_formPane, 1);
    layout->addWidget(m_grid, 1); // startRow() goes where the page puts it

    connect(m_ks, &QLineEdit::editingFinished, this, &RunLauncher::rebuildGrid);
    connect(m_external, &QLineEdit::editingFinished, this, &RunLauncher::rebuildGrid);
    connect(m_embedder, &QComboBox::currentTextChanged, this, &RunLauncher::updateEstimate);
    connect(m_icl, &QSpinBox::valueChanged, this, &RunLauncher::updateEstimate);
    connect(m_steps, &QSpinBox::valueChanged, this, &RunLauncher::updateEstimate);
    connect(m_budget, &QSpinBox::valueChanged, this, &RunLauncher::updateEstimate);
    connect(m_name, &QLineEdit::textChanged, this, &RunLauncher::updateEstimate);
    connect(m_grid, &QTableWidget::itemChanged, this, &RunLauncher::updateEstimate);
    connect(m_start, &QPushButton::clicked, this, [this] {
        // Nothing starts while a checked cell or the external reader is in error.
        if (!canStart())
            return updateEstimate();
        emit startRequested(plannedRuns());
    });
    reload();
}

// Workflows × LLMs (R-Eval's grid): every reader of ReaderRegistry offered in the launcher, one
// column per LLM profile for those that take one, one column for the others.
QWidget *RunLauncher::buildReaderRow()
{
    m_workflowsBox = new QWidget(this);
    // Three to a line: one line of six pushed the grid beside the form off a laptop's width.
    auto *workflows = new QGridLayout(m_workflowsBox);
    workflows->setContentsMargins(0, 0, 0, 0);
    int placed = 0;
    for (const ReaderKind *kind : ReaderRegistry::instance().kinds()) {
        if (!kind->inLauncher)
            continue;
        auto *box = new QCheckBox(kind->label, m_workflowsBox);
        box->setObjectName(QStringLiteral("workflow_") + kind->name);
        box->setProperty("workflow", kind->name);
        box->setChecked(kind->checkedByDefault);
        box->setToolTip(QStringLiteral("%1: %2").arg(kind->synopsis(), kind->description));
        connect(box, &QCheckBox::toggled, this, &RunLauncher::rebuildGrid);
        workflows->addWidget(box, placed / 3, placed % 3);
        ++placed;
        m_workflows << box;
    }
    workflows->setColumnStretch(3, 1);
    return m_workflowsBox;
}

// The steps and tokens an agentic item may spend.
QHBoxLayout *RunLauncher::buildAgentLimits()
{
    auto *limits = new QHBoxLayout;
    m_steps = new QSpinBox(this);
    m_steps->setObjectName(QStringLiteral("agentSteps"));
    m_steps->setRange(1, 100);
    m_steps->setValue(PipelineSpec().steps);
    m_steps->setToolTip(tr("LLM calls an agentic item may make (DFSDT: nodes it may expand); an item that reaches it is halted."));
    m_budget = new QSpinBox(this);
    m_budget->setObjectName(QStringLiteral("agentBudget"));
    m_budget->setRange(0, 10000000);
    m_budget->setSingleStep(1000);
    m_budget->setSpecialValueText(tr("no limit"));
    m_budget->setSuffix(tr(" tokens"));
    m_budget->setToolTip(tr("Tokens (prompt and completion) an agentic item may spend; an item that exceeds it is halted."));
    limits->addWidget(new QLabel(tr("Steps per item:"), this));
    limits->addWidget(m_steps);
    limits->addWidget(new QLabel(tr("Token budget per item:"), this));
    limits->addWidget(m_budget, 1);
    return limits;
}

std::optional<ScoreSpec> RunLauncher::scoreSpec() const
{
    if (m_score->judge().isEmpty())
        return std::nullopt;
    return ScoreSpec{m_score->judge(), m_score->closedDomain()};
}

void RunLauncher::reload()
{
    const QStringList checked = [this] {
        QStringList out;
        for (QCheckBox *c : m_forms)
            if (c->isChecked())
                out << c->text();
        return out;
    }();
    qDeleteAll(m_forms);
    m_forms.clear();
    auto read = m_project.service<GenerationStore>()->forms();
    if (!read)
        MessageBar::report(this, MessageBar::Level::Error, tr("The query sets cannot be read: %1").arg(read.error()));
    const QStringList forms = read ? read.value() : QStringList();
    for (const QString &f : forms) {
        auto *box = new QCheckBox(f, m_formsBox);
        box->setChecked(checked.isEmpty() ? f == forms.first() : checked.contains(f));
        connect(box, &QCheckBox::toggled, this, &RunLauncher::updateEstimate);
        static_cast<QHBoxLayout *>(m_formsBox->layout())->insertWidget(int(m_forms.size()), box);
        m_forms << box;
    }
    // Frozen versions (Queries → Versions): a run on one gets its items, not today's.
    auto versions = m_project.service<TestSetStore>()->list();
    if (!versions)
        MessageBar::report(this, MessageBar::Level::Error, tr("The frozen versions cannot be read: %1").arg(versions.error()));
    for (const TestSetInfo &v : versions ? versions.value() : QVector<TestSetInfo>()) {
        if (v.kind != QLatin1String("queries"))
            continue;
        auto *box = new QCheckBox(tr("%1 (frozen)").arg(v.name), m_formsBox);
        box->setToolTip(tr("Frozen version %1: %2 items of %3, frozen %4%5").arg(v.name).arg(v.items).arg(v.sourceText(), v.createdAt,
                                                                                 v.note.isEmpty() ? QString() : QStringLiteral(" — ") + v.note));
        box->setProperty("testsetId", v.id);
        box->setProperty("version", v.name);
        box->setProperty("form", v.source);
        box->setProperty("items", v.items);
        box->setChecked(checked.contains(box->text()));
        connect(box, &QCheckBox::toggled, this, &RunLauncher::updateEstimate);
        static_cast<QHBoxLayout *>(m_formsBox->layout())->insertWidget(int(m_forms.size()), box); // beside the forms, before the stretch
        m_forms << box;
    }
    const QString embedder = m_embedder->currentText();
    m_embedder->clear();
    for (const LlmProfile &p : LlmProfileStore::all())
        m_embedder->addItem(p.name);
    m_embedder->setCurrentText(embedder);
    rebuildGrid();
}

void RunLauncher::setFormChecked(const QString &form, bool checked)
{
    for (QCheckBox *c : m_forms)
        if (c->text() == form)
            c->setChecked(checked);
}

QList<int> RunLauncher::kValues() const
{
    QList<int> ks;
    for (const QString &part : m_ks->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int k = part.trimmed().toInt(&ok);
        if (ok && k >= 1 && !ks.contains(k))
            ks << k;
    }
    return ks.isEmpty() ? QList<int>{3} : ks;
}

QStringList RunLauncher::readers() const
{
    QStringList out{QStringLiteral("reader=none")};
    const QVector<LlmProfile> profiles = LlmProfileStore::all();
    for (QCheckBox *workflow : m_workflows) {
        if (!workflow->isChecked())
            continue;
        const QString name = workflow->property("workflow").toString();
        const ReaderKind *kind = ReaderRegistry::instance().find(name);
        if (kind && kind->argument == ReaderKind::Argument::None)
            out << QStringLiteral("reader=%1").arg(name);
        else
            for (const LlmProfile &p : profiles)
                out << QStringLiteral("reader=%1:%2").arg(name, p.name);
    }
    if (!m_external->text().trimmed().isEmpty())
        out << m_external->text().trimmed();
    return out;
}

void RunLauncher::rebuildGrid()
{
    // Keep what was checked, by (retriever, column title).
    QSet<QString> checked;
    for (int r = 0; r < m_grid->rowCount(); ++r)
        for (int c = 0; c < m_grid->columnCount(); ++c)
            if (m_grid->item(r, c) && m_grid->item(r, c)->checkState() == Qt::Checked)
                checked << m_grid->verticalHeaderItem(r)->text() + QLatin1Char('\n') + m_grid->horizontalHeaderItem(c)->data(Qt::UserRole).toString();
    const QSignalBlocker block(m_grid);
    const QVector<const RetrieverKind *> retrievers = RetrieverRegistry::instance().kinds();
    QStringList columns, titles;
    for (const QString &reader : readers())
        for (int k : kValues()) {
            columns << QStringLiteral("%1,k=%2").arg(reader).arg(k);
            titles << QStringLiteral("%1\nk=%2").arg(reader.section(QLatin1Char(','), 0, 0).mid(7)).arg(k);
        }
    m_grid->clear();
    m_grid->setRowCount(int(retrievers.size()));
    m_grid->setColumnCount(int(columns.size()));
    for (int c = 0; c < columns.size(); ++c) {
        auto *header = new QTableWidgetItem(titles[c]);
        header->setData(Qt::UserRole, columns[c]);
        header->setToolTip(columns[c]);
        m_grid->setHorizontalHeaderItem(c, header);
    }
    for (int r = 0; r < retrievers.size(); ++r) {
        auto *row = new QTableWidgetItem(retrievers[r]->name);
        row->setToolTip(QStringLiteral("%1: %2").arg(retrievers[r]->label, retrievers[r]->description));
        m_grid->setVerticalHeaderItem(r, row);
        for (int c = 0; c < columns.size(); ++c) {
            auto *cell = new QTableWidgetItem;
            cell->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
            const bool wasChecked = checked.contains(retrievers[r]->name + QLatin1Char('\n') + columns[c]);
            cell->setCheckState(wasChecked ? Qt::Checked : Qt::Unchecked);
            m_grid->setItem(r, c, cell);
        }
    }
    // No wider than its columns: the form beside it takes the rest.
    m_grid->resizeColumnsToContents();
    int width = 2 * m_grid->frameWidth() + m_grid->verticalHeader()->sizeHint().width() + m_grid->verticalScrollBar()->sizeHint().width() + 4;
    for (int c = 0; c < m_grid->columnCount(); ++c)
        width += m_grid->columnWidth(c);
    m_grid->setMaximumWidth(std::max(width, 160));
    updateEstimate();
}

QVector<PlannedRun> RunLauncher::plannedRuns(QStringList *errors) const
{
    QVector<PipelineSpec> specs;
    for (int r = 0; r < m_grid->rowCount(); ++r) {
        for (int c = 0; c < m_grid->columnCount(); ++c) {
            if (m_grid->item(r, c)->checkState() != Qt::Checked)
                continue;
            // The column names the reader and k, the row the retriever; the launcher's options
            // are set on the parsed spec where the reader takes them.
            const QString retriever = m_grid->verticalHeaderItem(r)->text();
            const QString column = m_grid->horizontalHeaderItem(c)->data(Qt::UserRole).toString();
            QString text = QStringLiteral("retriever=%1,%2").arg(retriever, column);
            const RetrieverKind *retrieverKind = RetrieverRegistry::instance().find(retriever);
            if (retrieverKind && retrieverKind->needsEmbedder && m_embedder->currentText().isEmpty()) {
                if (errors)
                    *errors << tr("Retriever %1 needs an embedding profile: add an LLM profile with an embedding model under Edit → Settings… → LLM "
                                  "endpoints, then choose it under Embeddings.")
                                   .arg(retriever);
                continue;
            }
            if (retrieverKind && retrieverKind->needsEmbedder)
                text += QStringLiteral(",embedder=%1").arg(m_embedder->currentText());
            auto parsed = PipelineSpec::parse(text);
            if (!parsed) {
                if (errors)
                    *errors << parsed.error();
                continue;
            }
            PipelineSpec spec = parsed.take();
            const ReaderKind *kind = ReaderRegistry::instance().find(spec.readerKind());
            if (kind && kind->promptsLlm)
                spec.icl = m_icl->value();
            if (kind && kind->agentic) {
                spec.steps = m_steps->value();
                spec.budget = m_budget->value();
            }
            specs << spec;
        }
    }
    QStringList sets;
    QVector<RunPlan::Version> versions;
    for (QCheckBox *c : m_forms) {
        if (!c->isChecked())
            continue;
        if (c->property("testsetId").isValid())
            versions.append({c->property("testsetId").toLongLong(), c->property("version").toString(), c->property("form").toString(), c->property("items").toLongLong()});
        else
            sets << c->text();
    }
    if (specs.isEmpty() || (sets.isEmpty() && versions.isEmpty()))
        return {};
    return RunPlan::expand(m_name->text().trimmed().isEmpty() ? QStringLiteral("run") : m_name->text().trimmed(), specs, sets, versions);
}

QString RunLauncher::estimateText() const { return m_estimate->text(); }

QCheckBox *RunLauncher::workflowBox(const QString &workflow) const
{
    for (QCheckBox *box : m_workflows)
        if (box->property("workflow").toString() == workflow)
            return box;
    return nullptr;
}

bool RunLauncher::canStart() const
{
    QStringList errors;
    const bool planned = !plannedRuns(&errors).isEmpty();
    return planned && errors.isEmpty() && externalReaderError().isEmpty();
}

QString RunLauncher::externalReaderError() const
{
    const QString external = m_external->text().trimmed();
    if (external.isEmpty())
        return {};
    auto spec = PipelineSpec::parse(QStringLiteral("retriever=bm25,k=1,") + external);
    return spec ? QString() : tr("External reader: %1").arg(spec.error());
}

void RunLauncher::updateEstimate()
{
    QStringList errors;
    const QVector<PlannedRun> runs = plannedRuns(&errors);
    if (const QString external = externalReaderError(); !external.isEmpty())
        errors.prepend(external); // said as soon as it is typed, checked cell or not
    m_start->setEnabled(!runs.isEmpty() && errors.isEmpty());
    m_external->setToolTip(externalReaderError());
    if (!errors.isEmpty()) {
        // A checked cell that is no pipeline (a mistyped external reader) is said, not dropped.
        m_estimate->setText(QStringLiteral("<span style='color:%1'>%2</span>").arg(MessageBar::colorName(MessageBar::Level::Error), errors.join(QStringLiteral("<br>")).toHtmlEscaped()));
        return;
    }
    if (runs.isEmpty()) {
        m_estimate->setText(tr("Check at least one query set and one cell of the grid (retriever × reader × k)."));
        return;
    }
    m_estimate->setText(RunPlan::estimate(m_project, runs).summary());
}

} // namespace assay
