#pragma once
#include <QString>

namespace assay {

// One column of a knowledge table as the user defined it. Ids are stable across renames.
struct KnowledgeColumn {
    qint64 id = 0;
    qint64 tableId = 0;
    QString name;
    QString type = QStringLiteral("TEXT"); // declared SQLite type: INTEGER, REAL, TEXT, DATE, ...
    int position = 0;
    QString description;
    bool primaryKey = false;
    qint64 foreignKey = 0; // id of the referenced column, 0 when none
    // "Meaningful for questions": surrogate ids are not, so generators skip them.
    bool meaningful = true;

    bool operator==(const KnowledgeColumn &o) const
    {
        return id == o.id && tableId == o.tableId && name == o.name && type == o.type && position == o.position &&
               description == o.description && primaryKey == o.primaryKey && foreignKey == o.foreignKey &&
               meaningful == o.meaningful;
    }
};

} // namespace assay
