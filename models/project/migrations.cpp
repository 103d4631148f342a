#include "project/migrations.h"

namespace assay {

const std::vector<Migration> &builtinMigrations()
{
    static const std::vector<Migration> migrations = {
        {1, QStringLiteral("project metadata"), QStringLiteral(R"sql(
CREATE TABLE project_meta (
    key   TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
) WITHOUT ROWID;
)sql")},
    };
    return migrations;
}

} // namespace assay
