#pragma once
// Where a knowledge table's rows come from, for KnowledgeBase (docs/ARCHITECTURE.md, "Knowledge
// sources"): the project's own tables (KnowledgeStore), a linked source read through its
// KnowledgeSource, or a remote link's last check (LinkCheck: a preview and counts, or why the
// rows cannot be read). It keeps the rows read, per table, until told they changed.
#include "core/result.h"
#include "schema/knowledgerow.h"
#include "schema/knowledgetable.h"
#include "schema/linkcheck.h"

#include <QHash>
#include <QVector>

namespace assay {

class Database;

class KnowledgeRowReader {
public:
    explicit KnowledgeRowReader(Database &db) : m_db(db) {}
    // Where the rows are: the project's tables (location empty) or a linked location. Forgets
    // every row read and the last link check.
    void setLocation(const QString &location);
    bool isLinked() const { return !m_location.isEmpty(); }
    // Linked to a remote source (KnowledgeSourceRegistry::Kind::remote).
    bool isRemote() const { return m_remote; }

    Result<QVector<KnowledgeRow>> rows(const KnowledgeTable &table) const;
    Result<qint64> rowCount(const KnowledgeTable &table) const;
    // The rows read of a table, to edit in place after a write (null when not read).
    QVector<KnowledgeRow> *cached(qint64 tableId) { return m_cache.contains(tableId) ? &m_cache[tableId] : nullptr; }
    void forget(qint64 tableId) { m_cache.remove(tableId); }

    const LinkCheck::State &linkState() const { return m_linkState; }
    // A remote link's check: its preview becomes the rows, its counts the row counts.
    void applyLinkState(const LinkCheck::State &state);

private:
    // Why a remote table's rows cannot be shown.
    QString remoteProblem() const;

    Database &m_db;
    QString m_location;
    bool m_remote = false;
    LinkCheck::State m_linkState;
    mutable QHash<qint64, QVector<KnowledgeRow>> m_cache;
};

} // namespace assay
