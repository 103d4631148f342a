#pragma once
#include "schema/knowledgecolumn.h"

#include <QVector>

namespace assay {

struct KnowledgeTable {
    qint64 id = 0;
    QString name;
    QString description;
    int position = 0;
    QVector<KnowledgeColumn> columns;

    const KnowledgeColumn *column(qint64 columnId) const
    {
        for (const KnowledgeColumn &c : columns)
            if (c.id == columnId)
                return &c;
        return nullptr;
    }
    const KnowledgeColumn *columnNamed(const QString &n) const
    {
        for (const KnowledgeColumn &c : columns)
            if (c.name.compare(n, Qt::CaseInsensitive) == 0)
                return &c;
        return nullptr;
    }
};

} // namespace assay
