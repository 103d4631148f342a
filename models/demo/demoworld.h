#pragma once
// The bundled demo world: Quillmoor Engineering Cooperative's tables and rows
// (resources/demo/world.sql) with column descriptions (resources/demo/descriptions.json).
#include "core/result.h"
#include "schema/importedschema.h"

namespace assay {

class DemoWorld {
public:
    static Result<ImportedSchema> load();
    static QString organisation() { return QStringLiteral("Quillmoor Engineering Cooperative"); }
};

} // namespace assay
