#pragma once
// A server column's type as Assay's (docs/user-guide.md, "Knowledge on a database server"), and a
// server value as the value an SQLite import of the same data would hold.
#include "schema/serverlocation.h"

#include <QString>
#include <QVariant>

namespace assay {

class ServerTypeMap {
public:
    // INTEGER, REAL, NUMERIC, BOOLEAN, DATE, DATETIME, TEXT or BLOB. serverType is the type as
    // the server declares it: PostgreSQL's format_type() ("character varying(40)",
    // "numeric(10,2)", "text[]"), MySQL's COLUMN_TYPE ("tinyint(1)", "int(11) unsigned").
    static QString assayType(ServerLocation::Dialect dialect, const QString &serverType);
    // Integers, REAL/NUMERIC as doubles, booleans as 0/1, dates and times as ISO text, bytes
    // for BLOB, everything else as text; NULL stays NULL.
    // serverType as for assayType(); MySQL's bit(n) needs it (Qt hands its bits over as text).
    static QVariant value(const QString &assayType, const QVariant &serverValue, const QString &serverType = {});
    // A linked server's query result, whose column type is not known: by the value's own type
    // (booleans 0/1, dates and times as ISO text, bytes as BLOB, decimals as doubles).
    static QVariant resultValue(const QVariant &serverValue);
};

} // namespace assay
