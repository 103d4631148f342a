#include "generation/fillinengine.h"

#include "generation/setbasedfillin.h"
#include "project/database.h"
#include "project/statement.h"
#include "schema/knowledgeconnection.h"
#include "schema/knowledgevalue.h"

#include <QLocale>
#include <QRegularExpression>

#include <optional>

namespace assay {

namespace {

QString cacheKey(const Placeholder &p) { return p.table.toLower() + QLatin1Char('.') + p.column.toLower(); }

// Adds the document ids a result row projects (SemanticGroup::addDocumentIds).
template<typename Row>
void addDocuments(const Row &r, const QVector<QPair<int, bool>> &docColumns, int offset, SemanticGroup &g)
{
    for (const auto &[c, list] : docColumns)
        g.addDocumentIds(KnowledgeValue::displayText(r.value(c + offset)), list);
}

// Reads one result row of the template's columns (from `offset` on) into the group: the
// answer from the first row, the documents from every row.
void readRow(const SourceRow &r, int offset, const QVector<QPair<int, bool>> &docColumns, SemanticGroup &g)
{
    if (g.rowCount == 0) {
        const QVariant answer = r.value(offset);
        g.answer = answer.isNull() ? QString() : KnowledgeValue::displayText(answer);
    }
    addDocuments(r, docColumns, offset, g);
    ++g.rowCount;
}

} // namespace

// The template's own statement with positional parameters, and where its document columns are.
struct FillInEngine::Prepared {
    std::unique_ptr<SourceQuery> query;
    QVector<int> marks;                   // SqlTemplate::positional()'s order
    bool inOrder = false;                 // marks are 0, 1, 2, …
    QVector<QPair<int, bool>> docColumns; // column, and whether it holds a list (doc_ids)
};

// The groups of one run: collected in the outcome, or (with a sink) encoded into batches of
// 2,048 handed to it, with a progress report after each.
class FillInEngine::Output {
public:
    Output(FillInEngine &engine, const Sink &sink, QVector<SemanticGroup> &collected) : m_engine(engine), m_sink(sink), m_collected(collected)
    {
        m_batch.reserve(batchSize);
    }
    Status add(SemanticGroup &&g)
    {
        if (!m_sink) {
            m_collected << std::move(g);
            return {};
        }
        m_batch.append(g);
        return counted();
    }
    // A set-based result row straight into the batch; nothing when the row needs a
    // SemanticGroup (no sink, or a value GroupRows does not encode directly).
    std::optional<Status> addRow(const Statement &row, int keys, int answerColumn, int rowCount)
    {
        if (!m_sink || !m_batch.appendRow(row, keys, answerColumn, rowCount))
            return std::nullopt;
        return counted();
    }
    Status finish() { return m_batch.isEmpty() ? Status() : flush(); }

private:
    static constexpr int batchSize = 2048;
    Status counted()
    {
        ++m_groups;
        return m_batch.size() < batchSize ? Status() : flush();
    }
    Status flush()
    {
        const Status taken = m_sink(std::move(m_batch));
        m_batch = GroupRows();
        m_batch.reserve(batchSize);
        if (m_engine.m_progress)
            m_engine.m_progress(m_groups, m_engine.doneShare(m_groups));
        return taken;
    }

    FillInEngine &m_engine;
    const Sink &m_sink;
    QVector<SemanticGroup> &m_collected;
    GroupRows m_batch;
    qint64 m_groups = 0;
};

FillInEngine::FillInEngine(const KnowledgeConnection &connection) : m_connection(connection) {}

const KnowledgeSource &FillInEngine::source() const { return m_connection.source(); }

Result<KnowledgeSource::Values> FillInEngine::domain(const Placeholder &p)
{
    const QString key = cacheKey(p);
    if (auto it = m_valueCache.constFind(key); it != m_valueCache.constEnd())
        return *it;
    auto values = source().distinctValues(p.table, p.column, m_connection.columnType(p.table, p.column));
    if (!values)
        return Result<KnowledgeSource::Values>::failure(QStringLiteral("values of %1: %2").arg(p.token(), values.error()), values.code());
    m_countCache.insert(key, values.value().stored.size());
    return m_valueCache.insert(key, values.take()).value();
}

Result<QVariantList> FillInEngine::distinctValues(const Placeholder &p)
{
    auto values = domain(p);
    if (!values)
        return Result<QVariantList>::failure(values);
    return values.value().stored;
}

Result<qint64> FillInEngine::distinctCount(const Placeholder &p)
{
    const QString key = cacheKey(p);
    if (auto it = m_countCache.constFind(key); it != m_countCache.constEnd())
        return *it;
    const QString counted = source().orderKey(Database::quoteIdentifier(p.column), m_connection.columnType(p.table, p.column));
    auto rows = m_connection.query(QStringLiteral("SELECT count(DISTINCT %1) FROM %2").arg(counted, Database::quoteIdentifier(p.table)));
    if (!rows)
        return Result<qint64>::failure(QStringLiteral("values of %1: %2").arg(p.token(), rows.error()));
    const qint64 n = rows.value().rows.isEmpty() ? 0 : rows.value().rows.first().value(0).toLongLong();
    m_countCache.insert(key, n);
    return n;
}

Result<qint64> FillInEngine::combinations(const SqlTemplate &t)
{
    qint64 product = 1;
    for (const Placeholder &p : t.placeholders()) {
        auto n = distinctCount(p);
        if (!n)
            return Result<qint64>::failure(n);
        product *= n.value();
    }
    return product;
}

Status FillInEngine::fillOne(Prepared &prepared, const QVariantList &raw, SemanticGroup &g)
{
    g.rowCount = 0;
    g.answer = QString();
    g.documentIds.clear();
    // Each placeholder once and in order (the usual template): the values bind as they are.
    return prepared.query->run(prepared.inOrder ? raw : SqlTemplate::bindOrder(raw, prepared.marks), [&](const SourceRow &r) {
        readRow(r, 0, prepared.docColumns, g);
        return g.rowCount < 1000; // 1000 rows: enough to know it is not singular
    });
}

Result<FillInEngine::Outcome> FillInEngine::run(const SqlTemplate &t, const std::function<bool()> &cancelled, Path path, const Sink &sink)
{
    using R = Result<Outcome>;
    m_expected = 0;
    m_executed = -1;
    QVector<SemanticGroup> collected;
    Output output(*this, sink, collected);
    R r = read(t, cancelled, path, output);
    if (!r)
        return r;
    if (const Status taken = output.finish(); !taken)
        return R::failure(taken);
    r.value().groups = std::move(collected);
    return r;
}

double FillInEngine::doneShare(qint64 groups) const
{
    if (m_expected <= 0)
        return 0;
    return m_executed >= 0 ? double(m_executed) / m_expected : std::min(0.99, double(groups) / m_expected);
}

qint64 FillInEngine::expectedGroups(const SqlTemplate &t, qint64 combinations)
{
    // A count that fails only loses the estimate: the fill-in's own query reports the error.
    qint64 rows = 0;
    for (const Placeholder &p : t.placeholders()) {
        const QString table = p.table.toLower();
        auto it = m_rowCountCache.constFind(table);
        if (it == m_rowCountCache.constEnd()) {
            auto n = m_connection.query(QStringLiteral("SELECT count(*) FROM %1").arg(Database::quoteIdentifier(p.table)));
            if (!n || n.value().rows.isEmpty())
                continue;
            it = m_rowCountCache.insert(table, n.value().rows.first().value(0).toLongLong());
        }
        rows = std::max(rows, *it);
    }
    return rows > 0 ? std::min(rows, combinations) : combinations;
}

Result<FillInEngine::Outcome> FillInEngine::read(const SqlTemplate &t, const std::function<bool()> &cancelled, Path path, Output &output)
{
    using R = Result<Outcome>;
    Prepared prepared;
    const QString sql = t.positional(&prepared.marks);
    auto query = source().prepare(sql, int(prepared.marks.size()));
    if (!query)
        return R::failure(query);
    prepared.query = query.take();
    prepared.inOrder = true;
    for (int i = 0; i < prepared.marks.size(); ++i)
        prepared.inOrder = prepared.inOrder && prepared.marks[i] == i;
    const auto columns = prepared.query->columns();
    if (!columns)
        return R::failure(columns);
    for (int c = 1; c < columns.value().size(); ++c) {
        const QString name = columns.value()[c].toLower();
        if (name == QLatin1String("doc_id") || name == QLatin1String("doc_ids") || name == QLatin1String("document_id"))
            prepared.docColumns.append({c, name == QLatin1String("doc_ids")});
    }
    if (path == Path::Auto)
        if (const auto plan = SetBasedFillIn::plan(t)) {
            if (!source().sqlite())
                return runSetBasedInOrder(t, *plan, prepared, cancelled, output);
            const auto order = prepared.docColumns.isEmpty() ? rowidOrder(t) : std::nullopt;
            return runSetBased(t, order ? plan->firstRowSql(*order) : plan->sql, plan->keys, order.has_value(), prepared, cancelled, output);
        }
    return runPerCombination(t, prepared, cancelled, output);
}

std::optional<QStringList> FillInEngine::rowidOrder(const SqlTemplate &t) const
{
    auto plan = m_connection.query(QStringLiteral("EXPLAIN QUERY PLAN ") + t.parameterised());
    if (!plan || plan.value().rows.isEmpty())
        return std::nullopt;
    // Each loop reads its rows in rowid order once the outer loops and the placeholders fix
    // its key: a plain scan; an equality search on one of the single-column indexes the
    // materialised knowledge tables get (assay_idx_N), read in (value, rowid) order; a rowid
    // lookup, which finds at most one row per outer row and so adds nothing to the order.
    // Bloom filters only skip rows.
    static const QRegularExpression loop(QStringLiteral(R"(^(?:SCAN (\w+)|SEARCH (\w+) USING (?:(?:COVERING )?INDEX assay_idx_\d+ \(\w+=\?\)|(INTEGER PRIMARY KEY) \(rowid=\?\)))$)"));
    QStringList order;
    bool loops = false;
    for (const QVariantList &row : plan.value().rows) {
        const QString detail = row.value(3).toString();
        if (detail.startsWith(QLatin1String("BLOOM FILTER ON ")))
            continue;
        const auto m = loop.match(detail);
        if (!m.hasMatch())
            return std::nullopt;
        loops = true;
        if (m.captured(3).isEmpty())
            order << (m.captured(1).isEmpty() ? m.captured(2) : m.captured(1)) + QStringLiteral(".rowid");
    }
    if (loops && order.isEmpty())
        order << QStringLiteral("1"); // rowid lookups only: one row per group
    if (order.isEmpty())
        return std::nullopt;
    return order;
}

Result<FillInEngine::Outcome> FillInEngine::startSetBased(const SqlTemplate &t)
{
    Outcome out;
    out.setBased = true;
    auto product = combinations(t);
    if (!product)
        return Result<Outcome>::failure(product);
    out.combinations = product.value();
    if (m_progress)
        m_expected = expectedGroups(t, out.combinations);
    return out;
}

Result<FillInEngine::Outcome> FillInEngine::runSetBased(const SqlTemplate &t, const QString &planSql, int keys, bool firstRows, Prepared &prepared,
                                                        const std::function<bool()> &cancelled, Output &output)
{
    using R = Result<Outcome>;
    auto started = startSetBased(t);
    if (!started)
        return started;
    Outcome out = started.take();
    out.firstRowsByPlan = firstRows;
    auto grouped = source().sqlite()->prepare(planSql);
    if (!grouped)
        return R::failure(QStringLiteral("%1 (set-based): %2").arg(t.sql(), grouped.error()));
    qint64 singular = 0;
    qint64 visited = 0;
    Status inner;
    bool stopped = false;
    const Status read = grouped.value().forEach([&](const Statement &r) {
        if (cancelled && (++visited & 1023) == 0 && cancelled()) {
            stopped = true;
            return false;
        }
        const qint64 rows = r.integer(keys);
        const bool firstRow = rows == 1 || firstRows;
        const int rowCount = int(std::min<qint64>(rows, 1000)); // as the per-combination read stops at 1000
        if (firstRow && r.isNull(keys + 2))
            return true; // no answer
        if (firstRow && prepared.docColumns.isEmpty())
            if (auto added = output.addRow(r, keys, keys + 2, rowCount)) {
                singular += rowCount == 1;
                ++out.answered;
                return bool(inner = *added);
            }
        SemanticGroup g;
        for (int i = 0; i < keys; ++i)
            g.values << r.value(i);
        if (firstRow) {
            g.rowCount = rowCount;
            g.answer = KnowledgeValue::displayText(r.value(keys + 2));
            addDocuments(r, prepared.docColumns, keys + 2, g);
        } else if (inner = fillOne(prepared, g.values, g); !inner) {
            return false; // several rows: the per-combination query gives their order
        }
        if (g.rowCount > 0 && !g.answer.isNull()) {
            singular += g.rowCount == 1;
            ++out.answered;
            if (inner = output.add(std::move(g)); !inner)
                return false;
        }
        return true;
    });
    if (stopped)
        return R::cancelled();
    if (!inner)
        return R::failure(QStringLiteral("%1: %2").arg(t.sql(), inner.error()), inner.code());
    if (!read)
        return R::failure(QStringLiteral("%1 (set-based): %2").arg(t.sql(), read.error()), read.code());
    out.skipped = out.combinations - out.answered;
    if (out.answered > 0)
        out.singularRate = double(singular) / double(out.answered);
    return out;
}

Result<FillInEngine::Outcome> FillInEngine::runSetBasedInOrder(const SqlTemplate &t, const SetBasedFillIn::Plan &plan, Prepared &prepared,
                                                               const std::function<bool()> &cancelled, Output &output)
{
    // The rows ordered by the keys and grouped here, so neither the source's string comparison
    // nor its collation decides what a group is: orderKey() orders text by its bytes, as SQLite
    // does (docs/METHODS.md §1.5, "Linked servers").
    using R = Result<Outcome>;
    auto started = startSetBased(t);
    if (!started)
        return started;
    Outcome out = started.take();
    QStringList order, where = plan.conditions;
    QStringList types;
    const auto placeholders = t.placeholders();
    for (int i = 0; i < plan.keys; ++i) {
        types << m_connection.columnType(placeholders[i].table, placeholders[i].column);
        order << source().orderKey(plan.keyList[i], types[i]);
        where << plan.keyList[i] + QStringLiteral(" IS NOT NULL");
    }
    const QString sql = QStringLiteral("SELECT %1, %2 FROM %3 WHERE %4 ORDER BY %5")
                            .arg(plan.keyList.join(QStringLiteral(", ")), plan.selectList, plan.from, where.join(QStringLiteral(" AND ")),
                                 order.join(QStringLiteral(", ")));
    auto query = source().prepare(sql, 0);
    if (!query)
        return R::failure(QStringLiteral("%1 (set-based): %2").arg(t.sql(), query.error()), query.code());
    qint64 singular = 0, visited = 0;
    SemanticGroup group;
    QVariantList rawKeys;
    Status inner;
    bool stopped = false;
    const auto close = [&]() -> Status {
        if (group.rowCount == 0 || group.answer.isNull())
            return {};
        singular += group.rowCount == 1;
        ++out.answered;
        return output.add(std::move(group));
    };
    const Status read = query.value()->run({}, [&](const SourceRow &r) {
        if (cancelled && (++visited & 1023) == 0 && cancelled()) {
            stopped = true;
            return false;
        }
        QVariantList keys;
        for (int i = 0; i < plan.keys; ++i)
            keys << r.raw(i);
        if (keys != rawKeys || group.rowCount == 0) {
            if (inner = close(); !inner)
                return false;
            group = SemanticGroup();
            rawKeys = keys;
            for (int i = 0; i < plan.keys; ++i)
                group.values << source().stored(keys[i], types[i]);
        }
        if (group.rowCount < 1000) // as the per-combination read stops at 1000
            readRow(r, plan.keys, prepared.docColumns, group);
        return true;
    });
    if (stopped)
        return R::cancelled();
    if (!read)
        return R::failure(QStringLiteral("%1 (set-based): %2").arg(t.sql(), read.error()), read.code());
    if (inner = inner ? close() : inner; !inner)
        return R::failure(inner);
    out.skipped = out.combinations - out.answered;
    if (out.answered > 0)
        out.singularRate = double(singular) / double(out.answered);
    return out;
}

void FillInEngine::advance(QVector<int> &index, const QVector<int> &sizes)
{
    for (int i = int(index.size()) - 1; i >= 0; --i) {
        if (++index[i] < sizes[i])
            return;
        index[i] = 0;
    }
}

QString FillInEngine::refusal(const SqlTemplate &t, qint64 combinations) const
{
    if (combinations <= m_budget)
        return {};
    QString why;
    SetBasedFillIn::plan(t, &why);
    return QStringLiteral("%1 value combinations to execute one by one (budget %2): the template cannot be filled set-based (%3); "
                          "put each placeholder in an equality condition joined by AND")
        .arg(QLocale::c().toString(combinations), QLocale::c().toString(m_budget), why);
}

Result<FillInEngine::Outcome> FillInEngine::runPerCombination(const SqlTemplate &t, Prepared &prepared, const std::function<bool()> &cancelled,
                                                              Output &output)
{
    using R = Result<Outcome>;
    Outcome out;
    auto product = combinations(t);
    if (!product)
        return R::failure(product);
    out.combinations = product.value();
    if (t.placeholders().isEmpty() || out.combinations == 0) {
        out.combinations = 0;
        return out;
    }
    if (out.refused = refusal(t, out.combinations); !out.refused.isEmpty())
        return out;
    QVector<KnowledgeSource::Values> domains;
    for (const Placeholder &p : t.placeholders()) {
        auto values = domain(p);
        if (!values)
            return R::failure(values);
        domains << values.take();
    }
    QVector<int> index(domains.size(), 0), sizes;
    for (const KnowledgeSource::Values &d : std::as_const(domains))
        sizes << int(d.raw.size());
    qint64 singular = 0;
    m_expected = out.combinations;
    for (qint64 n = 0; n < out.combinations; ++n) {
        if ((n & 255) == 0) {
            m_executed = n;
            if (cancelled && cancelled())
                return R::cancelled();
            if (m_progress && (n & 65535) == 0)
                m_progress(out.answered, doneShare(out.answered));
        }
        SemanticGroup g;
        QVariantList raw;
        for (int i = 0; i < domains.size(); ++i) {
            raw << domains[i].raw[index[i]];
            g.values << domains[i].stored[index[i]];
        }
        if (const Status read = fillOne(prepared, raw, g); !read)
            return R::failure(QStringLiteral("%1 with %2: %3").arg(t.sql(), g.valueTexts().join(QStringLiteral(", ")), read.error()), read.code());
        if (g.rowCount == 0 || g.answer.isNull()) {
            ++out.skipped;
        } else {
            singular += g.rowCount == 1;
            ++out.answered;
            if (const Status taken = output.add(std::move(g)); !taken)
                return R::failure(taken);
        }
        advance(index, sizes);
    }
    if (out.answered > 0)
        out.singularRate = double(singular) / double(out.answered);
    return out;
}

} // namespace assay
