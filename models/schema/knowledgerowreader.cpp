#include "schema/knowledgerowreader.h"

#include "project/database.h"
#include "schema/knowledgeconnection.h"
#include "schema/knowledgesourceregistry.h"
#include "schema/knowledgestore.h"

namespace assay {

void KnowledgeRowReader::setLocation(const QString &location)
{
    m_location = location;
    const KnowledgeSourceRegistry::Kind *kind = location.isEmpty() ? nullptr : KnowledgeSourceRegistry::kindOf(location);
    m_remote = kind && kind->remote;
    m_linkState = {};
    m_cache.clear();
}

void KnowledgeRowReader::applyLinkState(const LinkCheck::State &state)
{
    m_linkState = state;
    m_cache.clear();
    for (auto it = state.preview.begin(); it != state.preview.end(); ++it)
        m_cache.insert(it.key(), it.value());
}

QString KnowledgeRowReader::remoteProblem() const
{
    if (!m_linkState.checked)
        return QStringLiteral("the rows are on %1 and have not been read yet").arg(m_linkState.where.isEmpty() ? m_location : m_linkState.where);
    return m_linkState.error;
}

Result<QVector<KnowledgeRow>> KnowledgeRowReader::rows(const KnowledgeTable &t) const
{
    using R = Result<QVector<KnowledgeRow>>;
    if (auto it = m_cache.constFind(t.id); it != m_cache.constEnd())
        return *it;
    if (m_remote)
        return R::failure(remoteProblem()); // a reachable link's preview is in the cache
    QVector<KnowledgeRow> out;
    if (isLinked()) {
        auto conn = KnowledgeConnection::openLinked(m_location);
        if (!conn)
            return R::failure(conn.error());
        auto result = conn.value().query(QStringLiteral("SELECT * FROM %1").arg(Database::quoteIdentifier(t.name)));
        if (!result)
            return R::failure(QStringLiteral("%1: table %2: %3").arg(m_location, t.name, result.error()));
        const auto &r = result.value();
        for (int i = 0; i < r.rows.size(); ++i) {
            KnowledgeRow row{i + 1, double(i + 1), {}};
            for (int c = 0; c < r.columns.size(); ++c)
                if (const KnowledgeColumn *col = t.columnNamed(r.columns[c]))
                    row.values.insert(col->id, r.rows[i][c]);
            out.append(row);
        }
    } else {
        auto stored = KnowledgeStore(m_db).rows(t.id);
        if (!stored)
            return R::failure(stored);
        out = stored.take();
    }
    m_cache.insert(t.id, out);
    return out;
}

Result<qint64> KnowledgeRowReader::rowCount(const KnowledgeTable &t) const
{
    if (m_remote) {
        if (m_linkState.reachable() && m_linkState.rowCounts.contains(t.id))
            return m_linkState.rowCounts.value(t.id);
        return Result<qint64>::failure(remoteProblem());
    }
    auto r = rows(t);
    if (!r)
        return Result<qint64>::failure(r.error());
    return qint64(r.value().size());
}

} // namespace assay
