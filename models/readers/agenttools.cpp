#include "readers/agenttools.h"

#include "project/database.h"
#include "retrieval/corpusstore.h"
#include "retrieval/retriever.h"
#include "schema/knowledgeconnection.h"
#include "schema/knowledgevalue.h"

namespace assay {

namespace {

using Observation = AgentTools::Observation;

// Rows of a PAL program's result that make its answer.
constexpr int ProgramRows = 50;

Observation refused(const QString &text)
{
    Observation o;
    o.text = text;
    o.error = true;
    return o;
}

// A string argument, or nothing when it is missing or not a string.
std::optional<QString> stringArgument(const nlohmann::json &arguments, const char *name)
{
    if (!arguments.is_object() || !arguments.contains(name) || !arguments[name].is_string())
        return std::nullopt;
    return QString::fromStdString(arguments[name].get<std::string>()).trimmed();
}

QString oneLine(QString text, int chars)
{
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text.size() > chars ? text.left(chars) + QStringLiteral(" …") : text;
}

nlohmann::json function(const char *name, const char *description, nlohmann::json properties, std::vector<std::string> required)
{
    return {{"type", "function"},
            {"function", {{"name", name}, {"description", description}, {"parameters", {{"type", "object"}, {"properties", properties}, {"required", required}}}}}};
}

} // namespace

AgentTools::AgentTools(const Retriever *retriever, CorpusStore *corpus, const KnowledgeConnection *knowledge, QVector<KnowledgeTable> schema,
                       Limits limits)
    : m_retriever(retriever), m_corpus(corpus), m_knowledge(knowledge), m_schema(std::move(schema)), m_limits(limits)
{
}

QStringList AgentTools::names()
{
    return {QStringLiteral("search"), QStringLiteral("lookup"), QStringLiteral("list_tables"), QStringLiteral("describe"), QStringLiteral("sql"),
            QStringLiteral("finish")};
}

nlohmann::json AgentTools::functionDefinitions()
{
    const nlohmann::json text = {{"type", "string"}};
    return nlohmann::json::array({
        function("search", "Search the document collection; returns the best passages with their document ids.",
                 {{"query", {{"type", "string"}, {"description", "what to search for"}}}, {"k", {{"type", "integer"}, {"description", "passages (1-10)"}}}},
                 {"query"}),
        function("lookup", "Find passages and database rows that mention an exact name or phrase.", {{"text", text}}, {"text"}),
        function("list_tables", "List the database tables with their descriptions.", nlohmann::json::object(), {}),
        function("describe", "Describe a table's columns: type, key, references, meaning.", {{"table", text}}, {"table"}),
        function("sql", "Run one read-only SQL SELECT on the database; shows the first rows.", {{"query", text}}, {"query"}),
        function("finish", "Give the final answer to the question.", {{"answer", text}}, {"answer"}),
    });
}

Result<Observation> AgentTools::call(const QString &tool, const nlohmann::json &arguments) const
{
    const QString name = tool.trimmed().toLower();
    const auto need = [&](const char *argument) { return stringArgument(arguments, argument); };
    const auto missing = [&](const char *argument) {
        return refused(QStringLiteral("%1 needs a text argument '%2'.").arg(name, QLatin1String(argument)));
    };
    if (name == QLatin1String("search"))
        return search(arguments);
    if (name == QLatin1String("lookup")) {
        const auto text = need("text");
        return text && !text->isEmpty() ? lookup(*text) : Result<Observation>(missing("text"));
    }
    if (name == QLatin1String("list_tables"))
        return listTables();
    if (name == QLatin1String("describe")) {
        const auto table = need("table");
        return table ? describe(*table) : missing("table");
    }
    if (name == QLatin1String("sql")) {
        const auto query = need("query");
        return query && !query->isEmpty() ? sql(*query) : missing("query");
    }
    if (name == QLatin1String("finish")) {
        const auto answer = need("answer");
        if (!answer)
            return missing("answer");
        Observation o;
        o.finished = true;
        o.answer = *answer;
        o.text = QStringLiteral("Finished.");
        return o;
    }
    return refused(QStringLiteral("Unknown tool '%1'. The tools are: %2.").arg(tool, names().join(QStringLiteral(", "))));
}

Result<Observation> AgentTools::search(const nlohmann::json &arguments) const
{
    const auto query = stringArgument(arguments, "query");
    if (!query || query->isEmpty())
        return refused(QStringLiteral("search needs a text argument 'query'."));
    int k = m_limits.defaultK;
    if (arguments.contains("k") && arguments["k"].is_number_integer())
        k = std::clamp(arguments["k"].get<int>(), 1, m_limits.maxK);
    if (!m_retriever || !m_corpus)
        return refused(QStringLiteral("search is not available: this pipeline has no corpus retriever."));
    auto hits = m_retriever->retrieve({*query, {}}, k);
    if (!hits)
        return Result<Observation>::failure(hits);
    Observation o;
    QStringList lines;
    for (const RetrievalHit &h : hits.value()) {
        auto text = chunkExcerpt(h.chunkId);
        if (!text)
            return Result<Observation>::failure(text);
        lines << QStringLiteral("[%1] (document %2) %3").arg(h.rank).arg(h.docId, text.value());
        o.docIds << h.docId;
    }
    o.text = lines.isEmpty() ? QStringLiteral("No passage matches \"%1\".").arg(*query) : lines.join(QLatin1Char('\n'));
    return o;
}

Result<QString> AgentTools::chunkExcerpt(qint64 chunkId) const
{
    auto text = m_corpus->chunkText(chunkId);
    if (!text)
        return text;
    return oneLine(text.value(), m_limits.chunkChars);
}

Result<Observation> AgentTools::lookup(const QString &text) const
{
    using R = Result<Observation>;
    Observation o;
    QStringList lines;
    if (m_corpus) {
        // An FTS5 phrase: the text's own double quotes doubled, so no query syntax gets through.
        QString phrase = text;
        phrase.replace(QLatin1Char('"'), QStringLiteral("\"\""));
        auto hits = m_corpus->bm25(QLatin1Char('"') + phrase + QLatin1Char('"'), m_limits.defaultK);
        if (!hits)
            return R::failure(hits);
        for (const RetrievalHit &h : hits.value()) {
            auto excerpt = chunkExcerpt(h.chunkId);
            if (!excerpt)
                return R::failure(excerpt);
            lines << QStringLiteral("passage (document %1): %2").arg(h.docId, excerpt.value());
            o.docIds << h.docId;
        }
    }
    if (m_knowledge) {
        QString pattern = text;
        pattern.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('%'), QStringLiteral("\\%")).replace(QLatin1Char('_'), QStringLiteral("\\_"));
        pattern = QLatin1Char('%') + pattern + QLatin1Char('%');
        int shown = 0;
        for (const KnowledgeTable &t : m_schema) {
            QStringList conditions;
            for (const KnowledgeColumn &c : t.columns)
                if (const auto a = KnowledgeValue::affinity(c.type); a != KnowledgeValue::Affinity::Integer && a != KnowledgeValue::Affinity::Real)
                    conditions << Database::quoteIdentifier(c.name) + QStringLiteral(" LIKE ?1 ESCAPE '\\'");
            if (conditions.isEmpty() || shown >= m_limits.rowLimit)
                continue;
            auto rows = m_knowledge->query(QStringLiteral("SELECT * FROM %1 WHERE %2").arg(Database::quoteIdentifier(t.name), conditions.join(QStringLiteral(" OR "))),
                                           {pattern}, m_limits.rowLimit - shown);
            if (!rows)
                return R::failure(QStringLiteral("lookup in %1: %2").arg(t.name, rows.error()), rows.code());
            for (const QVariantList &row : rows.value().rows) {
                QStringList cells;
                for (int i = 0; i < row.size(); ++i)
                    cells << rows.value().columns.value(i) + QLatin1Char('=') + KnowledgeValue::displayText(row[i]);
                lines << QStringLiteral("row of %1: %2").arg(t.name, cells.join(QStringLiteral(", ")));
                ++shown;
            }
        }
    }
    o.text = lines.isEmpty() ? QStringLiteral("Nothing mentions \"%1\".").arg(text) : lines.join(QLatin1Char('\n'));
    return o;
}

Observation AgentTools::listTables() const
{
    if (m_schema.isEmpty())
        return refused(QStringLiteral("list_tables is not available: the project has no knowledge tables."));
    QStringList lines;
    for (const KnowledgeTable &t : m_schema)
        lines << QStringLiteral("%1 (%2 columns)%3").arg(t.name).arg(t.columns.size()).arg(t.description.isEmpty() ? QString() : QStringLiteral(": ") + t.description);
    Observation o;
    o.text = lines.join(QLatin1Char('\n'));
    return o;
}

Observation AgentTools::describe(const QString &table) const
{
    for (const KnowledgeTable &t : m_schema) {
        if (t.name.compare(table, Qt::CaseInsensitive) != 0)
            continue;
        QStringList lines{QStringLiteral("table %1%2").arg(t.name, t.description.isEmpty() ? QString() : QStringLiteral(": ") + t.description)};
        for (const KnowledgeColumn &c : t.columns) {
            QString line = QStringLiteral("  %1 %2").arg(c.name, c.type);
            if (c.primaryKey)
                line += QStringLiteral(" primary key");
            for (const KnowledgeTable &other : m_schema)
                if (const KnowledgeColumn *target = c.foreignKey ? other.column(c.foreignKey) : nullptr)
                    line += QStringLiteral(" references %1.%2").arg(other.name, target->name);
            if (!c.description.isEmpty())
                line += QStringLiteral(": ") + c.description;
            lines << line;
        }
        Observation o;
        o.text = lines.join(QLatin1Char('\n'));
        return o;
    }
    QStringList names;
    for (const KnowledgeTable &t : m_schema)
        names << t.name;
    return refused(QStringLiteral("No table '%1'. The tables are: %2.").arg(table, names.join(QStringLiteral(", "))));
}

Observation AgentTools::program(const QString &query) const
{
    return runSql(query, true);
}

QString AgentTools::schemaText() const
{
    QStringList parts;
    for (const KnowledgeTable &t : m_schema)
        parts << describe(t.name).text;
    return parts.isEmpty() ? QStringLiteral("(the project has no knowledge tables)") : parts.join(QStringLiteral("\n"));
}

Observation AgentTools::runSql(const QString &query, bool verbalise) const
{
    if (!m_knowledge)
        return refused(QStringLiteral("sql is not available: the project has no knowledge database."));
    // One more row than shown (or verbalised), to say that there are more.
    const int limit = verbalise ? std::max(m_limits.rowLimit, ProgramRows) : m_limits.rowLimit;
    auto rows = m_knowledge->query(query, {}, limit + 1);
    if (!rows)
        return refused(QStringLiteral("SQL refused: %1").arg(rows.error()));
    QStringList lines{rows.value().columns.join(QStringLiteral(" | "))};
    QStringList spoken;
    for (int r = 0; r < rows.value().rows.size() && r < limit; ++r) {
        QStringList cells, values;
        for (const QVariant &v : rows.value().rows[r]) {
            cells << (v.isNull() ? QStringLiteral("NULL") : KnowledgeValue::displayText(v));
            if (!v.isNull())
                values << KnowledgeValue::displayText(v);
        }
        if (r < m_limits.rowLimit)
            lines << cells.join(QStringLiteral(" | "));
        if (!values.isEmpty())
            spoken << values.join(QStringLiteral(", "));
    }
    if (rows.value().rows.isEmpty())
        lines << QStringLiteral("(no rows)");
    else if (rows.value().rows.size() > m_limits.rowLimit)
        lines << QStringLiteral("(more rows not shown; the first %1 are above)").arg(m_limits.rowLimit);
    Observation o;
    o.text = lines.join(QLatin1Char('\n'));
    if (verbalise) {
        o.finished = true;
        o.answer = spoken.join(QStringLiteral("; "));
    }
    return o;
}

} // namespace assay
