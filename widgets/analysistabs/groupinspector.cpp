#include "analysistabs/groupinspector.h"

#include "commands/setcurationstatecommand.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSplitter>
#include <QTableWidget>
#include <QTextBrowser>
#include <QUndoStack>
#include <QVBoxLayout>

namespace assay {

namespace {
QString verdictText(const std::optional<int> &v) { return !v ? QStringLiteral("unread") : *v ? QStringLiteral("correct") : QStringLiteral("incorrect"); }

// The text, escaped, with each whole-word, case-insensitive occurrence of `needle` marked.
QString highlightedAnswer(const QString &text, const QString &needle)
{
    if (needle.trimmed().isEmpty())
        return text.toHtmlEscaped();
    const QRegularExpression re(QStringLiteral("(?<![\\w])%1(?![\\w])").arg(QRegularExpression::escape(needle.trimmed())), QRegularExpression::CaseInsensitiveOption);
    QString out;
    qsizetype last = 0;
    for (auto it = re.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        out += text.mid(last, m.capturedStart() - last).toHtmlEscaped();
        out += QStringLiteral("<span style='background:#ffe08a; font-weight:600'>%1</span>").arg(m.captured().toHtmlEscaped());
        last = m.capturedEnd();
    }
    return out + text.mid(last).toHtmlEscaped();
}
} // namespace

GroupInspector::GroupInspector(GenerationCuration *curation, QUndoStack *undoStack, QWidget *parent)
    : QWidget(parent), m_curation(curation), m_undoStack(undoStack)
{
    m_header = new QLabel(tr("The group chosen above is inspected here: its queries, answers and verdicts."), this);
    m_header->setWordWrap(true);
    m_header->setTextFormat(Qt::RichText);
    m_queries = new QTableWidget(0, 4, this);
    m_queries->setObjectName(QStringLiteral("inspectorQueries"));
    m_queries->setHorizontalHeaderLabels({tr("Form"), tr("Query"), tr("Answer"), tr("Verdicts")});
    // The columns share the pane's width and long queries and answers wrap onto more lines
    // (a 320 px query column scrolled sideways in the narrow pane at 1366×768).
    // In a narrow pane the query takes the row and the answer and verdicts are read below it.
    m_queries->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    for (int c = 1; c < 4; ++c)
        m_queries->horizontalHeader()->setSectionResizeMode(c, QHeaderView::Stretch);
    m_queries->horizontalHeader()->setMinimumSectionSize(24);
    m_queries->setWordWrap(true);
    m_queries->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    connect(m_queries->horizontalHeader(), &QHeaderView::sectionResized, m_queries, [this] { m_queries->resizeRowsToContents(); });
    m_queries->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_queries->setSelectionMode(QAbstractItemView::SingleSelection);
    m_queries->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_queries->verticalHeader()->hide();
    m_text = new QTextBrowser(this);
    m_text->setObjectName(QStringLiteral("inspectorText"));
    m_rejectQuery = new QPushButton(tr("Reject Query"), this);
    m_rejectQuery->setToolTip(tr("Reject the selected text query in the review grid (undoable)."));
    m_rejectTemplate = new QPushButton(tr("Reject SQL Template"), this);
    m_rejectTemplate->setToolTip(tr("Reject this group's SQL template in the review grid (undoable); its queries follow."));
    m_label = new QPushButton(tr("Label…"), this);
    m_label->setObjectName(QStringLiteral("inspectorLabel"));
    m_label->setToolTip(tr("Say yourself whether the selected item's answer is correct (Analysis → Labels)."));
    // Two rows: side by side the three made the pane too wide for the Analysis tabs at 1366×768.
    auto *buttons = new QGridLayout;
    buttons->addWidget(m_label, 0, 0);
    buttons->addWidget(m_rejectQuery, 0, 1);
    buttons->addWidget(m_rejectTemplate, 1, 1);
    buttons->setColumnStretch(0, 1);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_queries);
    split->addWidget(m_text);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_header);
    layout->addWidget(split, 1);
    layout->addLayout(buttons);
    connect(m_queries, &QTableWidget::currentCellChanged, this, [this](int row) { describe(row); });
    connect(m_rejectQuery, &QPushButton::clicked, this, &GroupInspector::rejectSelectedQuery);
    connect(m_label, &QPushButton::clicked, this, [this] {
        const int row = m_queries->currentRow();
        if (row >= 0 && row < m_details.items.size())
            emit labelRequested(m_details.run, m_details.items[row].itemId);
    });
    connect(m_rejectTemplate, &QPushButton::clicked, this, &GroupInspector::rejectTemplate);
    clear();
}

void GroupInspector::clear()
{
    m_details = {};
    m_queries->setRowCount(0);
    m_text->clear();
    m_rejectQuery->setEnabled(false);
    m_rejectTemplate->setEnabled(false);
    m_label->setEnabled(false);
}

void GroupInspector::show(const GroupDetailsData &d)
{
    m_details = d;
    const QString color = d.tag == QLatin1String("gap") ? QStringLiteral("#D55E00") : d.tag == QLatin1String("robust") ? QStringLiteral("#009E73") : QStringLiteral("#B07A00");
    m_header->setText(tr("<b>%1</b> in %2 — <span style='color:%3; font-weight:600'>%4</span> · ground truth <b>%5</b> · true documents %6")
                          .arg(d.group.toHtmlEscaped(), d.run.toHtmlEscaped(), color, d.tag, d.gold.toHtmlEscaped(),
                               d.trueDocIds.isEmpty() ? tr("none") : d.trueDocIds.join(QStringLiteral(", ")).toHtmlEscaped()));
    m_queries->setRowCount(int(d.items.size()));
    for (int r = 0; r < d.items.size(); ++r) {
        const GroupItem &it = d.items[r];
        QStringList verdicts;
        for (auto v = it.verdicts.begin(); v != it.verdicts.end(); ++v)
            verdicts << QStringLiteral("%1: %2").arg(v.key(), verdictText(v.value()));
        const QString answer = it.answer.isEmpty() ? tr("(retrieval only) %1").arg(it.retrievedIds.value(0)) : it.answer;
        const QStringList cells{it.form, it.query, answer, verdicts.join(QStringLiteral(", "))};
        for (int c = 0; c < cells.size(); ++c) {
            auto *cell = new QTableWidgetItem(cells[c]);
            cell->setToolTip(cells[c]);
            m_queries->setItem(r, c, cell);
        }
    }
    m_queries->resizeRowsToContents();
    m_rejectTemplate->setEnabled(d.sqlTemplateId > 0 && m_curation);
    if (!d.items.isEmpty())
        m_queries->setCurrentCell(0, 1);
    describe(0);
}

void GroupInspector::describe(int row)
{
    if (row < 0 || row >= m_details.items.size()) {
        m_text->clear();
        m_rejectQuery->setEnabled(false);
        m_label->setEnabled(false);
        return;
    }
    const GroupItem &it = m_details.items[row];
    m_rejectQuery->setEnabled(it.queryId > 0 && m_curation);
    m_label->setEnabled(it.itemId > 0);
    QString h;
    if (!m_details.sql.isEmpty())
        h += tr("<p><b>SQL template</b><br><code>%1</code></p>").arg(m_details.sql.toHtmlEscaped());
    if (!m_details.values.isEmpty())
        h += tr("<p><b>Values</b> %1</p>").arg(m_details.values.toHtmlEscaped());
    QStringList verdicts;
    for (auto v = it.verdicts.begin(); v != it.verdicts.end(); ++v)
        verdicts << QStringLiteral("%1: %2").arg(v.key(), verdictText(v.value()));
    h += tr("<p><b>Query</b> (%1) %2<br><b>Answer</b> %3<br><b>Verdicts</b> %5<br><b>Latency</b> %4 ms</p>")
             .arg(it.form.toHtmlEscaped(), it.query.toHtmlEscaped(), highlightedAnswer(it.answer, m_details.gold))
             .arg(it.latencyMs, 0, 'f', it.latencyMs < 10 ? 2 : 0)
             .arg(verdicts.isEmpty() ? tr("none") : verdicts.join(QStringLiteral(", ")).toHtmlEscaped());
    if (it.contextSufficient)
        h += *it.contextSufficient ? tr("<p><b>Context comparison:</b> its top-1 document is that of a correct query of this group — the retriever gave enough; the reader failed.</p>")
                                   : tr("<p><b>Context comparison:</b> its top-1 document differs from every correct query's — the retriever is to blame.</p>");
    h += tr("<p><b>Retrieved</b> %1 (true: %2)</p>")
             .arg(it.retrievedIds.isEmpty() ? tr("nothing") : it.retrievedIds.join(QStringLiteral(", ")).toHtmlEscaped(),
                  m_details.trueDocIds.join(QStringLiteral(", ")).toHtmlEscaped());
    h += QStringLiteral("<p style='white-space:pre-wrap; color:#333'>%1</p>").arg(highlightedAnswer(it.retrievedText, m_details.gold));
    m_text->setHtml(h);
}

QString GroupInspector::text() const { return m_header->text() + QLatin1Char('\n') + m_text->toPlainText(); }

void GroupInspector::rejectSelectedQuery()
{
    const int row = m_queries->currentRow();
    if (!m_curation || row < 0 || row >= m_details.items.size() || m_details.items[row].queryId <= 0)
        return;
    m_undoStack->push(new SetCurationStateCommand(m_curation, GenerationCuration::Scope::Queries, {m_details.items[row].queryId}, CurationState::Rejected));
}

void GroupInspector::rejectTemplate()
{
    if (!m_curation || m_details.sqlTemplateId <= 0)
        return;
    m_undoStack->push(new SetCurationStateCommand(m_curation, GenerationCuration::Scope::SqlTemplates, {m_details.sqlTemplateId}, CurationState::Rejected));
}

void GroupInspector::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // Four columns in a pane this narrow cut every word: the query alone, wrapped.
    const bool narrow = width() < 420;
    m_queries->setColumnHidden(2, narrow);
    m_queries->setColumnHidden(3, narrow);
    m_queries->resizeRowsToContents();
}

} // namespace assay
