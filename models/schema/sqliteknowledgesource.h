#pragma once
// Knowledge rows in SQLite: the project's own tables, materialised into an in-memory database
// with an index on every column a question may condition on, or a linked SQLite file opened
// read-only. Either way the connection denies everything but reading (an authorizer, query_only,
// no ATTACH, no extensions), so no SQL written by a rule, an LLM or a user can change a row.
#include "schema/knowledgesource.h"

#include "project/database.h"

namespace assay {

class KnowledgeBase;

class SqliteKnowledgeSource : public KnowledgeSource {
public:
    // The project's embedded tables, copied into memory.
    static Result<std::unique_ptr<KnowledgeSource>> materialise(const KnowledgeBase &knowledge);
    // A linked SQLite file.
    static Result<std::unique_ptr<KnowledgeSource>> openFile(const QString &path);

    QString describe() const override { return m_description; }
    Result<Rows> query(const QString &sql, const QVariantList &params = {}, int maxRows = -1) const override;
    Result<std::unique_ptr<SourceQuery>> prepare(const QString &sql, int parameters) const override;
    Result<QStringList> check(const QString &sql, int parameters) const override;
    Result<Values> distinctValues(const QString &table, const QString &column, const QString &type) const override;
    QString orderKey(const QString &reference, const QString &) const override { return reference; }
    QVariant stored(const QVariant &raw, const QString &) const override { return raw; }
    Status exportTo(const QString &path) const override;
    const Database *sqlite() const override { return &m_db; }

private:
    SqliteKnowledgeSource(Database db, QString description) : m_db(std::move(db)), m_description(std::move(description)) {}
    static Status guard(Database &db);
    Database m_db;
    QString m_description;
};

} // namespace assay
