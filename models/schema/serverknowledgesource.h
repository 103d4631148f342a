#pragma once
// Knowledge rows on a linked PostgreSQL or MySQL/MariaDB server (docs/user-guide.md, "Linking
// instead of importing"): one read-only transaction under the location's statement timeout
// (ServerConnection::openLink), values as an import of the same rows would hold them
// (ServerTypeMap), text ordered and told apart by its bytes as SQLite does (docs/METHODS.md
// §1.5, "Linked servers"). Used by the thread that opened it.
#include "schema/knowledgesource.h"

#include <QHash>

namespace assay {

class KnowledgeBase;
class ServerConnection;

class ServerKnowledgeSource : public KnowledgeSource {
public:
    // A linked server by its stored URI (ServerLocation::uri()); the password from
    // ServerPasswords or the environment.
    static Result<std::unique_ptr<ServerKnowledgeSource>> open(const QString &uri);
    ~ServerKnowledgeSource() override;

    QString describe() const override;
    Result<Rows> query(const QString &sql, const QVariantList &params = {}, int maxRows = -1) const override;
    Result<std::unique_ptr<SourceQuery>> prepare(const QString &sql, int parameters) const override;
    Result<QStringList> check(const QString &sql, int parameters) const override;
    Result<Values> distinctValues(const QString &table, const QString &column, const QString &type) const override;
    QString orderKey(const QString &reference, const QString &type) const override;
    QVariant stored(const QVariant &raw, const QString &type) const override;
    Status exportTo(const QString &path) const override;
    bool threadBound() const override { return true; }
    Status isolate() const override;
    Status keep() const override;
    Status discard() const override;
    bool recovered() const override;

    const ServerConnection &server() const { return *m_server; }

private:
    explicit ServerKnowledgeSource(std::unique_ptr<ServerConnection> server);
    std::unique_ptr<ServerConnection> m_server;
};

} // namespace assay
