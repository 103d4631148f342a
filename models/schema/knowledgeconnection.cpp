#include "schema/knowledgeconnection.h"

#include "schema/knowledgebase.h"
#include "schema/knowledgesourceregistry.h"

namespace assay {

Result<KnowledgeConnection> KnowledgeConnection::open(const KnowledgeBase &knowledge)
{
    using R = Result<KnowledgeConnection>;
    auto source = KnowledgeSourceRegistry::open(knowledge);
    if (!source)
        return R::failure(source);
    KnowledgeConnection connection(std::shared_ptr<KnowledgeSource>(source.take()));
    for (const KnowledgeTable &t : knowledge.tables())
        for (const KnowledgeColumn &c : t.columns)
            connection.m_columnTypes.insert((t.name + QLatin1Char('.') + c.name).toLower(), c.type);
    return connection;
}

Result<KnowledgeConnection> KnowledgeConnection::openLinked(const QString &location)
{
    using R = Result<KnowledgeConnection>;
    auto source = KnowledgeSourceRegistry::openLocation(location);
    if (!source)
        return R::failure(source);
    return KnowledgeConnection(std::shared_ptr<KnowledgeSource>(source.take()));
}

QString KnowledgeConnection::columnType(const QString &table, const QString &column) const
{
    return m_columnTypes.value((table + QLatin1Char('.') + column).toLower());
}

} // namespace assay
