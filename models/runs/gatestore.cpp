#include "runs/gatestore.h"

#include "project/database.h"
#include "project/statement.h"

#include <QDateTime>
#include <QVariant>

#include <cmath>

namespace assay {

namespace {
QVariant real(double v) { return std::isfinite(v) ? QVariant(v) : QVariant(); }
} // namespace

GateStore::GateStore(Database &db) : m_db(db) {}

Status GateStore::record(const GateRecord &gate)
{
    return m_db.run(QStringLiteral("INSERT INTO gate_result(run, baseline, metric, verdict, difference, low, high, report, created_at) "
                                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"),
                    {gate.run, gate.baseline, gate.metric, gate.verdict, real(gate.difference), real(gate.low), real(gate.high), gate.reportJson,
                     gate.createdAt.isEmpty() ? QDateTime::currentDateTimeUtc().toString(Qt::ISODate) : gate.createdAt});
}

Result<std::optional<GateRecord>> GateStore::latest() const
{
    std::optional<GateRecord> out;
    auto found = m_db.first(QStringLiteral("SELECT run, baseline, metric, verdict, difference, low, high, report, created_at FROM gate_result ORDER BY id DESC LIMIT 1"), {},
                            [&](const Statement &r) {
                                GateRecord g;
                                g.run = r.text(0);
                                g.baseline = r.text(1);
                                g.metric = r.text(2);
                                g.verdict = r.text(3);
                                g.difference = r.isNull(4) ? qQNaN() : r.real(4);
                                g.low = r.isNull(5) ? qQNaN() : r.real(5);
                                g.high = r.isNull(6) ? qQNaN() : r.real(6);
                                g.reportJson = r.text(7);
                                g.createdAt = r.text(8);
                                out = g;
                            });
    if (!found)
        return Result<std::optional<GateRecord>>::failure(found);
    return out;
}

} // namespace assay
