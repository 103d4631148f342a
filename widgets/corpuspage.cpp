#include "corpuspage.h"
#include "filedialogs.h"

#include "retrieval/retrieverregistry.h"

#include "commands/importcorpuscommand.h"
#include "generation/generationstore.h"
#include "generation/semanticgroup.h"
#include "itemmodels/corpusdocumentsmodel.h"
#include "project/project.h"
#include "retrieval/corpusstore.h"
#include "groundtruthpanel.h"
#include "itemmodels/groundlinksmodel.h"
#include "messagebar.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

namespace assay {

namespace {
// The chunk's text with the matched terms marked (whole words, case-insensitive).
QString highlightedTerms(const QString &text, const QStringList &terms)
{
    QString html = text.toHtmlEscaped();
    for (const QString &term : terms)
        html.replace(QRegularExpression(QStringLiteral("\\b(%1)\\b").arg(QRegularExpression::escape(term.toHtmlEscaped())),
                                        QRegularExpression::CaseInsensitiveOption | QRegularExpression::UseUnicodePropertiesOption),
                     QStringLiteral("<span style='background:#ffe08a'><b>\\1</b></span>"));
    return html;
}
} // namespace

CorpusPage::CorpusPage(Project *project, QWidget *parent) : QWidget(parent), m_project(project)
{
    setObjectName(QStringLiteral("corpusPage"));
    m_model = new CorpusDocumentsModel(*project, this);
    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("corpusDocuments"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    // One line per document: the id as wide as it needs, the title takes the room left (elided,
    // the full text in the tooltip), the numbers their own width.
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideMiddle); // titles often share their start ("Project report: …"); the tooltip has it whole
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().lineSpacing() + 6);
    m_view->horizontalHeader()->setStretchLastSection(false);
    m_view->horizontalHeader()->setSectionResizeMode(CorpusDocumentsModel::Id, QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(CorpusDocumentsModel::Title, QHeaderView::Stretch);
    m_view->horizontalHeader()->setSectionResizeMode(CorpusDocumentsModel::Chunks, QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(CorpusDocumentsModel::Size, QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(CorpusDocumentsModel::Metadata, QHeaderView::Interactive);
    m_view->setColumnWidth(CorpusDocumentsModel::Metadata, 80);
    m_view->horizontalHeader()->setMinimumSectionSize(m_view->fontMetrics().horizontalAdvance(tr("Chunks")) + 16);
    m_viewer = new QTextBrowser(this);
    m_viewer->setObjectName(QStringLiteral("documentViewer"));

    QHBoxLayout *bar = buildImportBar();
    QGroupBox *probe = buildProbe();
    probe->setTitle(QString());
    m_groundTruth = new GroundTruthPanel(project, this);
    m_tools = new QTabWidget(this);
    m_tools->setObjectName(QStringLiteral("corpusTools"));
    m_tools->addTab(m_groundTruth, tr("Ground Truth"));
    m_tools->addTab(probe, tr("Try Retrieval"));
    m_tools->setTabToolTip(0, tr("Which documents state each semantic group's fact: propose links automatically, import a links file, review them"));
    m_tools->setTabToolTip(1, tr("One query against two retrievers side by side"));
    connect(m_groundTruth, &GroundTruthPanel::jobStarted, this, &CorpusPage::jobStarted);
    connect(m_groundTruth, &GroundTruthPanel::jobFinished, this, &CorpusPage::jobFinished);
    // The viewer lists the groups a document states: it follows the links.
    connect(m_groundTruth->model(), &QAbstractItemModel::modelReset, this, [this] { showDocument(m_view->currentIndex().row()); });
    auto *right = new QSplitter(Qt::Vertical, this);
    right->addWidget(m_viewer);
    right->addWidget(m_tools);
    right->setStretchFactor(0, 2);
    right->setStretchFactor(1, 3);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_view);
    split->addWidget(right);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({540, 620}); // at 1366×768 most titles show whole (tst_laptopfit)
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(split, 1);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &current) { showDocument(current.row()); });
    connect(m_query, &QLineEdit::returnPressed, this, [this] { startProbe(m_query->text(), m_group->text()); });
    connect(m_project->undoStack(), &QUndoStack::indexChanged, this, [this] {
        if (!busy())
            reload(); // an import undone or redone
    });
    // The documents model follows the project itself (an import or a re-chunking by a job or
    // another program); the summary and the selected document follow the model.
    connect(m_model, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
        m_keptDocument = m_view->currentIndex().isValid() ? m_model->document(m_view->currentIndex().row()).id : QString();
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, &CorpusPage::showDocuments);
    reload();
}

// The import button with its formats, the chunking for imports, the corpus summary.
QHBoxLayout *CorpusPage::buildImportBar()
{
    m_import = new QToolButton(this);
    m_import->setObjectName(QStringLiteral("importCorpus"));
    m_import->setText(tr("Import…"));
    m_import->setIcon(QIcon::fromTheme(QStringLiteral("document-import")));
    m_import->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_import->setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(m_import);
    const auto choose = [this](CorpusImporter::Format format) {
        const QString path = format == CorpusImporter::Format::Folder
                                 ? FileDialogs::folder(this, QStringLiteral("documents"), tr("Folder of .txt / .md documents"))
                                 : FileDialogs::openFile(this, QStringLiteral("documents"), tr("Import documents"),
                                                                format == CorpusImporter::Format::Jsonl ? tr("JSON Lines (*.jsonl);;All files (*)")
                                                                                                        : tr("GRAMMAR corpus (*.json);;All files (*)"));
        if (!path.isEmpty())
            startImport(path, format);
    };
    menu->addAction(tr("Folder of .txt / .md Files…"), this, [choose] { choose(CorpusImporter::Format::Folder); });
    menu->addAction(tr("JSONL File ({\"id\", \"text\", …})…"), this, [choose] { choose(CorpusImporter::Format::Jsonl); });
    menu->addAction(tr("GRAMMAR Corpus JSON ({doc_id: text} or {doc_id: [texts]})…"), this, [choose] { choose(CorpusImporter::Format::Grammar); });
    m_import->setMenu(menu);
    m_mode = new QComboBox(this);
    m_mode->addItem(tr("one chunk per document"), int(Chunker::Mode::Whole));
    m_mode->addItem(tr("sentences per chunk"), int(Chunker::Mode::Sentences));
    m_mode->addItem(tr("tokens per chunk"), int(Chunker::Mode::Tokens));
    m_size = new QSpinBox(this);
    m_size->setRange(1, 4096);
    m_size->setValue(200);
    m_overlap = new QSpinBox(this);
    m_overlap->setRange(0, 1024);
    m_overlap->setPrefix(tr("overlap "));
    const auto modeChanged = [this] {
        const auto mode = Chunker::Mode(m_mode->currentData().toInt());
        m_size->setEnabled(mode != Chunker::Mode::Whole);
        m_overlap->setEnabled(mode == Chunker::Mode::Tokens);
        if (mode == Chunker::Mode::Sentences && m_size->value() > 50)
            m_size->setValue(3);
    };
    connect(m_mode, &QComboBox::currentIndexChanged, this, modeChanged);
    modeChanged();
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("corpusSummary"));
    m_summary->setWordWrap(true);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_import);
    bar->addWidget(new QLabel(tr("Chunking for imports:"), this));
    bar->addWidget(m_mode);
    bar->addWidget(m_size);
    bar->addWidget(m_overlap);
    bar->addWidget(m_summary, 1);
    return bar;
}

// Try retrieval: a query, two retrievers side by side, the true documents of its group marked.
QGroupBox *CorpusPage::buildProbe()
{
    auto *probe = new QGroupBox(tr("Try retrieval"), this);
    m_query = new QLineEdit(probe);
    m_query->setObjectName(QStringLiteral("probeQuery"));
    m_query->setPlaceholderText(tr("A question, e.g. a query's text"));
    m_query->setToolTip(tr("A question to retrieve for, e.g. the text of a query from the Queries page"));
    m_group = new QLineEdit(probe);
    m_group->setObjectName(QStringLiteral("probeGroup"));
    m_group->setPlaceholderText(tr("group, e.g. g31"));
    m_group->setToolTip(tr("Optional: the semantic group the question comes from (as the Analysis page lists them); its true documents are marked."));
    m_group->setMaximumWidth(m_group->fontMetrics().horizontalAdvance(QStringLiteral("group, e.g. g31")) + 24);
    m_k = new QSpinBox(probe);
    m_k->setRange(1, 50);
    m_k->setValue(3);
    m_k->setPrefix(QStringLiteral("k = "));
    m_left = new QComboBox(probe);
    m_right = new QComboBox(probe);
    for (const RetrieverKind *kind : RetrieverRegistry::instance().kinds())
        if (kind->searchesCorpus)
            for (QComboBox *box : {m_left, m_right}) {
                box->addItem(kind->name);
                box->setItemData(box->count() - 1, QStringLiteral("%1: %2").arg(kind->label, kind->description), Qt::ToolTipRole);
            }
    m_left->setCurrentText(QStringLiteral("bm25"));
    m_right->setCurrentText(QStringLiteral("keyword"));
    auto *search = new QPushButton(QIcon::fromTheme(QStringLiteral("edit-find")), tr("Search"), probe);
    search->setObjectName(QStringLiteral("probeSearch"));
    auto *probeBar = new QHBoxLayout;
    probeBar->addWidget(m_query, 1);
    probeBar->addWidget(m_group);
    probeBar->addWidget(m_k);
    probeBar->addWidget(m_left);
    probeBar->addWidget(new QLabel(tr("vs"), probe));
    probeBar->addWidget(m_right);
    probeBar->addWidget(search);
    auto *columns = new QHBoxLayout;
    for (QTextBrowser *&results : m_results) {
        results = new QTextBrowser(probe);
        results->setPlaceholderText(tr("Type a query and click Search: each retriever's top k appear here."));
        columns->addWidget(results);
    }
    auto *probeLayout = new QVBoxLayout(probe);
    probeLayout->addLayout(probeBar);
    probeLayout->addLayout(columns, 1);
    connect(search, &QPushButton::clicked, this, [this] { startProbe(m_query->text(), m_group->text()); });
    return probe;
}

CorpusPage::~CorpusPage()
{
    if (m_job) {
        m_job->cancel();
        m_job->wait();
    }
}

void CorpusPage::reload()
{
    (void)m_model->refresh(); // showDocuments says a failure
}

void CorpusPage::showDocuments()
{
    const QString current = m_keptDocument;
    if (!m_model->error().isEmpty())
        m_summary->setText(tr("The corpus cannot be read: %1").arg(m_model->error()));
    else if (m_model->rowCount() == 0)
        m_summary->setText(tr("No documents yet: click <b>Import…</b> and choose a folder of .txt/.md files, a JSONL file or GRAMMAR's corpus JSON."));
    else
        m_summary->setText(tr("%1 documents, %2 chunks.").arg(m_model->rowCount()).arg(m_model->totalChunks()));
    // An empty Metadata column would take the titles' room.
    m_view->setColumnHidden(CorpusDocumentsModel::Metadata, !m_model->hasMetadata());
    for (int r = 0; r < m_model->rowCount(); ++r)
        if (m_model->document(r).id == current) {
            m_view->selectRow(r);
            return;
        }
    if (m_model->rowCount() > 0)
        m_view->selectRow(0);
    else
        m_viewer->clear();
}

QString CorpusPage::summaryText() const { return m_summary->text(); }
QString CorpusPage::viewerHtml() const { return m_viewer->toHtml(); }
QString CorpusPage::resultsHtml(int column) const { return m_results[column]->toHtml(); }

void CorpusPage::showDocument(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return m_viewer->clear();
    const CorpusDocumentInfo &d = m_model->document(row);
    auto chunks = m_project->service<CorpusStore>()->chunkTexts(d.id);
    if (!chunks)
        return m_viewer->setPlainText(chunks.error());
    // Chunks on alternating backgrounds, each headed by its number: the boundaries are visible.
    QString html = QStringLiteral("<h3>%1</h3><p><i>%2</i></p>").arg(d.id.toHtmlEscaped(), (d.title.isEmpty() ? d.source : d.title).toHtmlEscaped());
    for (int i = 0; i < chunks.value().size(); ++i)
        html += QStringLiteral("<div style='background:%1; padding:4px; margin-bottom:2px'><span style='color:#777'>chunk %2</span><br>%3</div>")
                    .arg(i % 2 ? QStringLiteral("#eef3fb") : QStringLiteral("#f7f7f7"))
                    .arg(i + 1)
                    .arg(chunks.value()[i].toHtmlEscaped());
    // The facts it states: the semantic groups that name it among their true documents.
    auto groups = m_project->service<GenerationStore>()->groupsOfDocument(d.id);
    if (!groups) {
        html += QStringLiteral("<p style='color:%1'>%2</p>").arg(MessageBar::colorName(MessageBar::Level::Error), groups.error().toHtmlEscaped());
    } else if (groups.value().isEmpty()) {
        html += tr("<p style='color:#777'>No semantic group names this document among its true documents. "
                   "Under <b>Ground Truth</b> below, <b>Propose Links</b> finds the groups whose facts it states, or <b>Import Links File…</b> reads them.</p>");
    } else {
        constexpr int listed = 60;
        html += tr("<h4>States the facts of %n semantic group(s)</h4><ul>", nullptr, int(groups.value().size()));
        for (int i = 0; i < groups.value().size() && i < listed; ++i) {
            const auto &g = groups.value()[i];
            html += QStringLiteral("<li><b>g%1</b> %2 → %3</li>")
                        .arg(g.id)
                        .arg(SemanticGroup{SemanticGroup::valuesFromJson(g.valuesJson), {}, 0, {}}.valueTexts().join(QStringLiteral(", ")).toHtmlEscaped(),
                             g.answer.toHtmlEscaped());
        }
        if (groups.value().size() > listed)
            html += tr("<li>… and %1 more</li>").arg(groups.value().size() - listed);
        html += QStringLiteral("</ul>");
    }
    m_viewer->setHtml(html);
}

Chunker::Options CorpusPage::chunking() const
{
    Chunker::Options o;
    o.mode = Chunker::Mode(m_mode->currentData().toInt());
    o.size = o.mode == Chunker::Mode::Whole ? 0 : m_size->value();
    o.overlap = o.mode == Chunker::Mode::Tokens ? m_overlap->value() : 0;
    return o;
}

Job *CorpusPage::startImport(const QString &path, CorpusImporter::Format format)
{
    if (busy())
        return nullptr;
    const QString projectPath = m_project->path();
    const Chunker::Options options = chunking();
    auto documents = std::make_shared<QVector<CorpusDocument>>();
    m_job = std::make_unique<Job>(tr("Importing documents from %1").arg(QFileInfo(path).fileName()), [=](Job &job) {
        job.reportProgress(0, 2, QStringLiteral("Reading %1").arg(path));
        auto read = CorpusImporter::read(path, format);
        if (!read)
            return Status::failure(read);
        if (job.isCancelled())
            return Status::cancelled();
        job.reportProgress(1, 2, QStringLiteral("Chunking and indexing %1 documents").arg(read.value().size()));
        auto project = Project::openForJob(projectPath); // this thread's own connection
        if (!project)
            return Status::failure(project);
        auto imported = CorpusImporter::import(*project.value(), read.value(), options);
        if (!imported)
            return Status::failure(imported);
        *documents = read.take();
        return Status();
    });
    connect(m_job.get(), &Job::finished, this, [this, documents, options](bool ok, const QString &message) {
        if (ok)
            m_project->undoStack()->push(new ImportCorpusCommand(m_project, *documents, options, true));
        reload();
        if (!ok && !(m_job && m_job->isCancelled()))
            m_summary->setText(tr("Nothing was imported: %1").arg(message.toHtmlEscaped()));
        emit jobFinished(ok, message);
    });
    emit jobStarted(m_job.get());
    m_job->start();
    return m_job.get();
}

Job *CorpusPage::startProbe(const QString &query, const QString &group)
{
    if (busy())
        return nullptr;
    m_query->setText(query); // what the results answer, also when called without the widgets
    m_group->setText(group);
    QStringList truth;
    QString groupName = group.trimmed();
    if (!groupName.isEmpty()) {
        bool ok = false;
        const qint64 id = QString(groupName).remove(QRegularExpression(QStringLiteral("^[gG]"))).toLongLong(&ok);
        auto docs = ok ? m_project->service<GenerationStore>()->groupDocuments(id)
                       : Result<QStringList>::failure(tr("\"%1\" is not a group; groups look like g31").arg(groupName));
        if (!docs) {
            m_results[0]->setPlainText(docs.error());
            m_results[1]->clear();
            emit jobFinished(false, docs.error());
            return nullptr;
        }
        truth = docs.value();
        groupName = QStringLiteral("g%1").arg(id);
    }
    const QString projectPath = m_project->path();
    const QStringList retrievers{m_left->currentText(), m_right->currentText()};
    const int k = m_k->value();
    auto columns = std::make_shared<QVector<ProbeColumn>>();
    m_job = std::make_unique<Job>(tr("Trying retrieval"), [=](Job &) {
        auto db = Project::openConnection(projectPath);
        if (!db)
            return Status::failure(db);
        auto probed = RetrievalProbe::run(db.value(), query, retrievers, k);
        if (!probed)
            return Status::failure(probed);
        *columns = probed.take();
        return Status();
    });
    connect(m_job.get(), &Job::finished, this, [this, columns, truth, groupName](bool ok, const QString &message) {
        if (!ok) {
            m_results[0]->setPlainText(message);
            m_results[1]->clear();
        } else {
            showProbe(*columns, truth, groupName);
        }
        emit jobFinished(ok, message);
    });
    m_job->start();
    return m_job.get();
}

void CorpusPage::showProbe(const QVector<ProbeColumn> &columns, const QStringList &truth, const QString &group)
{
    for (int c = 0; c < 2 && c < columns.size(); ++c) {
        const ProbeColumn &col = columns[c];
        QString html = QStringLiteral("<h4>%1</h4>").arg(col.retriever.toHtmlEscaped());
        if (!group.isEmpty()) {
            QStringList ranks;
            for (const ProbeHit &h : col.hits)
                if (truth.contains(h.hit.docId))
                    ranks << QString::number(h.hit.rank);
            html += truth.isEmpty() ? tr("<p style='color:#777'>%1 has no true document: a knowledge-base gap.</p>").arg(group)
                                    : tr("<p>True documents of %1: %2 — %3</p>")
                                          .arg(group, truth.join(QStringLiteral(", ")).toHtmlEscaped(),
                                               ranks.isEmpty() ? tr("<b style='color:%1'>none retrieved</b>").arg(MessageBar::colorName(MessageBar::Level::Error))
                                                               : tr("<b style='color:%1'>found at rank %2</b>").arg(MessageBar::colorName(MessageBar::Level::Success), ranks.join(QStringLiteral(", "))));
        }
        if (!col.error.isEmpty())
            html += QStringLiteral("<p style='color:%1'>%2</p>").arg(MessageBar::colorName(MessageBar::Level::Error), col.error.toHtmlEscaped());
        else if (col.hits.isEmpty())
            html += tr("<p><i>No chunk shares a word with the query.</i></p>");
        for (const ProbeHit &h : col.hits)
            html += QStringLiteral("<p>") + (truth.contains(h.hit.docId) ? tr("<b style='color:%1'>✓ true document</b> ").arg(MessageBar::colorName(MessageBar::Level::Success)) : QString())
                    + QStringLiteral("<b>%1. %2</b> <span style='color:#777'>score %3 · chunk %4 · matches: %5</span><br>%6</p>")
                        .arg(h.hit.rank)
                        .arg(h.hit.docId.toHtmlEscaped())
                        .arg(h.hit.score, 0, 'f', 3)
                        .arg(h.hit.chunkId)
                        .arg(h.matched.isEmpty() ? tr("none") : h.matched.join(QStringLiteral(", ")).toHtmlEscaped(), highlightedTerms(h.text, h.matched));
        m_results[c]->setHtml(html);
    }
}

} // namespace assay
