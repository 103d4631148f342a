#include "project/projectfileprobe.h"

#include "project/database.h"

#include <QFileInfo>

#include <sqlite3.h>

namespace assay {

Status ProjectFileProbe::checkWritable(const QString &path)
{
    const QFileInfo fi(path); // stat() and access() only: no descriptor is opened
    if (!fi.exists())
        return Status::failure(QStringLiteral("%1: no such file").arg(path), ErrorCode::NotFound);
    if (!fi.isFile())
        return Status::failure(QStringLiteral("%1: not a file").arg(path));
    if (fi.size() == 0)
        return Status::failure(QStringLiteral("%1: not an Assay project (the file is empty)").arg(path));
    // Say so before SQLite reports it as some other failure.
    if (!fi.isWritable())
        return Status::failure(QStringLiteral("%1: the project file is read-only (no write permission for this user); "
                                              "change its permissions or work on a copy")
                                   .arg(path),
                               ErrorCode::ReadOnly);
    if (!QFileInfo(fi.absolutePath()).isWritable())
        return Status::failure(QStringLiteral("%1: the project file is read-only in effect: its folder %2 may not be written by this user, "
                                              "and the project keeps its write-ahead log there; work on a copy elsewhere")
                                   .arg(path, fi.absolutePath()),
                               ErrorCode::ReadOnly);
    return {};
}

Result<ProjectFileProbe::Info> ProjectFileProbe::inspect(const Database &db, const QString &path, int latestSchemaVersion)
{
    using R = Result<Info>;
    // Both values live in the 100-byte header of page 1: reading them reads one page.
    auto appId = db.scalar(QStringLiteral("PRAGMA application_id"));
    if (!appId) {
        const int code = sqlite3_extended_errcode(db.handle()) & 0xff;
        if (code == SQLITE_NOTADB)
            return R::failure(QStringLiteral("%1: not an Assay project (the file is not an SQLite database)").arg(path));
        if (code == SQLITE_CORRUPT)
            return R::failure(QStringLiteral("%1: the project file is corrupt (%2); it was not modified").arg(path, appId.error()));
        return R::failure(QStringLiteral("%1: cannot read the project header: %2").arg(path, appId.error()), appId.code());
    }
    auto version = db.scalar(QStringLiteral("PRAGMA user_version"));
    if (!version)
        return R::failure(QStringLiteral("%1: cannot read the project header: %2").arg(path, version.error()), version.code());
    if (appId.value().toInt() != applicationId)
        return R::failure(QStringLiteral("%1: not an Assay project (an SQLite database of another application)").arg(path));

    Info info;
    info.schemaVersion = version.value().toInt();
    if (info.schemaVersion > latestSchemaVersion)
        return R::failure(QStringLiteral("%1: this project was written by a newer Assay (file schema version %2, this "
                                         "build understands up to %3); update Assay to open it. The file was not modified.")
                              .arg(path)
                              .arg(info.schemaVersion)
                              .arg(latestSchemaVersion));
    return info;
}

Result<ProjectFileProbe::Info> ProjectFileProbe::inspect(const QString &path, int latestSchemaVersion)
{
    if (auto s = checkWritable(path); !s)
        return Result<Info>::failure(s);
    auto db = Database::open(path, Database::Mode::ReadOnly);
    if (!db)
        return Result<Info>::failure(db);
    return inspect(db.value(), path, latestSchemaVersion);
}

} // namespace assay
