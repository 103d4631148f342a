#include "schema/knowledgesnapshotwriter.h"

#include "project/transaction.h"
#include "schema/knowledgestore.h"

namespace assay {

Status KnowledgeSnapshotWriter::insert(Database &db, const KnowledgeBase::TableSnapshot &snap)
{
    KnowledgeStore store(db);
    if (auto t = store.insertTable(snap.table.id, snap.table.name, snap.table.description, snap.table.position); !t)
        return Status::failure(t);
    for (KnowledgeColumn col : snap.table.columns) {
        col.foreignKey = 0;
        if (auto c = store.insertColumn(snap.table.id, col); !c)
            return Status::failure(c);
    }
    for (const KnowledgeRow &row : snap.rows)
        if (auto r = store.writeRow(snap.table.id, row); !r)
            return Status::failure(r);
    return {};
}

Status KnowledgeSnapshotWriter::writeTable(Database &db, const KnowledgeBase::TableSnapshot &snap)
{
    Transaction tx(db);
    if (!tx.began())
        return tx.beginStatus();
    if (auto r = insert(db, snap); !r)
        return r;
    QVector<QPair<qint64, qint64>> links = snap.incomingForeignKeys;
    for (const KnowledgeColumn &col : snap.table.columns)
        if (col.foreignKey)
            links.append({col.id, col.foreignKey});
    if (auto r = KnowledgeStore(db).setForeignKeys(links); !r)
        return r;
    return tx.commit();
}

Status KnowledgeSnapshotWriter::writeAll(Database &db, const KnowledgeBase::Snapshot &snap)
{
    Transaction tx(db);
    if (!tx.began())
        return tx.beginStatus();
    KnowledgeStore store(db);
    if (auto r = store.clear(); !r)
        return r;
    if (snap.source != KnowledgeBase::Source::None)
        if (auto r = store.setSource(snap.source == KnowledgeBase::Source::Linked ? QStringLiteral("linked") : QStringLiteral("embedded"),
                                     snap.linkedPath, QStringLiteral("undo"));
            !r)
            return r;
    QVector<QPair<qint64, qint64>> links;
    for (const KnowledgeBase::TableSnapshot &t : snap.tables) {
        if (auto r = insert(db, t); !r)
            return r;
        for (const KnowledgeColumn &col : t.table.columns)
            if (col.foreignKey)
                links.append({col.id, col.foreignKey});
    }
    if (auto r = store.setForeignKeys(links); !r)
        return r;
    return tx.commit();
}

} // namespace assay
