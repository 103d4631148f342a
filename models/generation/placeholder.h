#pragma once
#include <QString>

namespace assay {

// A fill-in slot of a template, written '[Table.Column]' in SQL and [Table.Column] in text.
struct Placeholder {
    QString table;
    QString column;

    QString token() const { return QStringLiteral("[%1.%2]").arg(table, column); }
    bool operator==(const Placeholder &o) const
    {
        return table.compare(o.table, Qt::CaseInsensitive) == 0 && column.compare(o.column, Qt::CaseInsensitive) == 0;
    }
};

} // namespace assay
