#include "generation/generationsnapshotstore.h"

#include "core/job.h"
#include "project/database.h"
#include "project/project.h"
#include "project/transaction.h"

#include <QStringList>

#include <atomic>

namespace assay {

namespace {

const char *const kSchema = "assay_undo";

// Parents first: restoring inserts in this order and deletes in the reverse one.
QStringList generationTables()
{
    // With the tables that cascade from sql_template (ground-truth links, key truth): a restore
    // deletes the templates, and their links would go with them (docs/project-file.md, undo).
    return {QStringLiteral("sql_template"), QStringLiteral("text_form"), QStringLiteral("text_template"), QStringLiteral("query_group"),
            QStringLiteral("query"), QStringLiteral("ground_link"), QStringLiteral("key_truth")};
}

QString snapshotTable(const QString &name, const QString &table)
{
    return QStringLiteral("%1.%2").arg(QLatin1String(kSchema), Database::quoteIdentifier(name + QLatin1Char('_') + table));
}

} // namespace

Status GenerationSnapshotStore::attach()
{
    bool attached = false;
    const Status listed = m_db.each(QStringLiteral("PRAGMA database_list"), {}, [&](const Statement &row) {
        attached = attached || row.text(1) == QLatin1String(kSchema);
        return true;
    });
    if (!listed)
        return listed;
    if (attached)
        return Status();
    if (auto s = m_db.run(QStringLiteral("ATTACH DATABASE ? AS %1").arg(QLatin1String(kSchema)), {m_file}); !s)
        return Status::failure(QStringLiteral("Cannot open the undo file %1: %2").arg(m_file, s.error()));
    // Scratch copies: nothing to recover after a crash, so no journal and no syncs.
    return m_db.exec(QStringLiteral("PRAGMA %1.journal_mode = OFF; PRAGMA %1.synchronous = OFF").arg(QLatin1String(kSchema)));
}

Result<QString> GenerationSnapshotStore::save()
{
    using R = Result<QString>;
    static std::atomic<int> next{0};
    if (auto a = attach(); !a)
        return R::failure(a);
    const QString name = QStringLiteral("s%1").arg(++next);
    Transaction tx(m_db);
    if (!tx.began())
        return R::failure(tx.beginStatus());
    for (const QString &table : generationTables())
        if (auto s = m_db.exec(QStringLiteral("CREATE TABLE %1 AS SELECT * FROM main.%2").arg(snapshotTable(name, table), table)); !s)
            return R::failure(QStringLiteral("Keeping a copy of %1 for undo failed: %2").arg(table, s.error()));
    if (auto c = tx.commit(); !c)
        return R::failure(c);
    return name;
}

Status GenerationSnapshotStore::restore(const QString &name)
{
    if (auto a = attach(); !a)
        return a;
    const QStringList tables = generationTables();
    Transaction tx(m_db);
    if (!tx.began())
        return tx.beginStatus();
    for (auto it = tables.crbegin(); it != tables.crend(); ++it)
        if (auto s = m_db.exec(QStringLiteral("DELETE FROM main.%1").arg(*it)); !s)
            return s;
    for (const QString &table : tables)
        if (auto s = m_db.exec(QStringLiteral("INSERT INTO main.%1 SELECT * FROM %2").arg(table, snapshotTable(name, table))); !s)
            return Status::failure(QStringLiteral("Restoring %1 failed: %2").arg(table, s.error()));
    return tx.commit();
}

Status GenerationSnapshotStore::drop(const QString &name)
{
    if (auto a = attach(); !a)
        return a;
    for (const QString &table : generationTables())
        if (auto s = m_db.exec(QStringLiteral("DROP TABLE IF EXISTS %1").arg(snapshotTable(name, table))); !s)
            return s;
    return Status();
}

Result<GenerationSnapshotStore::Step> GenerationSnapshotStore::runUndoable(Project &project, const QString &undoFile,
                                                                         const std::function<Result<QString>(Project &, Job &)> &step, Job &job)
{
    using R = Result<Step>;
    GenerationSnapshotStore store(project.database(), undoFile);
    job.reportProgress(0, 0, QStringLiteral("Keeping a copy for undo"));
    auto before = store.save();
    if (!before)
        return R::failure(before);
    // Back to the copy taken before, reporting `why` (and a failed restore with it).
    const auto takeBack = [&](const QString &why, ErrorCode code) {
        QString message = why;
        if (auto s = store.restore(before.value()); !s)
            message += QStringLiteral("; restoring the project as it was failed: %1").arg(s.error());
        if (auto s = store.drop(before.value()); !s)
            message += QStringLiteral("; %1").arg(s.error());
        return R::failure(message, code);
    };
    auto done = step(project, job);
    if (!done)
        return takeBack(done.error(), done.code());
    if (job.isCancelled())
        return takeBack(QStringLiteral("cancelled"), ErrorCode::Cancelled);
    job.reportProgress(0, 0, QStringLiteral("Keeping a copy for redo"));
    auto after = store.save();
    if (!after)
        return takeBack(QStringLiteral("the step cannot be made undoable, so it was taken back: %1").arg(after.error()), after.code());
    return Step{before.value(), after.value(), done.value()};
}

} // namespace assay
