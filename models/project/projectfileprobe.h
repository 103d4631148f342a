#pragma once
#include "core/result.h"

#include <QString>

namespace assay {

class Database;

// Checks an existing file before Assay writes to it: it must be an SQLite database carrying
// Assay's application id and not be from a newer Assay. Only the header is read, through
// SQLite itself (a descriptor opened any other way would drop the process's locks on a file
// it may already hold, docs/project-file.md), so the check costs the same for a 1 MB and a
// 10 GB project; the pages are checked on demand (ProjectVerifier). A refused file is left
// byte-for-byte as it was.
class ProjectFileProbe {
public:
    static constexpr int applicationId = 0x41535359; // "ASSY"

    struct Info {
        int schemaVersion = 0;
    };

    // Permissions and the header, on a connection to path that the caller opened.
    static Result<Info> inspect(const Database &db, const QString &path, int latestSchemaVersion);
    // The same on a read-only connection of its own.
    static Result<Info> inspect(const QString &path, int latestSchemaVersion);
    // The file's permissions alone: a project is written as it is used, and its write-ahead
    // log lives beside it.
    static Status checkWritable(const QString &path);
};

} // namespace assay
