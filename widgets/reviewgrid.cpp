#include "reviewgrid.h"

#include "generation/generationstore.h"
#include "project/project.h"
#include "schema/knowledgebase.h"
#include "messagebar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabBar>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace assay {

ReviewGrid::ReviewGrid(Project *project, QUndoStack *undoStack, ReviewModel::Scope scope, QWidget *parent)
    : QWidget(parent), m_project(project), m_model(new ReviewModel(project, undoStack, this)), m_scopes(new QTabBar(this)),
      m_search(new QLineEdit(this)), m_form(new QComboBox(this)), m_state(new QComboBox(this)), m_table(new QComboBox(this)),
      m_view(new QTableView(this)), m_side(new QTextBrowser(this)), m_count(new QLabel(this)), m_message(new MessageBar(this)),
      m_debounce(new QTimer(this)), m_steps(new QHBoxLayout)
{
    setObjectName(QStringLiteral("reviewGrid"));
    for (const QString &name : {tr("SQL templates"), tr("Text templates"), tr("Queries")})
        m_scopes->addTab(name);
    m_scopes->setCurrentIndex(int(scope));
    m_model->setScope(scope);
    QHBoxLayout *filters = buildFilters();
    m_view->setModel(m_model);
    m_view->setObjectName(QStringLiteral("reviewView"));
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(0, Qt::AscendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setWordWrap(false);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    m_view->horizontalHeader()->setDefaultSectionSize(110);
    // A column dragged by the user keeps its width (the grid no longer fits the text column).
    connect(m_view->horizontalHeader(), &QHeaderView::sectionResized, this, [this] {
        if (!m_sizing && (QGuiApplication::mouseButtons() & Qt::LeftButton))
            m_userSized = true;
    });
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_side->setObjectName(QStringLiteral("reviewSide"));
    m_side->setMinimumWidth(280);

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_view);
    leftLayout->addWidget(m_count);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(m_side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 8);
    auto *top = new QHBoxLayout;
    top->addWidget(m_scopes, 1);
    top->addLayout(m_steps);
    layout->addLayout(top);
    layout->addLayout(filters);
    layout->addWidget(m_message);
    layout->addWidget(split, 1);

    connectFilters();
    connect(m_model, &ReviewModel::viewUpdated, this, &ReviewGrid::updateCounts);
    connect(m_model, &ReviewModel::editRejected, this, [this](const QString &reason) {
        m_message->error(reason);
        QTimer::singleShot(8000, m_message, &MessageBar::clear);
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &ReviewGrid::describeCurrent);
    connect(m_model, &QAbstractItemModel::modelReset, this, &ReviewGrid::describeCurrent);
    m_form->setEnabled(scope != ReviewModel::Scope::SqlTemplates);
    connect(project, &Project::generationReplaced, this, &ReviewGrid::reloadAll);
    updateCounts();
}

// The filters above the grid (text, form, state, table) and Accept / Reject.
QHBoxLayout *ReviewGrid::buildFilters()
{
    m_search->setPlaceholderText(tr("Filter by text…"));
    m_search->setClearButtonEnabled(true);
    m_search->setObjectName(QStringLiteral("reviewSearch"));
    fillForms();
    m_state->addItem(tr("All states"), -1);
    for (CurationState s : {CurationState::Accepted, CurationState::Review, CurationState::Rejected})
        m_state->addItem(curationStateName(s), int(s));
    m_table->addItem(tr("All tables"), QString());
    for (const KnowledgeTable &t : m_project->service<KnowledgeBase>()->tables())
        m_table->addItem(t.name, t.name);
    auto *accept = new QPushButton(tr("Accept"), this);
    auto *reject = new QPushButton(tr("Reject"), this);
    accept->setObjectName(QStringLiteral("reviewAccept"));
    reject->setObjectName(QStringLiteral("reviewReject"));
    connect(accept, &QPushButton::clicked, this, &ReviewGrid::acceptSelection);
    connect(reject, &QPushButton::clicked, this, &ReviewGrid::rejectSelection);
    auto *filters = new QHBoxLayout;
    filters->addWidget(m_search, 3);
    filters->addWidget(m_form);
    filters->addWidget(m_state);
    filters->addWidget(m_table);
    filters->addSpacing(12);
    filters->addWidget(accept);
    filters->addWidget(reject);
    return filters;
}

void ReviewGrid::connectFilters()
{
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(200);
    connect(m_debounce, &QTimer::timeout, this, &ReviewGrid::applyFilter);
    connect(m_search, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    for (QComboBox *c : {m_form, m_state, m_table})
        connect(c, &QComboBox::currentIndexChanged, this, &ReviewGrid::applyFilter);
    connect(m_scopes, &QTabBar::currentChanged, this, [this](int i) {
        m_form->setEnabled(i != int(ReviewModel::Scope::SqlTemplates));
        m_model->setScope(ReviewModel::Scope(i));
        applyFilter();
    });
}

void ReviewGrid::fillForms()
{
    const QString current = m_form->currentData().toString();
    const QSignalBlocker block(m_form);
    m_form->clear();
    m_form->addItem(tr("All forms"), QString());
    auto forms = m_project->service<GenerationStore>()->forms();
    if (!forms)
        MessageBar::report(this, MessageBar::Level::Error, tr("The query sets cannot be read: %1").arg(forms.error()));
    for (const QString &f : forms ? forms.value() : QStringList())
        m_form->addItem(f, f);
    m_form->setCurrentIndex(std::max(0, m_form->findData(current)));
}

void ReviewGrid::reloadAll()
{
    fillForms();
    m_model->reload();
    updateCounts(); // the tab counts at once; the query rows follow when their index has loaded
    describeCurrent();
}

void ReviewGrid::setStepActions(const QList<QAction *> &actions)
{
    for (QAction *a : actions) {
        auto *button = new QToolButton(this);
        button->setDefaultAction(a);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        m_steps->addWidget(button);
    }
    describeCurrent();
}

void ReviewGrid::applyFilter()
{
    const int state = m_state->currentData().toInt();
    m_model->setFilter({m_search->text(), m_form->currentData().toString(),
                        state < 0 ? std::nullopt : std::optional<CurationState>(CurationState(state)), m_table->currentData().toString()});
}

void ReviewGrid::updateCounts()
{
    using S = ReviewModel::Scope;
    m_scopes->setTabText(0, tr("SQL templates (%L1)").arg(m_model->totalCount(S::SqlTemplates)));
    m_scopes->setTabText(1, tr("Text templates (%L1)").arg(m_model->totalCount(S::TextTemplates)));
    m_scopes->setTabText(2, tr("Queries (%L1)").arg(m_model->totalCount(S::Queries)));
    m_count->setText(tr("Showing %L1 of %L2").arg(m_model->rowCount()).arg(m_model->totalCount(m_model->scope())));
    layoutColumns();
}

// Once per scope, so a user's own column widths survive filtering and sorting.
void ReviewGrid::layoutColumns()
{
    const int scope = int(m_model->scope());
    if (scope == m_laidOutScope || m_model->columnCount() == 0)
        return;
    m_laidOutScope = scope;
    const int digits = m_view->fontMetrics().horizontalAdvance(QStringLiteral("0000000")) + 12;
    for (int c = 0; c < m_model->columnCount(); ++c)
        m_view->setColumnWidth(c, c == 0 ? digits : 96);
    m_view->setColumnWidth(1, 480); // the SQL / text the user reviews
    if (m_model->scope() != ReviewModel::Scope::Queries)
        m_view->setColumnWidth(m_model->scope() == ReviewModel::Scope::SqlTemplates ? 4 : 6, 200); // reason
    else
        m_view->setColumnWidth(3, 160); // answer
    fitTextColumn();
}

void ReviewGrid::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitTextColumn();
}

void ReviewGrid::fitTextColumn()
{
    if (m_userSized || m_laidOutScope < 0 || m_model->scope() == ReviewModel::Scope::Queries)
        return;
    // At 1366×768 a 480 px text column pushed the reason, why a template waits for review,
    // past the grid's edge: the text column gives way, down to 240 px, so the reason shows whole.
    const int reason = m_model->scope() == ReviewModel::Scope::SqlTemplates ? 4 : 6;
    int others = 0;
    for (int c = 0; c <= reason; ++c)
        others += c == 1 ? 0 : m_view->columnWidth(c);
    const int room = m_view->viewport()->width() - others;
    m_sizing = true;
    m_view->setColumnWidth(1, std::clamp(room, 240, 480));
    m_sizing = false;
}

QList<int> ReviewGrid::selectedRows() const
{
    QList<int> rows;
    for (const QModelIndex &i : m_view->selectionModel()->selectedRows())
        rows << i.row();
    return rows;
}

void ReviewGrid::acceptSelection() { m_model->setState(selectedRows(), CurationState::Accepted); }
void ReviewGrid::rejectSelection() { m_model->setState(selectedRows(), CurationState::Rejected); }

QString ReviewGrid::sidePanelText() const { return m_side->toPlainText(); }
QString ReviewGrid::inlineMessage() const { return m_message->isHidden() ? QString() : m_message->text(); }

void ReviewGrid::describeCurrent()
{
    const QModelIndex current = m_view->currentIndex();
    using S = ReviewModel::Scope;
    if (!current.isValid() && m_model->totalCount(m_model->scope()) == 0) {
        // The empty state names the click that fills this scope.
        const bool noSql = m_model->totalCount(S::SqlTemplates) == 0;
        const bool noText = m_model->totalCount(S::TextTemplates) == 0;
        QString what;
        if (noSql)
            what = tr("No SQL templates yet. Click <b>Generate SQL Templates…</b> (rules over the schema, or an LLM profile) or "
                      "<b>Import GRAMMAR Templates…</b>. The knowledge schema comes first, on the Schema page.");
        else if (noText)
            what = tr("No text templates yet. Click <b>Generate Text Templates…</b> to phrase the accepted SQL templates per form.");
        else
            what = tr("No text queries yet. Click <b>Build Text Queries…</b> to fill the text templates with the groups' values.");
        m_side->setHtml(QStringLiteral("<p style='color:gray'>%1</p>").arg(what));
        return;
    }
    if (!current.isValid()) {
        m_side->setHtml(tr("<p style='color:gray'>Select a row to see its SQL, an example fill-in with its answer, and its text templates.</p>"));
        return;
    }
    GenerationStore &store = *m_project->service<GenerationStore>();
    const qint64 sqlId = m_model->data(current, ReviewModel::SqlTemplateIdRole).toLongLong();
    auto sql = store.sqlTemplate(sqlId);
    if (!sql)
        return m_side->setPlainText(sql.error());
    QString html = tr("<h3>SQL template %1</h3><pre style='white-space:pre-wrap'>%2</pre>").arg(sqlId).arg(sql.value().sql.toHtmlEscaped());
    html += tr("<p><b>State:</b> %1 %2<br><b>Source:</b> %3<br><b>Singular-answer rate:</b> %4</p>")
                .arg(curationStateName(sql.value().state), sql.value().reason.isEmpty() ? QString() : QStringLiteral("— ") + sql.value().reason.toHtmlEscaped(),
                     sql.value().source, sql.value().singularRate < 0 ? tr("not measured") : QString::number(sql.value().singularRate, 'f', 2));
    if (m_model->scope() == ReviewModel::Scope::Queries) {
        html += tr("<h4>Query</h4><p>%1</p><p><b>Answer:</b> %2</p>")
                    .arg(m_model->data(m_model->index(current.row(), QueryIndex::TextColumn), Qt::DisplayRole).toString().toHtmlEscaped(),
                         m_model->data(m_model->index(current.row(), QueryIndex::AnswerColumn), Qt::DisplayRole).toString().toHtmlEscaped());
    } else if (auto example = store.firstGroup(sqlId)) {
        html += tr("<h4>Example fill-in</h4><p>%1 → <b>%2</b>%3</p>")
                    .arg(example.value().valueTexts().join(QStringLiteral(", ")).toHtmlEscaped(), example.value().answer.toHtmlEscaped(),
                         example.value().rowCount > 1 ? tr(" (%1 rows)").arg(example.value().rowCount) : QString());
    } else {
        html += tr("<p><i>%1</i></p>").arg(example.error().toHtmlEscaped());
    }
    html += tr("<h4>Text templates</h4><ul>");
    auto texts = store.textTemplates(sqlId);
    if (!texts)
        html += tr("<p><i>%1</i></p>").arg(texts.error().toHtmlEscaped());
    for (const TextTemplateRecord &t : texts ? texts.value() : QVector<TextTemplateRecord>())
        html += QStringLiteral("<li><b>%1</b>%2: %3</li>")
                    .arg(t.form, t.state == CurationState::Accepted ? QString() : QStringLiteral(" (%1)").arg(curationStateName(t.state)), t.text.toHtmlEscaped());
    html += QStringLiteral("</ul>");
    m_side->setHtml(html);
}

} // namespace assay
