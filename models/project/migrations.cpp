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
        {2, QStringLiteral("knowledge schema"), QStringLiteral(R"sql(
-- Where the knowledge rows live: 'embedded' (knowledge_row) or 'linked' (the user's SQLite
-- file at path, opened read-only and never written).
CREATE TABLE knowledge_source (
    id            INTEGER PRIMARY KEY CHECK (id = 1),
    kind          TEXT NOT NULL CHECK (kind IN ('embedded', 'linked')),
    path          TEXT,
    imported_from TEXT NOT NULL DEFAULT '',
    imported_at   TEXT NOT NULL DEFAULT ''
);
CREATE TABLE knowledge_table (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    position    INTEGER NOT NULL
);
CREATE TABLE knowledge_column (
    id          INTEGER PRIMARY KEY,
    table_id    INTEGER NOT NULL REFERENCES knowledge_table(id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    type        TEXT NOT NULL DEFAULT 'TEXT',
    position    INTEGER NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    is_pk       INTEGER NOT NULL DEFAULT 0,
    fk_column   INTEGER REFERENCES knowledge_column(id) ON DELETE SET NULL,
    meaningful  INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX knowledge_column_table ON knowledge_column(table_id, position);
CREATE INDEX knowledge_column_fk ON knowledge_column(fk_column);
-- Row values as a JSON object keyed by column id, so renaming or re-typing a column never
-- rewrites rows and a deleted column's values come back on undo.
CREATE TABLE knowledge_row (
    id       INTEGER PRIMARY KEY,
    table_id INTEGER NOT NULL REFERENCES knowledge_table(id) ON DELETE CASCADE,
    position REAL NOT NULL,
    vals     TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX knowledge_row_table ON knowledge_row(table_id, position);
)sql")},
    };
    return migrations;
}

} // namespace assay
