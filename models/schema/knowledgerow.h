#pragma once
#include <QHash>
#include <QVariant>

namespace assay {

// One row: values by column id (missing = NULL).
struct KnowledgeRow {
    qint64 id = 0;
    double position = 0;
    QHash<qint64, QVariant> values;

    QVariant value(qint64 columnId) const { return values.value(columnId); }
};

} // namespace assay
