#include "itemmodels/reviewmodel.h"

#include "commands/edittemplatecommand.h"
#include "commands/setcurationstatecommand.h"
#include "generation/generationstore.h"
#include "project/project.h"
#include "generation/generationcuration.h"

#include <QtConcurrent/QtConcurrentRun>
#include <QUndoStack>

#include <algorithm>

namespace assay {

namespace {
enum SqlColumn { SqlId, SqlText, SqlSource, SqlState, SqlReason, SqlRate, SqlGroups, SqlTexts, SqlQueries, SqlTables, SqlColumnCount };
enum TextColumn { TextId, TextText, TextForm, TextSql, TextSource, TextState, TextReason, TextQueries, TextColumnCount };

} // namespace

ReviewModel::ReviewModel(Project *project, QUndoStack *undoStack, QObject *parent)
    : QAbstractTableModel(parent), m_project(project), m_undoStack(undoStack)
{
    connect(&m_watcher, &QFutureWatcher<QueryJob>::finished, this, [this] {
        QueryJob job = m_watcher.result();
        beginResetModel();
        if (job.index)
            m_queries = job.index;
        m_view = job.rows;
        endResetModel();
        m_busy = false;
        if (!job.error.isEmpty())
            qWarning("%s", qPrintable(job.error));
        if (m_pendingQueryJob) {
            m_pendingQueryJob = false;
            startQueryJob(false);
            return;
        }
        emit viewUpdated();
    });
    connect(project->service<GenerationCuration>(), &GenerationCuration::changed, this, [this] { reload(); });
    reload();
}

ReviewModel::~ReviewModel() { m_watcher.waitForFinished(); }

void ReviewModel::reload()
{
    reloadTemplates();
    m_queries.reset();
    if (m_scope == Scope::Queries)
        startQueryJob(true);
    else
        applyTemplateView();
}

void ReviewModel::reloadTemplates()
{
    GenerationStore store(m_project->database());
    auto sql = store.sqlTemplates();
    auto text = store.textTemplates();
    if (!sql || !text)
        qWarning("Review grid: the templates cannot be read: %s", qPrintable(!sql ? sql.error() : text.error()));
    m_sql = sql ? sql.take() : QVector<SqlTemplateRecord>();
    m_text = text ? text.take() : QVector<TextTemplateRecord>();
    // A failed read is said in the log (the grid then shows no counts).
    auto counts = store.counts();
    if (!counts)
        qWarning("Review grid: the counts cannot be read: %s", qPrintable(counts.error()));
    const GenerationStore::Counts c = counts ? counts.take() : GenerationStore::Counts();
    m_textCount = c.acceptedTextsBySql;
    m_groupCount = c.groupsBySql;
    m_queryCountByText = c.queriesByText;
    m_queryCountBySql.clear();
    m_tablesOfSql.clear();
    for (const SqlTemplateRecord &r : std::as_const(m_sql))
        m_tablesOfSql.insert(r.id, r.tables);
    for (const TextTemplateRecord &t : std::as_const(m_text))
        m_queryCountBySql[t.sqlTemplateId] += m_queryCountByText.value(t.id);
}

void ReviewModel::setScope(Scope scope)
{
    if (scope == m_scope)
        return;
    m_scope = scope;
    m_sortColumn = 0;
    m_sortOrder = Qt::AscendingOrder;
    if (scope == Scope::Queries) {
        beginResetModel();
        m_view.clear();
        endResetModel();
        startQueryJob(!m_queries);
    } else {
        applyTemplateView();
    }
}

void ReviewModel::setFilter(const Filter &filter)
{
    m_filter = filter;
    if (m_scope == Scope::Queries)
        startQueryJob(false);
    else
        applyTemplateView();
}

void ReviewModel::sort(int column, Qt::SortOrder order)
{
    m_sortColumn = column;
    m_sortOrder = order;
    if (m_scope == Scope::Queries)
        startQueryJob(false);
    else
        applyTemplateView();
}

void ReviewModel::startQueryJob(bool reloadIndex)
{
    if (m_busy) {
        m_pendingQueryJob = true; // the newest filter wins once the running job ends
        return;
    }
    m_busy = true;
    const std::shared_ptr<QueryIndex> current = reloadIndex ? nullptr : m_queries;
    const QString path = m_project->path();
    QueryIndex::Criteria c{m_filter.text, m_filter.form, m_filter.state, m_filter.table, m_sortColumn, m_sortOrder};
    m_watcher.setFuture(QtConcurrent::run([current, path, c]() -> QueryJob {
        QueryJob job;
        std::shared_ptr<QueryIndex> index = current;
        if (!index) {
            auto loaded = QueryIndex::load(path);
            if (!loaded)
                return {nullptr, {}, loaded.error()};
            index = loaded.value();
            job.index = index;
        }
        job.rows = index->select(c);
        return job;
    }));
}

QString ReviewModel::templateCell(int i, int column) const
{
    if (m_scope == Scope::SqlTemplates) {
        const SqlTemplateRecord &r = m_sql[i];
        switch (column) {
        case SqlId: return QString::number(r.id);
        case SqlText: return r.sql;
        case SqlSource: return r.source;
        case SqlState: return curationStateName(r.state);
        case SqlReason: return r.reason;
        case SqlRate: return r.singularRate < 0 ? QString() : QString::number(r.singularRate, 'f', 2);
        case SqlGroups: return QString::number(m_groupCount.value(r.id));
        case SqlTexts: return QString::number(m_textCount.value(r.id));
        case SqlQueries: return QString::number(m_queryCountBySql.value(r.id));
        case SqlTables: return r.tables;
        }
        return {};
    }
    const TextTemplateRecord &t = m_text[i];
    switch (column) {
    case TextId: return QString::number(t.id);
    case TextText: return t.text;
    case TextForm: return t.form;
    case TextSql: return QString::number(t.sqlTemplateId);
    case TextSource: return t.source;
    case TextState: return curationStateName(t.state);
    case TextReason: return t.reason;
    case TextQueries: return QString::number(m_queryCountByText.value(t.id));
    }
    return {};
}

void ReviewModel::applyTemplateView()
{
    beginResetModel();
    m_view.clear();
    const bool sqlScope = m_scope == Scope::SqlTemplates;
    const int n = sqlScope ? int(m_sql.size()) : int(m_text.size());
    const int textColumn = sqlScope ? int(SqlText) : int(TextText);
    for (int i = 0; i < n; ++i) {
        const CurationState state = sqlScope ? m_sql[i].state : m_text[i].state;
        const qint64 sqlId = sqlScope ? m_sql[i].id : m_text[i].sqlTemplateId;
        if (m_filter.state && state != *m_filter.state)
            continue;
        if (!sqlScope && !m_filter.form.isEmpty() && m_text[i].form != m_filter.form)
            continue;
        if (!m_filter.table.isEmpty() && !m_tablesOfSql.value(sqlId).contains(QLatin1Char('\'') + m_filter.table + QLatin1Char('\'')))
            continue;
        if (!m_filter.text.isEmpty() && !templateCell(i, textColumn).contains(m_filter.text, Qt::CaseInsensitive))
            continue;
        m_view << i;
    }
    const bool numeric = sqlScope ? (m_sortColumn == SqlId || (m_sortColumn >= SqlRate && m_sortColumn <= SqlQueries))
                                  : (m_sortColumn == TextId || m_sortColumn == TextSql || m_sortColumn == TextQueries);
    std::stable_sort(m_view.begin(), m_view.end(), [&](int a, int b) {
        const QString x = templateCell(a, m_sortColumn), y = templateCell(b, m_sortColumn);
        const bool less = numeric ? x.toDouble() < y.toDouble() : x.localeAwareCompare(y) < 0;
        const bool greater = numeric ? y.toDouble() < x.toDouble() : y.localeAwareCompare(x) < 0;
        return m_sortOrder == Qt::AscendingOrder ? less : greater;
    });
    endResetModel();
    emit viewUpdated();
}

int ReviewModel::totalCount(Scope scope) const
{
    switch (scope) {
    case Scope::SqlTemplates: return int(m_sql.size());
    case Scope::TextTemplates: return int(m_text.size());
    case Scope::Queries: {
        int n = 0;
        for (int c : m_queryCountByText)
            n += c;
        return n;
    }
    }
    return 0;
}

int ReviewModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_view.size()); }

int ReviewModel::columnCount(const QModelIndex &parent) const
{
    if (parent.isValid())
        return 0;
    return m_scope == Scope::SqlTemplates ? int(SqlColumnCount) : m_scope == Scope::TextTemplates ? int(TextColumnCount) : int(QueryIndex::ColumnCount);
}

qint64 ReviewModel::idAt(int row) const
{
    if (row < 0 || row >= m_view.size())
        return 0;
    const int i = m_view[row];
    switch (m_scope) {
    case Scope::SqlTemplates: return m_sql[i].id;
    case Scope::TextTemplates: return m_text[i].id;
    case Scope::Queries: return m_queries ? m_queries->id(i) : 0;
    }
    return 0;
}

QVariant ReviewModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_view.size())
        return {};
    const int i = m_view[index.row()];
    if (role == IdRole)
        return idAt(index.row());
    if (role == SqlTemplateIdRole)
        return m_scope == Scope::SqlTemplates ? m_sql[i].id : m_scope == Scope::TextTemplates ? m_text[i].sqlTemplateId
                                                                                              : m_queries->sqlTemplateId(i);
    if (role == Qt::TextAlignmentRole && m_scope == Scope::SqlTemplates && index.column() >= SqlRate && index.column() <= SqlQueries)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::EditRole && role != Qt::ToolTipRole)
        return {};
    if (m_scope != Scope::Queries)
        return templateCell(i, index.column());
    if (!m_queries)
        return {};
    switch (index.column()) {
    case QueryIndex::IdColumn: return m_queries->id(i);
    case QueryIndex::TextColumn: return m_queries->text(i);
    case QueryIndex::FormColumn: return m_queries->form(i);
    case QueryIndex::AnswerColumn: return m_queries->answer(i);
    case QueryIndex::GroupColumn: return m_queries->groupId(i);
    case QueryIndex::SqlTemplateColumn: return m_queries->sqlTemplateId(i);
    case QueryIndex::StateColumn: return curationStateName(m_queries->state(i));
    }
    return {};
}

QVariant ReviewModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    static const char *sql[] = {"ID", "SQL", "Source", "State", "Reason", "Singular rate", "Groups", "Text templates", "Queries", "Tables"};
    static const char *text[] = {"ID", "Text template", "Form", "SQL template", "Source", "State", "Reason", "Queries"};
    static const char *query[] = {"ID", "Text query", "Form", "Answer", "Group", "SQL template", "State"};
    const char *name = m_scope == Scope::SqlTemplates ? sql[section] : m_scope == Scope::TextTemplates ? text[section] : query[section];
    return tr(name);
}

bool ReviewModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !(flags(index) & Qt::ItemIsEditable))
        return false;
    const QString text = value.toString().trimmed();
    if (text == data(index, Qt::EditRole).toString())
        return false;
    auto *command = new EditTemplateCommand(m_project->service<GenerationCuration>(),
                                            m_scope == Scope::SqlTemplates ? EditTemplateCommand::Kind::Sql : EditTemplateCommand::Kind::Text,
                                            idAt(index.row()), text);
    QString error;
    command->reportErrorsTo(&error);
    m_undoStack->push(command);
    if (!error.isEmpty()) {
        emit editRejected(error);
        return false;
    }
    return true;
}

Qt::ItemFlags ReviewModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if ((m_scope == Scope::SqlTemplates && index.column() == SqlText) || (m_scope == Scope::TextTemplates && index.column() == TextText))
        f |= Qt::ItemIsEditable;
    return f;
}

void ReviewModel::setState(const QList<int> &rows, CurationState state)
{
    QVector<qint64> ids;
    for (int r : rows)
        if (const qint64 id = idAt(r))
            ids << id;
    if (ids.isEmpty())
        return;
    auto *command = new SetCurationStateCommand(m_project->service<GenerationCuration>(), m_scope, ids, state);
    QString error;
    command->reportErrorsTo(&error);
    m_undoStack->push(command);
    if (!error.isEmpty())
        emit editRejected(error);
}

} // namespace assay
