#include "project/projectchange.h"

#include <algorithm>

namespace assay {

ProjectChange ProjectChange::unknownExtent(const QString &file)
{
    ProjectChange c(file);
    c.m_unknownExtent = true;
    return c;
}

ProjectChange::Aggregate ProjectChange::aggregateOf(const QString &table)
{
    static const QHash<QString, Aggregate> named{
        {QStringLiteral("sql_template"), Aggregate::Generation}, {QStringLiteral("text_template"), Aggregate::Generation},
        {QStringLiteral("text_form"), Aggregate::Generation},    {QStringLiteral("query"), Aggregate::Generation},
        {QStringLiteral("query_group"), Aggregate::Generation},  {QStringLiteral("document"), Aggregate::Corpus},
        {QStringLiteral("embedding"), Aggregate::Corpus},        {QStringLiteral("pipeline"), Aggregate::Runs},
        {QStringLiteral("run"), Aggregate::Runs},                {QStringLiteral("run_item"), Aggregate::Runs},
        {QStringLiteral("context_text"), Aggregate::Runs},       {QStringLiteral("judgement"), Aggregate::Judgements},
        {QStringLiteral("claim_check"), Aggregate::Judgements},
        // A gate's evidence: writing it must not read as new verdicts (the Analysis page would
        // analyse again, and gate again).
        {QStringLiteral("metric_value"), Aggregate::Gates},
        {QStringLiteral("project_meta"), Aggregate::Meta},       {QStringLiteral("ground_link"), Aggregate::Generation},
        {QStringLiteral("value_alias"), Aggregate::Generation}, {QStringLiteral("document_key"), Aggregate::Generation},
        {QStringLiteral("key_truth"), Aggregate::Generation},    {QStringLiteral("testset"), Aggregate::Versions},
        {QStringLiteral("testset_item"), Aggregate::Versions},  {QStringLiteral("baseline"), Aggregate::Versions},
        {QStringLiteral("gate_result"), Aggregate::Gates},
    };
    if (auto it = named.constFind(table); it != named.constEnd())
        return it.value();
    // Families by prefix: chunk, chunk_fts and its shadow tables, chunk_archive; exam_*; ...
    if (table.startsWith(QLatin1String("knowledge_")))
        return Aggregate::Knowledge;
    if (table.startsWith(QLatin1String("chunk")))
        return Aggregate::Corpus;
    if (table.startsWith(QLatin1String("exam")))
        return Aggregate::Exams;
    if (table.startsWith(QLatin1String("llm_")))
        return Aggregate::LlmCache;
    return Aggregate::Meta;
}

bool ProjectChange::isFollowed(const QString &table) { return table == QLatin1String("project_meta") || aggregateOf(table) != Aggregate::Meta; }

QStringList ProjectChange::tables() const
{
    QStringList out = m_rows.keys();
    for (const QString &t : m_manyRows)
        if (!m_rows.contains(t))
            out << t;
    std::sort(out.begin(), out.end());
    return out;
}

QVector<qint64> ProjectChange::rowIds(const QString &table) const
{
    if (unnamedRows(table))
        return {};
    const QSet<qint64> ids = m_rows.value(table);
    QVector<qint64> out(ids.begin(), ids.end());
    std::sort(out.begin(), out.end());
    return out;
}

void ProjectChange::addRow(const QString &table, qint64 rowid)
{
    m_aggregates |= aggregateOf(table);
    if (m_manyRows.contains(table))
        return;
    QSet<qint64> &ids = m_rows[table];
    ids.insert(rowid);
    if (ids.size() > maxIdsPerTable) {
        m_rows.remove(table);
        m_manyRows.insert(table);
    }
}

void ProjectChange::addRows(const QString &table)
{
    m_aggregates |= aggregateOf(table);
    m_rows.remove(table);
    m_manyRows.insert(table);
}

void ProjectChange::merge(const ProjectChange &other)
{
    if (m_file.isEmpty())
        m_file = other.m_file;
    if (isEmpty())
        m_connection = other.m_connection;
    else if (m_connection != other.m_connection)
        m_connection = 0;
    m_unknownExtent = m_unknownExtent || other.m_unknownExtent;
    m_aggregates |= other.m_aggregates;
    for (const QString &t : other.m_manyRows) {
        m_rows.remove(t);
        m_manyRows.insert(t);
    }
    for (auto it = other.m_rows.constBegin(); it != other.m_rows.constEnd(); ++it) {
        if (m_manyRows.contains(it.key()))
            continue;
        QSet<qint64> &ids = m_rows[it.key()];
        ids.unite(it.value());
        if (ids.size() > maxIdsPerTable) {
            m_rows.remove(it.key());
            m_manyRows.insert(it.key());
        }
    }
}

} // namespace assay
