#pragma once
// Where a run's claims and checks live (table claim_check, docs/project-file.md): written a
// run and a checker at a time, all or nothing, and read back for the metrics (checks only) or
// for one item's inspector (claims, chunks and checks).
#include "claims/claimset.h"
#include "core/result.h"

#include <QHash>
#include <QVector>

#include <memory>
#include <optional>

namespace assay {

class Database;
class Project;

class ClaimStore {
public:
    explicit ClaimStore(Database &db);
    static std::unique_ptr<ClaimStore> createFor(Project &project);

    // Replaces checker `checker`'s claims on run `runId` with `sets` (each names its item by
    // id), in one transaction: a failure leaves the earlier claims as they were.
    Status replace(qint64 runId, const QString &checker, const QVector<ClaimSet> &sets);
    Status remove(qint64 runId, const QString &checker);
    // The checkers that checked run `runId`'s claims, by name.
    Result<QStringList> checkers(qint64 runId) const;
    // Every checked item of the run, checks and counts only (no texts), in item order.
    Result<QVector<ClaimSet>> checks(qint64 runId, const QString &checker) const;
    // Item key → item id of run `runId`, for writers that name items by key.
    Result<QHash<QString, qint64>> itemIds(qint64 runId) const;
    // One item's claims with their texts; none when the checker did not check it.
    Result<std::optional<ClaimSet>> item(qint64 itemId, const QString &checker) const;

private:
    Database &m_db;
};

} // namespace assay
