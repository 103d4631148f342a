#include "examspage.h"
#include "filedialogs.h"

#include "examtabs/irtpanel.h"
#include "examtabs/shortformpanel.h"
#include "exams/examadaptivetake.h"
#include "exams/examirt.h"
#include "core/job.h"
#include "commands/setexamitemstatecommand.h"
#include "dialogs/examgeneratedialog.h"
#include "dialogs/examtakedialog.h"
#include "exams/examworkflow.h"
#include "generation/generationstore.h"
#include "llm/llmprofilestore.h"
#include "exams/examstats.h"
#include "exams/examshortform.h"
#include "exams/examstore.h"
#include "exams/responsematrix.h"
#include "itemmodels/examitemsmodel.h"
#include "project/project.h"
#include "exams/examcuration.h"
#include "changefollower.h"
#include "examchooser.h"
#include "messagebar.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QRegularExpression>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QPointer>
#include <QSettings>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QUndoStack>
#include <QVBoxLayout>

namespace assay {

ExamsPage::ExamsPage(Project *project, QWidget *parent) : QWidget(parent), m_project(project)
{
    setObjectName(QStringLiteral("examsPage"));
    m_model = new ExamItemsModel(*project, this);
    buildWidgets();
    buildLayout();
    connectActions();
    connect(m_irt, &IrtPanel::jobStarted, this, &ExamsPage::jobStarted);
    connect(m_shortForms, &ShortFormPanel::jobStarted, this, &ExamsPage::jobStarted);
    connect(m_shortForms, &ShortFormPanel::jobFinished, this, [this](bool ok, const QString &message) {
        if (!ok && !message.isEmpty())
            m_messages->error(message);
        reload();
        emit jobFinished(ok, message);
    });
    connect(m_irt, &IrtPanel::parametersShown, m_shortForms, &ShortFormPanel::setFitted);
    // Validate… refits with the IRT tab's estimator unless changed on its own tab.
    const auto followEstimator = [this] { m_shortForms->setEstimator(m_irt->estimatorChooser()->currentData().toString()); };
    connect(m_irt->estimatorChooser(), &QComboBox::currentIndexChanged, this, followEstimator);
    followEstimator();
    // The fit's standard errors and item fit beside the stored a, b, c in the grid.
    connect(m_irt, &IrtPanel::fitted, this, [this] { m_model->setFitDiagnostics(m_irt->fitDiagnostics()); });
    // Parameters shown (an exam chosen, a fit stored, undone or redone): the grid's item fit follows.
    connect(m_irt, &IrtPanel::parametersShown, this, [this] { m_model->setFitDiagnostics(m_irt->fitDiagnostics()); });
    auto selectionToIrt = [this] {
        QVector<ExamItem> items;
        for (const QModelIndex &row : m_view->selectionModel()->selectedRows())
            items << m_model->itemAt(row.row());
        m_irt->setSelectedItems(items);
    };
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, selectionToIrt);
    // A reload (a fit stored, an edit undone) keeps the rows the user selected, by item.
    connect(m_model, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
        m_keptSelection.clear();
        for (const QModelIndex &row : m_view->selectionModel()->selectedRows())
            m_keptSelection.insert(m_model->idAt(row.row()));
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        if (m_keptSelection.isEmpty())
            return;
        QItemSelection again;
        for (int r = 0; r < m_model->rowCount(); ++r)
            if (m_keptSelection.contains(m_model->idAt(r)))
                again.select(m_model->index(r, 0), m_model->index(r, ExamItemsModel::ColumnCount - 1));
        m_view->selectionModel()->select(again, QItemSelectionModel::ClearAndSelect);
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, selectionToIrt);
    connect(m_model, &QAbstractItemModel::modelReset, this, &ExamsPage::showStats);
    // Exams generated or taken by a job or another program, IRT fitted elsewhere.
    new ChangeFollower(this, m_project, ChangeFollower::touching(ProjectChange::Aggregate::Exams), [this] {
        reload();
        return true;
    });
    reload();
}

void ExamsPage::buildWidgets()
{
    // Short forms' names are long ("demo-exam-information-50"): the box takes the row's room
    // and elides the name in the middle rather than growing with the longest; the tooltip
    // names the exam whole.
    m_exam = new ExamChooser(this);
    m_bloom = new QComboBox(this);
    m_type = new QComboBox(this);
    m_reason = new QComboBox(this);
    m_source = new QLineEdit(this);
    m_source->setPlaceholderText(tr("Source…"));
    // A short placeholder fits a laptop's width; the tooltip says what it filters.
    m_source->setToolTip(tr("Show only the items whose source (query, chunk or document) contains this text"));
    m_source->setClearButtonEnabled(true);
    m_generate = new QPushButton(QIcon::fromTheme(QStringLiteral("document-new")), tr("Generate Exam…"), this);
    m_generate->setObjectName(QStringLiteral("generateExam"));
    m_generate->setToolTip(tr("A multiple-choice exam: grounded from a query set (one item per semantic group), or written by an LLM from the corpus."));
    m_export = new QPushButton(QIcon::fromTheme(QStringLiteral("document-save-as")), tr("Export Matrix…"), this);
    m_export->setObjectName(QStringLiteral("exportMatrix"));
    m_export->setToolTip(tr("The chosen exam's response matrix (students × items) and the students' factors as CSV, for mirt or your own analysis."));
    m_take = new QPushButton(QIcon::fromTheme(QStringLiteral("media-playback-start")), tr("Take Exam…"), this);
    m_take->setObjectName(QStringLiteral("takeExam"));
    m_take->setToolTip(tr("Have students (IR pipelines, the oracle, LLM profiles) take the chosen exam; then fit IRT."));
    m_accept = new QPushButton(tr("Accept"), this);
    m_reject = new QPushButton(tr("Reject"), this);
    m_stats = new QLabel(this);
    m_stats->setObjectName(QStringLiteral("examStats"));
    m_stats->setWordWrap(true);
    m_stats->setTextFormat(Qt::RichText);
    m_messages = new MessageBar(this);
    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("examItemsTable"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    // Rows of one line of text: the page's height holds more than twenty at 1366×768.
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().lineSpacing() + 8);
    m_view->horizontalHeader()->setStretchLastSection(true);
    // A click on a column's header sorts by it (the misfits or the least discriminating items
    // first); the exam's own order until then.
    m_view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_view->setSortingEnabled(true);
    // What curation is about first, in view at 1366×768 without scrolling sideways (issue 77):
    // item, stem, key, a, b, c and the fit; the options (whole on hover) and the rest follow.
    QHeaderView *header = m_view->horizontalHeader();
    int place = 2;
    for (const int column : {int(ExamItemsModel::Answer), int(ExamItemsModel::A), int(ExamItemsModel::B), int(ExamItemsModel::C), int(ExamItemsModel::FitP)})
        header->moveSection(header->visualIndex(column), place++);
    m_view->setColumnWidth(ExamItemsModel::Key, 62); // q12345 whole, beside the sort arrow
    m_view->setColumnWidth(ExamItemsModel::Stem, 250);
    m_view->setColumnWidth(ExamItemsModel::Answer, 40);
    for (const int column : {int(ExamItemsModel::A), int(ExamItemsModel::B), int(ExamItemsModel::C)})
        m_view->setColumnWidth(column, 50);
    m_view->setColumnWidth(ExamItemsModel::FitP, 86);
    for (int c = ExamItemsModel::OptionA; c <= ExamItemsModel::OptionD; ++c)
        m_view->setColumnWidth(c, 96);
}

void ExamsPage::buildLayout()
{
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Exam:"), this));
    bar->addWidget(m_exam, 1);
    bar->addWidget(m_generate);
    bar->addWidget(m_take);
    bar->addWidget(m_export);
    bar->addWidget(new QLabel(tr("Bloom:"), this));
    bar->addWidget(m_bloom);
    bar->addWidget(new QLabel(tr("Type:"), this));
    bar->addWidget(m_type);
    bar->addWidget(new QLabel(tr("Filtered:"), this));
    bar->addWidget(m_reason);
    bar->addWidget(m_source, 1);
    bar->addWidget(m_accept);
    bar->addWidget(m_reject);
    m_irt = new IrtPanel(m_project, this);
    m_shortForms = new ShortFormPanel(m_project, this);
    m_lower = new QTabWidget(this);
    m_lower->setObjectName(QStringLiteral("examTabs"));
    m_lower->setDocumentMode(true);
    m_lower->addTab(m_irt, tr("IRT"));
    m_lower->addTab(m_shortForms, tr("Short forms && adaptive"));
    // The grid beside the IRT and short-form charts, each at the page's full height: one above
    // the other, fifteen rows of the grid left the charts too little to read at 1366×768 (issue
    // 77). The divider's place is remembered.
    m_split = new QSplitter(Qt::Horizontal, this);
    m_split->setObjectName(QStringLiteral("examSplit"));
    m_split->addWidget(m_view);
    m_split->addWidget(m_lower);
    m_split->setStretchFactor(0, 1);
    m_split->setStretchFactor(1, 1);
    m_split->setChildrenCollapsible(false);
    m_split->setSizes({630, 560});
    if (const QByteArray state = QSettings().value(QStringLiteral("exams/split")).toByteArray(); !state.isEmpty())
        m_split->restoreState(state);
    connect(m_split, &QSplitter::splitterMoved, this, [this] { QSettings().setValue(QStringLiteral("exams/split"), m_split->saveState()); });
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_stats);
    layout->addWidget(m_split, 1);
    layout->addWidget(m_messages);
}

// The bar's buttons and filters.
void ExamsPage::connectActions()
{
    connect(m_exam, &QComboBox::currentTextChanged, this, &ExamsPage::showExam);
    for (QComboBox *box : {m_bloom, m_type, m_reason})
        connect(box, &QComboBox::currentIndexChanged, this, &ExamsPage::applyFilter);
    connect(m_source, &QLineEdit::textChanged, this, &ExamsPage::applyFilter);
    connect(m_generate, &QPushButton::clicked, this, [this] {
        auto forms = m_project->service<GenerationStore>()->forms();
        if (!forms) {
            m_messages->error(forms.error());
            return;
        }
        auto exams = m_project->service<ExamStore>()->exams();
        const QStringList existing = exams ? exams.value() : QStringList();
        QString name = QStringLiteral("exam");
        for (int n = 2; existing.contains(name); ++n)
            name = QStringLiteral("exam-%1").arg(n);
        QStringList profiles;
        for (const LlmProfile &p : LlmProfileStore::all())
            profiles << p.name;
        ExamGenerateDialog dialog(forms.value(), profiles, name, this);
        if (dialog.exec() != QDialog::Accepted)
            return;
        if (dialog.profile().isEmpty())
            startGenerate(dialog.name(), dialog.querySet(), dialog.seed(), dialog.thresholds());
        else
            startGenerateFromCorpus(dialog.name(), dialog.profile(), dialog.seed(), dialog.perChunk(), dialog.maxChunks(), dialog.thresholds());
    });
    connect(m_export, &QPushButton::clicked, this, [this] {
        const QString responses = FileDialogs::saveFile(this, QStringLiteral("exports"), tr("Export the response matrix"),
                                                               m_exam->currentText() + QStringLiteral("_responses.csv"),
                                                               tr("CSV (*.csv)"));
        if (responses.isEmpty())
            return;
        QString factors = responses;
        factors.replace(QRegularExpression(QStringLiteral("(_responses)?\\.csv$")), QStringLiteral("_factors.csv"));
        if (factors == responses)
            factors += QStringLiteral("_factors.csv");
        startExportMatrix(responses, factors);
    });
    connect(m_take, &QPushButton::clicked, this, [this] {
        QStringList profiles;
        for (const LlmProfile &p : LlmProfileStore::all())
            profiles << p.name;
        ExamStore &store = *m_project->service<ExamStore>();
        auto id = store.idOf(m_exam->currentText());
        if (!id) {
            m_messages->error(id.error());
            return;
        }
        auto stored = store.items(id.value());
        auto form = store.shortForm(id.value());
        if (!stored || !form) {
            m_messages->error(!stored ? stored.error() : form.error());
            return;
        }
        ExamTakeDialog dialog(m_exam->currentText(), profiles, !ExamIrt::storedModel(stored.value()).isEmpty(), form.value().parent, this);
        dialog.setItemCount(int(stored.value().size()));
        auto twoDim = store.irtTwoDim(id.value());
        if (!twoDim) {
            m_messages->error(twoDim.error());
            return;
        }
        dialog.setTwoDimensional(!twoDim.value().isEmpty() && form.value().parent.isEmpty(),
                                 form.value().parent.isEmpty() ? QString()
                                                               : tr("A short form is taken on the model with one ability; take %1 itself adaptively on two.")
                                                                     .arg(form.value().parent));
        if (dialog.exec() != QDialog::Accepted)
            return;
        if (dialog.adaptive())
            startAdaptiveTake(dialog.students(), dialog.rule());
        else
            startTake(dialog.students());
    });
    connect(m_accept, &QPushButton::clicked, this, &ExamsPage::acceptSelection);
    connect(m_reject, &QPushButton::clicked, this, &ExamsPage::rejectSelection);
    connect(m_model, &ExamItemsModel::editRejected, m_messages, &MessageBar::error);
}

// The chosen exam's statistics in words above the grid.
void ExamsPage::showStats()
{
    ExamStore &store = *m_project->service<ExamStore>();
    auto id = store.idOf(m_exam->currentText());
    if (!id) {
        m_stats->setText(tr("No exam yet: click <b>Generate Exam…</b> to make a grounded exam from a query set, then <b>Take Exam…</b> and <b>Fit IRT</b>."));
        return;
    }
    auto readItems = store.items(id.value(), false);
    auto readStats = store.stats(id.value());
    if (!readItems || !readStats) {
        m_stats->setText(tr("The exam cannot be read: %1").arg((!readItems ? readItems.error() : readStats.error()).toHtmlEscaped()));
        return;
    }
    const auto stats = ExamStats::compute(readItems.value(), readStats.value());
    m_stats->setText(tr("%1 · %2 shown").arg(ExamStats::summary(stats).toHtmlEscaped()).arg(m_model->rowCount()));
    m_stats->setToolTip(ExamStats::categories(stats));
}

ExamsPage::~ExamsPage()
{
    if (m_job) {
        m_job->cancel();
        m_job->wait();
    }
}

Job *ExamsPage::startGenerate(const QString &name, const QString &querySet, quint64 seed, const ExamWorkflow::Thresholds &thresholds)
{
    const QString path = m_project->path();
    return startJob(tr("Generating exam %1").arg(name), name, [path, name, querySet, seed, thresholds](Job &job) {
        auto project = Project::openForJob(path); // this thread's own connection
        if (!project)
            return Status::failure(project);
        auto generated = ExamWorkflow::generateGrounded(*project.value(), name, querySet, seed, &job, thresholds);
        return generated ? Status() : Status::failure(generated);
    });
}

Job *ExamsPage::startGenerateFromCorpus(const QString &name, const QString &profile, quint64 seed, int perChunk, int maxChunks,
                                        const ExamWorkflow::Thresholds &thresholds)
{
    const QString path = m_project->path();
    return startJob(tr("Writing exam %1 from the corpus with %2").arg(name, profile), name, [=](Job &job) {
        auto project = Project::openForJob(path);
        if (!project)
            return Status::failure(project);
        auto generated = ExamWorkflow::generateFromCorpus(*project.value(), name, profile, seed, perChunk, maxChunks, &job, thresholds);
        return generated ? Status() : Status::failure(generated);
    });
}

Job *ExamsPage::startExportMatrix(const QString &responsesCsv, const QString &factorsCsv)
{
    const QString path = m_project->path(), exam = m_exam->currentText();
    return startJob(tr("Exporting the response matrix of %1").arg(exam), exam, [=](Job &job) {
        job.reportProgress(0, 1, responsesCsv);
        auto db = Project::openConnection(path);
        if (!db)
            return Status::failure(db);
        auto written = ResponseMatrix::write(db.value(), exam, responsesCsv, factorsCsv);
        if (!written)
            return Status::failure(written);
        qInfo("Wrote %d students × %d items of %s to %s and %s", written.value().students, written.value().items, qPrintable(exam),
              qPrintable(responsesCsv), qPrintable(factorsCsv));
        return Status();
    });
}

Job *ExamsPage::startTake(const QStringList &students)
{
    const QString path = m_project->path(), exam = m_exam->currentText();
    auto takes = std::make_shared<QVector<ExamWorkflow::Taken>>();
    auto estimates = std::make_shared<QStringList>(); // a short form's takes, estimated on its parent
    Job *job = startJob(tr("Exam %1 taken by %2 student(s)").arg(exam).arg(students.size()), exam, [path, exam, students, takes, estimates](Job &job) {
        auto project = Project::openForJob(path);
        if (!project)
            return Status::failure(project);
        if (auto s = ExamWorkflow::take(*project.value(), exam, students, &job, takes.get()); !s)
            return s;
        const ExamStore &store = *project.value()->service<ExamStore>();
        auto id = store.idOf(exam);
        auto form = id ? store.shortForm(id.value()) : Result<ExamShortFormInfo>::failure(id.error());
        if (!form)
            return Status::failure(form.error());
        if (form.value().parentId == 0)
            return Status();
        // The takes are stored: an estimate that cannot be made is said, not a failed take.
        auto all = ExamShortForm::estimates(project.value()->database(), exam);
        if (!all) {
            *estimates << tr("Not estimated on %1: %2").arg(form.value().parent, all.error());
            return Status();
        }
        for (const ExamEstimate &e : all.value())
            for (const auto &taken : std::as_const(*takes))
                if (e.taker == taken.first)
                    *estimates << e.text();
        return Status();
    });
    if (job)
        // After startJob's own handler: what each take answered stays on the page.
        connect(job, &Job::finished, this, [this, takes, estimates](bool ok) {
            if (!ok)
                return;
            if (!takes->isEmpty()) // the take just stored is the row highlighted
                m_shortForms->highlightTake(takes->constLast().first);
            // What each student answered; a warning (no logprobs) in the warning colour.
            QStringList lines;
            bool warned = false;
            for (const auto &[student, counts] : std::as_const(*takes)) {
                if (const QString warning = counts.warning(student); !warning.isEmpty()) {
                    lines << QStringLiteral("<span style='color:%1'>%2</span>").arg(MessageBar::colorName(MessageBar::Level::Warning), warning.toHtmlEscaped());
                    warned = true;
                }
                lines << counts.text(student).toHtmlEscaped();
            }
            for (const QString &line : std::as_const(*estimates))
                lines << line.toHtmlEscaped();
            m_messages->showMessage(warned ? MessageBar::Level::Warning : MessageBar::Level::Success, lines.join(QStringLiteral("<br>")), true);
        });
    return job;
}

Job *ExamsPage::startAdaptiveTake(const QStringList &students, const IrtAdaptiveRule &rule)
{
    const QString path = m_project->path(), exam = m_exam->currentText();
    auto outcomes = std::make_shared<QVector<ExamAdaptiveOutcome>>();
    QPointer<ShortFormPanel> panel = m_shortForms;
    m_lower->setCurrentWidget(m_shortForms);
    Job *job = startJob(tr("Adaptive take of %1 by %2 student(s)").arg(exam).arg(students.size()), exam, [=](Job &job) {
        auto project = Project::openForJob(path);
        if (!project)
            return Status::failure(project);
        // One student after the other; each one's answers are stored when its test stops.
        for (const QString &student : students) {
            QMetaObject::invokeMethod(panel, [panel, student, rule] {
                if (panel)
                    panel->beginAdaptive(student + QLatin1String(rule.dimensions == 2 ? ExamAdaptiveTake::TwoDimSuffix : ExamAdaptiveTake::Suffix));
            }, Qt::QueuedConnection);
            auto outcome = ExamAdaptiveTake::take(*project.value(), exam, student, rule, &job, [panel](const IrtAdaptiveStep &step) {
                QMetaObject::invokeMethod(panel, [panel, step] {
                    if (panel)
                        panel->addAdaptiveStep(step);
                }, Qt::QueuedConnection);
            });
            if (!outcome)
                return Status::failure(outcome.error(), outcome.code());
            outcomes->append(outcome.take());
        }
        return Status();
    });
    if (job)
        connect(job, &Job::finished, this, [this, outcomes, panel](bool ok) {
            if (panel)
                panel->endAdaptive();
            if (!ok)
                return;
            QStringList lines;
            for (const ExamAdaptiveOutcome &o : std::as_const(*outcomes))
                lines << o.text().toHtmlEscaped();
            m_messages->showMessage(MessageBar::Level::Success, lines.join(QStringLiteral("<br>")), true);
        });
    return job;
}

Job *ExamsPage::startJob(const QString &title, const QString &exam, Job::Work work)
{
    if (m_job && m_job->isRunning())
        return nullptr;
    m_job = std::make_unique<Job>(title, std::move(work));
    m_generate->setEnabled(false);
    m_take->setEnabled(false);
    m_export->setEnabled(false);
    connect(m_job.get(), &Job::finished, this, [this, exam](bool ok, const QString &message) {
        if (ok || (m_job && m_job->isCancelled()))
            m_messages->clear();
        else
            m_messages->error(message);
        reload();
        if (ok)
            m_exam->setCurrentText(exam);
        emit jobFinished(ok, message);
    });
    emit jobStarted(m_job.get());
    m_job->start();
    return m_job.get();
}

void ExamsPage::reload()
{
    if (const QString error = m_exam->refill(*m_project->service<ExamStore>()); !error.isEmpty())
        m_messages->error(tr("The project's exams cannot be read: %1").arg(error));
    const bool busy = m_job && m_job->isRunning();
    m_generate->setEnabled(!busy);
    m_take->setEnabled(!busy && m_exam->count() > 0);
    m_export->setEnabled(!busy && m_exam->count() > 0);
    showExam();
}

void ExamsPage::showExam()
{
    m_model->setExam(m_exam->currentText());
    m_irt->setExam(m_exam->currentText());
    m_shortForms->setExam(m_exam->currentText());
    const auto refill = [](QComboBox *box, const QString &all, const QStringList &values) {
        const QSignalBlocker block(box);
        box->clear();
        box->addItem(all, QString());
        for (const QString &v : values)
            box->addItem(v, v);
    };
    refill(m_bloom, tr("all"), m_model->bloomLevels());
    refill(m_type, tr("all"), m_model->questionTypes());
    refill(m_reason, tr("all"), QStringList{QStringLiteral("kept")} + m_model->filterReasons());
    applyFilter();
}

void ExamsPage::applyFilter()
{
    m_model->setFilter({m_bloom->currentData().toString(), m_type->currentData().toString(), m_source->text().trimmed(), m_reason->currentData().toString()});
}

QString ExamsPage::statsText() const { return m_stats->text(); }

void ExamsPage::setSelectionState(CurationState state)
{
    QVector<qint64> ids;
    for (const QModelIndex &row : m_view->selectionModel()->selectedRows())
        ids << m_model->idAt(row.row());
    if (ids.isEmpty())
        return;
    QString error;
    auto *command = new SetExamItemStateCommand(m_project->service<ExamCuration>(), ids, state);
    command->reportErrorsTo(&error);
    m_project->undoStack()->push(command);
    if (error.isEmpty())
        m_messages->clear();
    else
        m_messages->error(error);
}

void ExamsPage::acceptSelection() { setSelectionState(CurationState::Accepted); }
void ExamsPage::rejectSelection() { setSelectionState(CurationState::Rejected); }

} // namespace assay
