#pragma once
// The only way Assay runs SQL against the user's knowledge: a handle on the read-only
// KnowledgeSource that KnowledgeSourceRegistry chooses for the project (its own tables, a
// linked SQLite file, a linked server). Callers ask the source what it can do
// (KnowledgeSource's capabilities), never what kind it is.
#include "core/result.h"
#include "schema/knowledgesource.h"

#include <QHash>

#include <memory>

namespace assay {

class KnowledgeBase;

class KnowledgeConnection {
public:
    using Rows = KnowledgeSource::Rows;

    static Result<KnowledgeConnection> open(const KnowledgeBase &knowledge);
    // A linked location on its own (a SQLite file's path, a server's stored URI).
    static Result<KnowledgeConnection> openLinked(const QString &location);

    // Runs one SELECT with bound parameters. maxRows < 0 reads all rows.
    Result<Rows> query(const QString &sql, const QVariantList &params = {}, int maxRows = -1) const
    {
        return m_source->query(sql, params, maxRows);
    }
    // Writes the knowledge tables (with keys) to a new SQLite file.
    Status exportTo(const QString &path) const { return m_source->exportTo(path); }
    const KnowledgeSource &source() const { return *m_source; }
    // A knowledge column's Assay type (INTEGER, TEXT, …), empty when unknown (a connection
    // opened without the knowledge base).
    QString columnType(const QString &table, const QString &column) const;

private:
    explicit KnowledgeConnection(std::shared_ptr<KnowledgeSource> source) : m_source(std::move(source)) {}
    std::shared_ptr<KnowledgeSource> m_source;
    QHash<QString, QString> m_columnTypes; // "table.column" (lower case) → type
};

} // namespace assay
