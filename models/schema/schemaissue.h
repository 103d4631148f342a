#pragma once
#include <QString>

namespace assay {

// One validation finding in the knowledge schema, located as precisely as it can be.
struct SchemaIssue {
    enum class Severity { Warning, Error };
    Severity severity = Severity::Warning;
    qint64 tableId = 0;
    qint64 columnId = 0; // 0: about the whole table
    qint64 rowId = 0;    // 0: not about one row
    QString message;
};

} // namespace assay
