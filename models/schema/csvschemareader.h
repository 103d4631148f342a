#pragma once
// Reads a folder of CSV files, one table per file (file name = table name, header row =
// column names). Types are inferred from the values (INTEGER, REAL, DATE, TEXT); keys come
// from an optional schema.json beside the files, else from naming conventions (id, x_id).
#include "core/result.h"
#include "schema/importedschema.h"

namespace assay {

class CsvSchemaReader {
public:
    static Result<ImportedSchema> readFolder(const QString &dir);
    // The type a column's text values fit best.
    static QString inferType(const QStringList &values);
};

} // namespace assay
