#pragma once
// The gates computed on a project (migration 22's gate_result; docs/METHODS.md §11.3), newest
// last: `assay-cli gate` and the Compare view record each one, the Overview shows the latest.
#include "core/result.h"

#include <QString>
#include <QtNumeric>

#include <optional>

namespace assay {

class Database;

struct GateRecord {
    QString run, baseline, metric, verdict;
    double difference = qQNaN(), low = qQNaN(), high = qQNaN();
    QString reportJson = QStringLiteral("{}");
    QString createdAt;
};

class GateStore {
public:
    explicit GateStore(Database &db);
    Status record(const GateRecord &gate);
    Result<std::optional<GateRecord>> latest() const;

private:
    Database &m_db;
};

} // namespace assay
