#pragma once
// Checks the knowledge schema the way the generator will use it: duplicate names, tables
// without columns or rows, missing primary keys, foreign keys between columns of different
// value classes, duplicate or empty keys, values that break their column type, dangling references.
#include "schema/schemaissue.h"

#include <QVector>

namespace assay {

class KnowledgeBase;

class SchemaValidator {
public:
    static constexpr int maxIssuesPerKind = 25;
    static QVector<SchemaIssue> validate(const KnowledgeBase &knowledge);
};

} // namespace assay
