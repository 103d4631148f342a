#pragma once
// Migration 14's rewrite of stored contexts (docs/project-file.md): an item whose retrieved
// text is exactly its retrieved documents' chunks joined in rank order, as the executor wrote
// them, is stored as references to those chunks; any other text (an external system's, an
// agent's observations, an import's, a context whose document has left the corpus) moves to
// context_text, once per distinct text. Reading either gives back the text as it was.
#include "core/result.h"

namespace assay {

class Database;

class ContextMigration {
public:
    struct Report {
        qint64 asReferences = 0;
        qint64 asText = 0;
        qint64 distinctTexts = 0;
    };
    static Result<Report> convert(Database &db);
};

} // namespace assay
