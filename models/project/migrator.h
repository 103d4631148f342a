#pragma once
#include "core/result.h"
#include "project/migration.h"

#include <vector>

namespace assay {

class Database;

// Brings a project file from its PRAGMA user_version up to the newest migration, each step in
// its own transaction so a failed step leaves the file at the previous version.
class Migrator {
public:
    explicit Migrator(std::vector<Migration> migrations);

    int latestVersion() const;
    Result<int> currentVersion(const Database &db) const;
    // Returns the number of migrations applied.
    Result<int> migrate(Database &db) const;

private:
    std::vector<Migration> m_migrations;
};

} // namespace assay
