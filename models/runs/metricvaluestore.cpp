#include "runs/metricvaluestore.h"

#include "project/database.h"
#include "project/transaction.h"

namespace assay {

MetricValueStore::MetricValueStore(Database &db) : m_db(db) {}

Status MetricValueStore::replace(qint64 runId, const QString &metric, const QString &variant, const QVector<Value> &values)
{
    Transaction tx(m_db);
    if (!tx.began())
        return tx.beginStatus();
    if (auto s = m_db.run(QStringLiteral("DELETE FROM metric_value WHERE metric = ? AND variant = ? AND run_item_id IN (SELECT id FROM run_item WHERE run_id = ?)"),
                          {metric, variant, runId});
        !s)
        return s;
    auto insert = m_db.prepare(QStringLiteral("INSERT INTO metric_value(run_item_id, metric, variant, state, value) SELECT id, ?, ?, ?, ? FROM run_item "
                                              "WHERE id = ? AND run_id = ?"));
    if (!insert)
        return Status::failure(insert);
    for (const Value &v : values) {
        Statement &st = insert.value();
        st.reset();
        st.bindAll({metric, variant, int(v.state), v.state == Known ? QVariant(v.value) : QVariant(), v.itemId, runId});
        if (auto s = st.run(); !s)
            return s;
        if (m_db.changes() != 1)
            return Status::failure(QStringLiteral("item id %1 is not an item of run %2").arg(v.itemId).arg(runId));
    }
    return tx.commit();
}

Result<QHash<qint64, MetricValueStore::Value>> MetricValueStore::values(qint64 runId, const QString &metric, const QString &variant) const
{
    QHash<qint64, Value> out;
    auto s = m_db.each(QStringLiteral("SELECT v.run_item_id, v.state, v.value FROM metric_value v JOIN run_item i ON i.id = v.run_item_id "
                                      "WHERE i.run_id = ? AND v.metric = ? AND v.variant = ?"),
                       {runId, metric, variant}, [&](const Statement &r) {
                           Value v;
                           v.itemId = r.integer(0);
                           v.state = State(r.integer(1));
                           v.value = v.state == Known ? r.real(2) : 0;
                           out.insert(v.itemId, v);
                       });
    if (!s)
        return Result<QHash<qint64, Value>>::failure(s);
    return out;
}

Result<QVector<QPair<QString, QString>>> MetricValueStore::stored(qint64 runId) const
{
    QVector<QPair<QString, QString>> out;
    auto s = m_db.each(QStringLiteral("SELECT DISTINCT v.metric, v.variant FROM metric_value v JOIN run_item i ON i.id = v.run_item_id WHERE i.run_id = ? "
                                      "ORDER BY v.metric, v.variant"),
                       {runId}, [&](const Statement &r) { out.append({r.text(0), r.text(1)}); });
    if (!s)
        return Result<QVector<QPair<QString, QString>>>::failure(s);
    return out;
}

} // namespace assay
