#include "schema/knowledgesourceregistry.h"

#include "schema/knowledgebase.h"
#include "schema/serverknowledgesource.h"
#include "schema/serverlocation.h"
#include "schema/sqliteknowledgesource.h"

#include <QFileInfo>
#include <QMutex>
#include <QMutexLocker>

#include <deque>

namespace assay {

namespace {

using Opened = Result<std::unique_ptr<KnowledgeSource>>;

// A PostgreSQL or MySQL/MariaDB server, by its stored URI.
KnowledgeSourceRegistry::Kind serverKind()
{
    KnowledgeSourceRegistry::Kind k;
    k.id = QStringLiteral("server");
    k.takes = [](const QString &location) { return ServerLocation::isServerUri(location); };
    k.open = [](const KnowledgeBase *, const QString &location) -> Opened {
        auto opened = ServerKnowledgeSource::open(location);
        if (!opened)
            return Opened::failure(opened);
        return std::unique_ptr<KnowledgeSource>(opened.take());
    };
    k.remote = true;
    k.describe = [](const QString &location) {
        const auto parsed = ServerLocation::parse(location);
        return parsed ? parsed.value().describe() : location;
    };
    k.dialect = [](const QString &location) {
        const auto parsed = ServerLocation::parse(location);
        if (!parsed)
            return SqlDialect::SQLite; // opening the source reports the unreadable link
        return parsed.value().dialect == ServerLocation::Dialect::MySql ? SqlDialect::MySql : SqlDialect::Postgres;
    };
    return k;
}

// A linked SQLite file: any other location.
KnowledgeSourceRegistry::Kind sqliteFileKind()
{
    KnowledgeSourceRegistry::Kind k;
    k.id = QStringLiteral("sqlite-file");
    k.takes = [](const QString &location) { return !location.isEmpty(); };
    k.open = [](const KnowledgeBase *, const QString &location) { return SqliteKnowledgeSource::openFile(location); };
    k.canonical = [](const QString &location) { return QFileInfo(location).absoluteFilePath(); };
    k.dialect = [](const QString &) { return SqlDialect::SQLite; };
    return k;
}

// The project's own tables.
KnowledgeSourceRegistry::Kind projectKind()
{
    KnowledgeSourceRegistry::Kind k;
    k.id = QStringLiteral("project");
    k.takes = [](const QString &location) { return location.isEmpty(); };
    k.open = [](const KnowledgeBase *knowledge, const QString &) -> Opened {
        if (!knowledge)
            return Opened::failure(QStringLiteral("no project to read the knowledge tables of"));
        return SqliteKnowledgeSource::materialise(*knowledge);
    };
    k.dialect = [](const QString &) { return SqlDialect::SQLite; };
    return k;
}

std::deque<KnowledgeSourceRegistry::Kind> &registeredKinds()
{
    static std::deque<KnowledgeSourceRegistry::Kind> all{serverKind(), sqliteFileKind(), projectKind()};
    return all;
}

QMutex &registryLock()
{
    static QMutex m;
    return m;
}

} // namespace

void KnowledgeSourceRegistry::add(Kind kind)
{
    QMutexLocker lock(&registryLock());
    registeredKinds().push_front(std::move(kind));
}

const KnowledgeSourceRegistry::Kind *KnowledgeSourceRegistry::kindOf(const QString &location)
{
    QMutexLocker lock(&registryLock());
    for (const Kind &k : registeredKinds()) // a deque keeps its elements in place as kinds are added
        if (k.takes(location))
            return &k;
    return nullptr;
}

Result<std::unique_ptr<KnowledgeSource>> KnowledgeSourceRegistry::open(const KnowledgeBase &knowledge)
{
    const QString location = knowledge.isLinked() ? knowledge.linkedPath() : QString();
    const Kind *kind = kindOf(location);
    if (!kind)
        return Result<std::unique_ptr<KnowledgeSource>>::failure(QStringLiteral("%1: no kind of knowledge source reads this location").arg(location));
    return kind->open(&knowledge, location);
}

Result<std::unique_ptr<KnowledgeSource>> KnowledgeSourceRegistry::openLocation(const QString &location)
{
    const Kind *kind = kindOf(location);
    if (!kind || location.isEmpty())
        return Result<std::unique_ptr<KnowledgeSource>>::failure(QStringLiteral("%1: no kind of knowledge source reads this location").arg(location));
    return kind->open(nullptr, location); // a location names its rows by itself
}

SqlDialect KnowledgeSourceRegistry::dialectOf(const KnowledgeBase &knowledge)
{
    const QString location = knowledge.isLinked() ? knowledge.linkedPath() : QString();
    const Kind *kind = kindOf(location);
    return kind && kind->dialect ? kind->dialect(location) : SqlDialect::SQLite;
}

QString KnowledgeSourceRegistry::describe(const QString &location)
{
    const Kind *kind = kindOf(location);
    return kind && kind->describe ? kind->describe(location) : location;
}

QString KnowledgeSourceRegistry::canonical(const QString &location)
{
    const Kind *kind = kindOf(location);
    return kind && kind->canonical ? kind->canonical(location) : location;
}

QStringList KnowledgeSourceRegistry::ids()
{
    QMutexLocker lock(&registryLock());
    QStringList out;
    for (const Kind &k : registeredKinds())
        out << k.id;
    return out;
}

} // namespace assay
