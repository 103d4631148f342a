#include "project/projectfileprobe.h"

#include "project/database.h"

#include <QFile>
#include <QFileInfo>

namespace assay {

namespace {
constexpr char sqliteMagic[] = "SQLite format 3"; // followed by a NUL in the 16-byte header
}

Result<ProjectFileProbe::Info> ProjectFileProbe::inspect(const QString &path, int latestSchemaVersion)
{
    using R = Result<Info>;
    const QFileInfo fi(path);
    if (!fi.exists())
        return R::failure(QStringLiteral("%1: no such file").arg(path));
    if (!fi.isFile())
        return R::failure(QStringLiteral("%1: not a file").arg(path));

    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return R::failure(QStringLiteral("%1: cannot read: %2").arg(path, file.errorString()));
    const QByteArray header = file.read(100);
    file.close();
    if (header.size() < 100 || !header.startsWith(QByteArray(sqliteMagic, sizeof sqliteMagic)))
        return R::failure(QStringLiteral("%1: not an Assay project (the file is not an SQLite database)").arg(path));

    // A project is written as it is used (and its write-ahead log lives beside it): say so
    // before SQLite reports it as some other failure.
    if (!fi.isWritable())
        return R::failure(QStringLiteral("%1: the project file is read-only (no write permission for this user); "
                                         "change its permissions or work on a copy")
                              .arg(path),
                          ErrorCode::ReadOnly);
    if (!QFileInfo(fi.absolutePath()).isWritable())
        return R::failure(QStringLiteral("%1: the project file is read-only in effect: its folder %2 may not be written by this user, "
                                         "and the project keeps its write-ahead log there; work on a copy elsewhere")
                              .arg(path, fi.absolutePath()),
                          ErrorCode::ReadOnly);

    auto db = Database::open(path, Database::Mode::ReadOnly);
    if (!db)
        return R::failure(db.error());

    auto check = db.value().scalar(QStringLiteral("PRAGMA quick_check(1)"));
    if (!check && check.code() != ErrorCode::Failed)
        return R::failure(QStringLiteral("%1: cannot be read now: %2").arg(path, check.error()), check.code());
    if (!check)
        return R::failure(QStringLiteral("%1: the project file is corrupt (%2); it was not modified").arg(path, check.error()));
    if (check.value().toString() != QLatin1String("ok"))
        return R::failure(QStringLiteral("%1: the project file is corrupt (%2); it was not modified")
                              .arg(path, check.value().toString()));

    auto appId = db.value().scalar(QStringLiteral("PRAGMA application_id"));
    auto version = db.value().scalar(QStringLiteral("PRAGMA user_version"));
    if (!appId || !version)
        return R::failure(QStringLiteral("%1: cannot read the project header: %2")
                              .arg(path, appId ? version.error() : appId.error()));
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

} // namespace assay
