#pragma once
// The only way Assay runs SQL against the user's knowledge: a read-only connection with an
// authorizer that denies everything but reading. Embedded knowledge is materialised into an
// in-memory database and re-opened read-only; a linked file is opened read-only.
#include "core/result.h"
#include "project/database.h"

#include <QVariantList>
#include <QVector>

namespace assay {

class KnowledgeBase;

class KnowledgeConnection {
public:
    struct Rows {
        QStringList columns;
        QVector<QVariantList> rows;
    };

    static Result<KnowledgeConnection> open(const KnowledgeBase &knowledge);
    static Result<KnowledgeConnection> openLinked(const QString &path);

    // Runs one SELECT with bound parameters. maxRows < 0 reads all rows.
    Result<Rows> query(const QString &sql, const QVariantList &params = {}, int maxRows = -1) const;
    // Writes the knowledge tables (with keys) to a new SQLite file.
    Status exportTo(const QString &path) const;
    const Database &database() const { return m_db; }

private:
    explicit KnowledgeConnection(Database db) : m_db(std::move(db)) {}
    static Status guard(Database &db);
    Database m_db;
};

} // namespace assay
