#include "schemaeditor.h"

#include "columnpropertydelegate.h"
#include "commands/addknowledgecolumncommand.h"
#include "commands/addknowledgerowcommand.h"
#include "commands/addknowledgetablecommand.h"
#include "commands/removeknowledgecolumncommand.h"
#include "commands/removeknowledgerowscommand.h"
#include "commands/removeknowledgetablecommand.h"
#include "itemmodels/knowledgecolumnmodel.h"
#include "itemmodels/knowledgerowmodel.h"
#include "itemmodels/knowledgetablemodel.h"
#include "relationsdiagram.h"
#include "schema/knowledgebase.h"
#include "schema/schemavalidator.h"
#include "messagebar.h"

#include <QHeaderView>
#include <QDateTime>
#include <QLocale>
#include <QLabel>
#include <QListView>
#include <QListWidget>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QMenu>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

namespace assay {

namespace {
QLabel *sectionLabel(const QString &text, QWidget *parent)
{
    auto *l = new QLabel(text, parent);
    QFont f = l->font();
    f.setWeight(QFont::DemiBold);
    l->setFont(f);
    return l;
}

QString uniqueName(const QString &stem, const std::function<bool(const QString &)> &taken)
{
    for (int i = 1;; ++i)
        if (const QString name = QStringLiteral("%1%2").arg(stem).arg(i); !taken(name))
            return name;
}
} // namespace

SchemaEditor::SchemaEditor(KnowledgeBase *knowledge, QUndoStack *undoStack, QWidget *parent)
    : QWidget(parent), m_knowledge(knowledge), m_undoStack(undoStack),
      m_tableModel(new KnowledgeTableModel(knowledge, undoStack, this)),
      m_columnModel(new KnowledgeColumnModel(knowledge, undoStack, this)),
      m_rowModel(new KnowledgeRowModel(knowledge, undoStack, this)), m_tables(new QListView(this)),
      m_columns(new QTableView(this)), m_rows(new QTableView(this)), m_problems(new QListWidget(this)),
      m_diagram(new RelationsDiagram(knowledge, this)), m_heading(new QLabel(this)), m_message(new MessageBar(this)),
      m_emptyHint(new QLabel(this)), m_source(new QLabel(this)), m_revalidate(new QTimer(this)), m_messageTimer(new QTimer(this))
{
    setObjectName(QStringLiteral("schemaPage"));
    QToolBar *toolbar = buildToolbar();
    setUpViews();
    QSplitter *split = buildSplit();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 8);
    layout->addWidget(toolbar);
    layout->addWidget(split);

    connectSignals();
    if (!m_knowledge->tables().isEmpty())
        selectTable(m_knowledge->tables().constFirst().id);
    else
        tableChanged();
    revalidate();
}

// The edit actions above the page.
QToolBar *SchemaEditor::buildToolbar()
{
    auto *toolbar = new QToolBar(this);
    toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_addTable = toolbar->addAction(tr("+ Table"), this, &SchemaEditor::addTable);
    m_removeTable = toolbar->addAction(tr("− Table"), this, &SchemaEditor::removeTable);
    toolbar->addSeparator();
    m_addColumn = toolbar->addAction(tr("+ Column"), this, &SchemaEditor::addColumn);
    m_removeColumn = toolbar->addAction(tr("− Column"), this, &SchemaEditor::removeColumn);
    toolbar->addSeparator();
    m_addRow = toolbar->addAction(tr("+ Row"), this, &SchemaEditor::addRow);
    m_removeRows = toolbar->addAction(tr("− Rows"), this, &SchemaEditor::removeRows);
    m_addTable->setObjectName(QStringLiteral("addTable"));
    m_removeTable->setObjectName(QStringLiteral("removeTable"));
    m_addColumn->setObjectName(QStringLiteral("addColumn"));
    m_removeColumn->setObjectName(QStringLiteral("removeColumn"));
    m_addRow->setObjectName(QStringLiteral("addRow"));
    m_removeRows->setObjectName(QStringLiteral("removeRows"));
    return toolbar;
}

void SchemaEditor::setUpViews()
{
    m_tables->setModel(m_tableModel);
    m_tables->setObjectName(QStringLiteral("schemaTables"));
    m_tables->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_columns->setModel(m_columnModel);
    m_columns->setObjectName(QStringLiteral("schemaColumns"));
    m_columns->setItemDelegate(new ColumnPropertyDelegate(m_columns));
    m_columns->verticalHeader()->hide();
    m_columns->horizontalHeader()->setStretchLastSection(false);
    m_columns->horizontalHeader()->setSectionResizeMode(KnowledgeColumnModel::DescriptionColumn, QHeaderView::Stretch);
    m_columns->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_columns->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                               QAbstractItemView::SelectedClicked);
    m_rows->setModel(m_rowModel);
    m_rows->setObjectName(QStringLiteral("schemaRows"));
    m_rows->setAlternatingRowColors(true);
    m_rows->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_rows->verticalHeader()->setDefaultSectionSize(m_rows->fontMetrics().height() + 8);
    m_columns->verticalHeader()->setDefaultSectionSize(m_columns->fontMetrics().height() + 8);
    m_problems->setObjectName(QStringLiteral("schemaProblems"));
    m_problems->setMaximumHeight(110);
    m_message->setObjectName(QStringLiteral("schemaMessage"));
    QFont headingFont = m_heading->font();
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.25);
    headingFont.setWeight(QFont::DemiBold);
    m_heading->setFont(headingFont);
    m_emptyHint->setWordWrap(true);
    m_emptyHint->setText(tr("No knowledge tables yet. Import a schema with <i>File → Import Knowledge Schema</i> (a SQLite "
                            "database, a folder of CSV files, an SQL script or dump, or a PostgreSQL or MySQL/MariaDB server), "
                            "or add a table with <b>+ Table</b>."));
    m_source->setObjectName(QStringLiteral("schemaSource"));
    m_source->setWordWrap(true);
    m_source->setTextInteractionFlags(Qt::TextSelectableByMouse);
}

// Tables and relations on the left; columns, rows and problems on the right.
QSplitter *SchemaEditor::buildSplit()
{
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(sectionLabel(tr("Tables"), left));
    leftLayout->addWidget(m_tables, 2);
    leftLayout->addWidget(m_source);
    leftLayout->addWidget(sectionLabel(tr("Relations (join paths)"), left));
    leftLayout->addWidget(m_diagram, 3);

    auto *right = new QSplitter(Qt::Vertical, this);
    auto *columnsBox = new QWidget(right);
    auto *columnsLayout = new QVBoxLayout(columnsBox);
    columnsLayout->setContentsMargins(0, 0, 0, 0);
    columnsLayout->addWidget(m_heading);
    columnsLayout->addWidget(m_emptyHint);
    columnsLayout->addWidget(sectionLabel(tr("Columns"), columnsBox));
    columnsLayout->addWidget(m_columns);
    auto *rowsBox = new QWidget(right);
    auto *rowsLayout = new QVBoxLayout(rowsBox);
    rowsLayout->setContentsMargins(0, 0, 0, 0);
    rowsLayout->addWidget(sectionLabel(tr("Rows"), rowsBox));
    rowsLayout->addWidget(m_rows);
    auto *problemsBox = new QWidget(right);
    auto *problemsLayout = new QVBoxLayout(problemsBox);
    problemsLayout->setContentsMargins(0, 0, 0, 0);
    problemsLayout->addWidget(m_message);
    problemsLayout->addWidget(sectionLabel(tr("Problems"), problemsBox));
    problemsLayout->addWidget(m_problems);
    right->addWidget(columnsBox);
    right->addWidget(rowsBox);
    right->addWidget(problemsBox);
    right->setStretchFactor(0, 2);
    right->setStretchFactor(1, 3);
    right->setStretchFactor(2, 1);

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(1, 1);
    split->setSizes({250, 800});
    return split;
}

QMenu *SchemaEditor::columnMenu(const QModelIndex &index)
{
    const KnowledgeTable *table = m_knowledge->table(currentTable());
    if (!table || !index.isValid())
        return nullptr;
    const QString column = m_columnModel->index(index.row(), KnowledgeColumnModel::NameColumn).data().toString();
    auto *menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    QAction *byId = menu->addAction(tr("Rows Are Documents (by Id: a document's id is its %1)").arg(column));
    byId->setToolTip(tr("Each row of %1 is the document whose id equals its %2: a group's true document is the row its answer came from.").arg(table->name, column));
    QAction *byName = menu->addAction(tr("Rows Are Documents (by Name: a title names its %1)").arg(column));
    byName->setToolTip(tr("Each row of %1 is the document whose title or first line names its %2 on whole words.").arg(table->name, column));
    menu->addSeparator();
    QAction *remove = menu->addAction(tr("Rows of %1 Are Not Documents").arg(table->name));
    byId->setObjectName(QStringLiteral("keyById"));
    byName->setObjectName(QStringLiteral("keyByName"));
    remove->setObjectName(QStringLiteral("keyRemove"));
    const QString name = table->name;
    connect(byId, &QAction::triggered, this, [this, name, column] { emit documentKeyRequested(name, column, QStringLiteral("id")); });
    connect(byName, &QAction::triggered, this, [this, name, column] { emit documentKeyRequested(name, column, QStringLiteral("name")); });
    connect(remove, &QAction::triggered, this, [this, name, column] { emit documentKeyRequested(name, column, QString()); });
    return menu;
}

void SchemaEditor::connectSignals()
{
    m_columns->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_columns, &QWidget::customContextMenuRequested, this, [this](const QPoint &at) {
        if (QMenu *menu = columnMenu(m_columns->indexAt(at)))
            menu->popup(m_columns->viewport()->mapToGlobal(at));
    });
    m_revalidate->setSingleShot(true);
    m_revalidate->setInterval(150);
    connect(m_revalidate, &QTimer::timeout, this, &SchemaEditor::revalidate);
    m_messageTimer->setSingleShot(true);
    m_messageTimer->setInterval(8000);
    connect(m_messageTimer, &QTimer::timeout, m_message, &MessageBar::clear);
    for (auto signal : {&KnowledgeBase::tablesChanged, &KnowledgeBase::reloaded})
        connect(m_knowledge, signal, m_revalidate, qOverload<>(&QTimer::start));
    connect(m_knowledge, &KnowledgeBase::columnsChanged, m_revalidate, qOverload<>(&QTimer::start));
    connect(m_knowledge, &KnowledgeBase::linkChecked, this, &SchemaEditor::showLinkState);
    connect(m_knowledge, &KnowledgeBase::rowsChanged, m_revalidate, qOverload<>(&QTimer::start));
    connect(m_knowledge, &KnowledgeBase::cellChanged, m_revalidate, qOverload<>(&QTimer::start));
    connect(m_tableModel, &KnowledgeTableModel::editRejected, this, &SchemaEditor::showRejection);
    connect(m_columnModel, &KnowledgeColumnModel::editRejected, this, &SchemaEditor::showRejection);
    connect(m_tables->selectionModel(), &QItemSelectionModel::currentChanged, this, &SchemaEditor::tableChanged);
    connect(m_tableModel, &QAbstractItemModel::modelReset, this, [this] {
        // Keep the selection on the same table across resets (rename, undo, ...).
        const qint64 wanted = m_columnModel->table() ? m_columnModel->table() : (m_knowledge->tables().isEmpty() ? 0 : m_knowledge->tables().constFirst().id);
        selectTable(wanted ? wanted : (m_knowledge->tables().isEmpty() ? 0 : m_knowledge->tables().constFirst().id));
    });
    connect(m_diagram, &RelationsDiagram::tableClicked, this, &SchemaEditor::selectTable);
    connect(m_problems, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
        selectTable(item->data(Qt::UserRole).toLongLong());
        const qint64 rowId = item->data(Qt::UserRole + 1).toLongLong();
        for (int r = 0; r < m_rowModel->rowCount(); ++r)
            if (m_rowModel->rowId(r) == rowId)
                m_rows->setCurrentIndex(m_rowModel->index(r, 0));
    });
    for (QItemSelectionModel *sel : {m_columns->selectionModel(), m_rows->selectionModel()})
        connect(sel, &QItemSelectionModel::selectionChanged, this, &SchemaEditor::updateActions);
    connect(m_columnModel, &QAbstractItemModel::modelReset, this, &SchemaEditor::updateActions);
    connect(m_rowModel, &QAbstractItemModel::modelReset, this, &SchemaEditor::updateActions);
}

qint64 SchemaEditor::currentTable() const { return m_tableModel->tableId(m_tables->currentIndex()); }

void SchemaEditor::selectTable(qint64 tableId)
{
    const QModelIndex index = m_tableModel->indexOf(tableId);
    if (index.isValid() && index != m_tables->currentIndex())
        m_tables->setCurrentIndex(index);
    else
        tableChanged();
}

void SchemaEditor::tableChanged()
{
    const qint64 id = currentTable();
    const KnowledgeTable *t = m_knowledge->table(id);
    if (m_columnModel->table() != id)
        m_columnModel->setTable(id);
    if (m_rowModel->table() != id)
        m_rowModel->setTable(id);
    m_diagram->setCurrentTable(id);
    m_heading->setText(t ? (t->description.isEmpty() ? t->name : QStringLiteral("%1 — %2").arg(t->name, t->description))
                         : QString());
    m_emptyHint->setVisible(m_knowledge->tables().isEmpty());
    const QString from = sourceText();
    m_source->setVisible(!from.isEmpty() && !m_knowledge->tables().isEmpty());
    m_source->setText(from);
    m_source->setToolTip(from);
    m_columns->resizeColumnsToContents();
    m_columns->horizontalHeader()->setSectionResizeMode(KnowledgeColumnModel::DescriptionColumn, QHeaderView::Stretch);
    m_rows->resizeColumnsToContents();
    revalidate();
}

QString SchemaEditor::sourceText() const
{
    if (m_knowledge->isRemote()) {
        const LinkCheck::State &link = m_knowledge->linkState();
        const QString server = link.where.isEmpty() ? m_knowledge->linkedPath() : link.where;
        if (!link.checked)
            return tr("Linked read-only to %1; the rows stay on the server. Reaching it…").arg(server);
        if (!link.reachable())
            return tr("Linked read-only to %1, which cannot be reached: see the message below the rows.").arg(server);
        const auto counted = m_knowledge->rowCount(currentTable());
        const qint64 rows = counted ? counted.value() : 0;
        return rows > LinkCheck::previewRows
                   ? tr("Linked read-only to %1; the rows stay on the server. The table shows the first %2 of %3 rows.")
                         .arg(server, QLocale().toString(LinkCheck::previewRows), QLocale().toString(rows))
                   : tr("Linked read-only to %1; the rows stay on the server.").arg(server);
    }
    if (m_knowledge->isLinked())
        return tr("Linked read-only to %1").arg(m_knowledge->linkedPath());
    if (m_knowledge->importedFrom().isEmpty() || m_knowledge->importedFrom() == QLatin1String("editor"))
        return {};
    return tr("Imported from %1 on %2")
        .arg(m_knowledge->importedFrom(),
             QDateTime::fromString(m_knowledge->importedAt(), Qt::ISODate).toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")));
}

void SchemaEditor::showLinkState()
{
    tableChanged();
    const LinkCheck::State &link = m_knowledge->linkState();
    if (!m_knowledge->isRemote() || !link.checked || link.reachable()) {
        if (m_linkWarning) // the warning of an earlier check, not another message
            m_message->clear();
        m_linkWarning = false;
        return;
    }
    m_linkWarning = true;
    m_message->warning(tr("Cannot reach the linked server: %1. Every stored result is kept; generating from the knowledge waits until the server "
                          "answers.").arg(link.error));
    m_message->addButton(tr("Check Again"), [this] { emit linkCheckRequested(); }, tr("Reaches the server again and reads its tables."));
    m_message->addButton(tr("Password…"), [this] { emit linkPasswordRequested(); },
                         tr("Asks for the server's password (kept in memory for this session, never in the project), then reaches it again."));
}

void SchemaEditor::updateActions()
{
    const bool editable = !m_knowledge->isLinked();
    const bool hasTable = currentTable() != 0;
    m_addTable->setEnabled(editable);
    m_removeTable->setEnabled(editable && hasTable);
    m_addColumn->setEnabled(editable && hasTable);
    m_removeColumn->setEnabled(editable && hasTable && m_columns->selectionModel()->hasSelection());
    m_addRow->setEnabled(editable && hasTable && m_columnModel->rowCount() > 0);
    m_removeRows->setEnabled(editable && hasTable && m_rows->selectionModel()->hasSelection());
}

QString SchemaEditor::inlineMessage() const { return m_message->isHidden() ? QString() : m_message->text(); }

void SchemaEditor::showRejection(const QString &reason)
{
    m_message->error(reason);
    m_messageTimer->start();
}

void SchemaEditor::addTable()
{
    const QString name = uniqueName(tr("table"), [this](const QString &n) { return m_knowledge->tableNamed(n) != nullptr; });
    auto *command = new AddKnowledgeTableCommand(m_knowledge, name);
    m_undoStack->push(command);
    if (const KnowledgeTable *t = m_knowledge->tableNamed(name)) {
        selectTable(t->id);
        m_tables->edit(m_tables->currentIndex());
    }
}

void SchemaEditor::removeTable()
{
    if (const qint64 id = currentTable())
        m_undoStack->push(new RemoveKnowledgeTableCommand(m_knowledge, id));
}

void SchemaEditor::addColumn()
{
    const KnowledgeTable *t = m_knowledge->table(currentTable());
    if (!t)
        return;
    KnowledgeColumn column;
    column.name = uniqueName(tr("column"), [t](const QString &n) { return t->columnNamed(n) != nullptr; });
    m_undoStack->push(new AddKnowledgeColumnCommand(m_knowledge, t->id, column));
    const int row = m_columnModel->rowCount() - 1;
    m_columns->setCurrentIndex(m_columnModel->index(row, KnowledgeColumnModel::NameColumn));
    m_columns->edit(m_columns->currentIndex());
}

void SchemaEditor::removeColumn()
{
    const QModelIndexList rows = m_columns->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return;
    QVector<qint64> ids;
    for (const QModelIndex &i : rows)
        ids << m_columnModel->columnId(i.row());
    m_undoStack->beginMacro(tr("Delete %n column(s)", nullptr, int(ids.size())));
    for (qint64 id : ids)
        m_undoStack->push(new RemoveKnowledgeColumnCommand(m_knowledge, id));
    m_undoStack->endMacro();
}

void SchemaEditor::addRow()
{
    if (const qint64 id = currentTable()) {
        m_undoStack->push(new AddKnowledgeRowCommand(m_knowledge, id));
        m_rows->scrollToBottom();
        m_rows->setCurrentIndex(m_rowModel->index(m_rowModel->rowCount() - 1, 0));
    }
}

void SchemaEditor::removeRows()
{
    QVector<qint64> ids;
    for (const QModelIndex &i : m_rows->selectionModel()->selectedRows())
        ids << m_rowModel->rowId(i.row());
    if (!ids.isEmpty())
        m_undoStack->push(new RemoveKnowledgeRowsCommand(m_knowledge, currentTable(), ids));
}

void SchemaEditor::revalidate()
{
    const QVector<SchemaIssue> issues = SchemaValidator::validate(*m_knowledge);
    m_rowModel->setIssues(issues);
    m_problems->clear();
    const qint64 current = currentTable();
    int elsewhere = 0;
    for (const SchemaIssue &i : issues) {
        if (i.tableId != current && i.severity != SchemaIssue::Severity::Error) {
            ++elsewhere;
            continue;
        }
        auto *item = new QListWidgetItem(style()->standardIcon(i.severity == SchemaIssue::Severity::Error
                                                                   ? QStyle::SP_MessageBoxCritical
                                                                   : QStyle::SP_MessageBoxWarning),
                                         i.message, m_problems);
        item->setData(Qt::UserRole, i.tableId);
        item->setData(Qt::UserRole + 1, i.rowId);
    }
    if (elsewhere > 0)
        new QListWidgetItem(tr("%n warning(s) in other tables", nullptr, elsewhere), m_problems);
    if (issues.isEmpty())
        new QListWidgetItem(style()->standardIcon(QStyle::SP_DialogApplyButton), tr("No problems found"), m_problems);
    updateActions();
}

} // namespace assay
