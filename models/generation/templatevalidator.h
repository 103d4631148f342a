#pragma once
// Validates a SQL template from any source (rules, LLM, import, user): one statement, a
// read-only SELECT, prepared by SQLite against the knowledge schema, at least one
// placeholder, and every placeholder naming an existing table and column.
#include "core/result.h"

namespace assay {

class KnowledgeBase;
class KnowledgeConnection;

class TemplateValidator {
public:
    static Status validate(const QString &sql, const KnowledgeBase &knowledge, const KnowledgeConnection &connection);
};

} // namespace assay
