#pragma once
#include "core/result.h"

#include <QString>

namespace assay {

// Checks an existing file before Assay opens it for writing: it must be an SQLite database,
// carry Assay's application id, pass SQLite's quick_check, and not be from a newer Assay.
// The probe only reads; a refused file is left byte-for-byte as it was.
class ProjectFileProbe {
public:
    static constexpr int applicationId = 0x41535359; // "ASSY"

    struct Info {
        int schemaVersion = 0;
    };

    static Result<Info> inspect(const QString &path, int latestSchemaVersion);
};

} // namespace assay
