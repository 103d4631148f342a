#include "project/migrator.h"

#include "project/database.h"

#include <algorithm>

namespace assay {

Migrator::Migrator(std::vector<Migration> migrations) : m_migrations(std::move(migrations))
{
    std::sort(m_migrations.begin(), m_migrations.end(),
              [](const Migration &a, const Migration &b) { return a.version < b.version; });
}

int Migrator::latestVersion() const
{
    return m_migrations.empty() ? 0 : m_migrations.back().version;
}

Result<int> Migrator::currentVersion(const Database &db) const
{
    auto v = db.scalar(QStringLiteral("PRAGMA user_version"));
    if (!v)
        return Result<int>::failure(v.error());
    return v.value().toInt();
}

Result<int> Migrator::migrate(Database &db) const
{
    auto current = currentVersion(db);
    if (!current)
        return current;
    if (current.value() > latestVersion())
        return Result<int>::failure(
            QStringLiteral("%1 has schema version %2 but this build of Assay knows versions up to %3; "
                           "open it with a newer Assay")
                .arg(db.path())
                .arg(current.value())
                .arg(latestVersion()));
    int applied = 0;
    bool compact = false;
    for (const Migration &m : m_migrations) {
        if (m.version <= current.value())
            continue;
        if (auto s = db.exec(QStringLiteral("BEGIN IMMEDIATE")); !s)
            return Result<int>::failure(s.error());
        Status step = db.exec(m.sql);
        if (step && m.convert)
            step = m.convert(db);
        if (step && !m.sqlAfter.isEmpty())
            step = db.exec(m.sqlAfter);
        if (step)
            step = db.exec(QStringLiteral("PRAGMA user_version = %1").arg(m.version));
        if (step)
            step = db.exec(QStringLiteral("COMMIT"));
        if (!step) {
            if (auto rolledBack = db.exec(QStringLiteral("ROLLBACK")); !rolledBack)
                qWarning("%s: rollback after a failed migration: %s", qPrintable(db.path()), qPrintable(rolledBack.error()));
            return Result<int>::failure(QStringLiteral("%1: migration %2 (%3) failed: %4")
                                            .arg(db.path())
                                            .arg(m.version)
                                            .arg(m.name, step.error()));
        }
        ++applied;
        compact = compact || m.compactAfter;
    }
    // Outside any transaction, after the new schema is committed: a failed compaction leaves
    // a valid, larger file, so it is reported in the log and not as a failure to open.
    if (compact)
        if (auto s = db.exec(QStringLiteral("VACUUM")); !s)
            qWarning("%s: could not compact the file after migrating it: %s", qPrintable(db.path()), qPrintable(s.error()));
    return applied;
}

} // namespace assay
