#pragma once
#include <QString>

namespace assay {

// One step of the project-file schema. Shipped migrations are never edited: a later change
// to the schema is a new migration with the next version number.
struct Migration {
    int version = 0;
    QString name;
    QString sql;
};

} // namespace assay
