#include "generation/fillinengine.h"

#include "generation/ruleenumerator.h"
#include "project/database.h"
#include "schema/knowledgeconnection.h"
#include "schema/knowledgevalue.h"

namespace assay {

FillInEngine::FillInEngine(const KnowledgeConnection &connection) : m_connection(connection) {}

Result<QVariantList> FillInEngine::distinctValues(const Placeholder &p)
{
    const QString key = p.table.toLower() + QLatin1Char('.') + p.column.toLower();
    if (auto it = m_valueCache.constFind(key); it != m_valueCache.constEnd())
        return *it;
    const QString column = Database::quoteIdentifier(p.column);
    auto rows = m_connection.query(QStringLiteral("SELECT DISTINCT %1 FROM %2 WHERE %1 IS NOT NULL ORDER BY %1")
                                       .arg(column, Database::quoteIdentifier(p.table)));
    if (!rows)
        return Result<QVariantList>::failure(QStringLiteral("values of %1: %2").arg(p.token(), rows.error()));
    QVariantList values;
    values.reserve(rows.value().rows.size());
    for (const QVariantList &r : rows.value().rows)
        values << r.value(0);
    m_valueCache.insert(key, values);
    return values;
}

Result<FillInEngine::Outcome> FillInEngine::run(const SqlTemplate &t, const std::function<bool()> &cancelled)
{
    using R = Result<Outcome>;
    QVector<QVariantList> domains;
    for (const Placeholder &p : t.placeholders()) {
        auto values = distinctValues(p);
        if (!values)
            return R::failure(values.error());
        domains << values.value();
    }
    auto stmt = m_connection.database().prepare(t.parameterised());
    if (!stmt)
        return R::failure(stmt.error());
    Statement &s = stmt.value();
    QVector<int> docColumns;
    for (int c = 1; c < s.columnCount(); ++c) {
        const QString name = s.columnName(c).toLower();
        if (name == QLatin1String("doc_id") || name == QLatin1String("doc_ids") || name == QLatin1String("document_id"))
            docColumns << c;
    }

    Outcome out;
    out.combinations = 1;
    for (const QVariantList &d : std::as_const(domains))
        out.combinations *= d.size();
    if (domains.isEmpty() || out.combinations == 0) {
        out.combinations = 0;
        return out;
    }
    QVector<int> index(domains.size(), 0);
    int singular = 0;
    for (qint64 n = 0; n < out.combinations; ++n) {
        if (cancelled && (n & 255) == 0 && cancelled())
            return R::cancelled();
        s.reset();
        SemanticGroup g;
        for (int i = 0; i < domains.size(); ++i) {
            g.values << domains[i][index[i]];
            s.bind(i + 1, domains[i][index[i]]);
        }
        const Status read = s.forEach([&](const Statement &r) {
            if (g.rowCount == 0)
                g.answer = r.isNull(0) ? QString() : KnowledgeValue::displayText(r.value(0));
            for (int c : std::as_const(docColumns)) {
                const QString id = KnowledgeValue::displayText(r.value(c));
                if (!id.isEmpty() && !g.documentIds.contains(id))
                    g.documentIds << id;
            }
            return ++g.rowCount < 1000; // 1000 rows: enough to know it is not singular
        });
        if (!read)
            return R::failure(QStringLiteral("%1 with %2: %3").arg(t.sql(), g.valueTexts().join(QStringLiteral(", ")), s.error()), read.code());
        if (g.rowCount == 0 || g.answer.isNull()) {
            ++out.skipped;
        } else {
            singular += g.rowCount == 1;
            out.groups << g;
        }
        // Next combination, last placeholder fastest.
        for (int i = int(domains.size()) - 1; i >= 0; --i) {
            if (++index[i] < domains[i].size())
                break;
            index[i] = 0;
        }
    }
    if (!out.groups.isEmpty())
        out.singularRate = double(singular) / double(out.groups.size());
    return out;
}

} // namespace assay
