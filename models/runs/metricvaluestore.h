#pragma once
// Where a registered metric's per-item values are kept (table metric_value, migration 26;
// docs/project-file.md): one run, metric and variant (the judge or checker the values depend
// on) at a time, all or nothing. A gate on a registered metric keeps the values it compared
// here, and `analyze metrics --keep` the values it reported, so the evidence behind a figure
// stays in the project, readable by any SQLite client.
#include "core/result.h"

#include <QHash>
#include <QString>
#include <QVector>

namespace assay {

class Database;

class MetricValueStore {
public:
    // The states of migration 26: known (value set), unknown, does not apply, failed.
    enum State { Known = 0, Unknown = 1, NotApplicable = 2, Failed = 3 };
    struct Value {
        qint64 itemId = 0;
        State state = Unknown;
        double value = 0; // read only when Known
    };
    explicit MetricValueStore(Database &db);
    // Replaces the run's values of (metric, variant) with `values`, in one transaction; an item
    // that is not the run's fails the whole write.
    Status replace(qint64 runId, const QString &metric, const QString &variant, const QVector<Value> &values);
    // The run's stored values of (metric, variant), by item id.
    Result<QHash<qint64, Value>> values(qint64 runId, const QString &metric, const QString &variant) const;
    // The (metric, variant) pairs with values stored for the run.
    Result<QVector<QPair<QString, QString>>> stored(qint64 runId) const;

private:
    Database &m_db;
};

} // namespace assay
