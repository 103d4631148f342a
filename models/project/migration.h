#pragma once
#include "core/result.h"

#include <QString>

#include <functional>

namespace assay {

class Database;

// One step of the project-file schema. Shipped migrations are never edited: a later change
// to the schema is a new migration with the next version number.
struct Migration {
    int version = 0;
    QString name;
    QString sql;
    // Work SQL alone cannot do (rewriting stored values), run after sql in the same
    // transaction; then sqlAfter (what must wait for the rewrite, e.g. dropping the old
    // column).
    std::function<Status(Database &)> convert = {};
    QString sqlAfter = {};
    // The step frees much of the file (a dropped column of large values): the file is
    // compacted (VACUUM) once every migration is committed.
    bool compactAfter = false;
};

} // namespace assay
