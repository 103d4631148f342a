#pragma once
// Validates an ImportedSchema and writes it into a project in one transaction: either every
// table, column, key and row arrives, or nothing changes.
#include "core/result.h"
#include "schema/importedschema.h"

namespace assay {

class Project;

class KnowledgeImporter {
public:
    struct Options {
        bool replace = false;  // drop the project's current knowledge tables first
        QString linkPath;      // non-empty: link this SQLite file instead of copying rows
    };
    struct Report {
        int tables = 0;
        qint64 rows = 0;
    };

    static Result<Report> import(Project &project, const ImportedSchema &schema, const Options &options);
    static Status validate(const ImportedSchema &schema);
    // Everything import() checks before writing: the schema itself and its fit with the project.
    static Status precheck(const Project &project, const ImportedSchema &schema, const Options &options);
    // Surrogate keys (integer id columns) are not meaningful question targets or conditions.
    static bool isSurrogate(const ImportedColumn &column);
};

} // namespace assay
