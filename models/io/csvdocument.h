#pragma once
// RFC 4180 CSV: comma-separated, fields optionally in double quotes ("" inside quotes is a
// quote), quoted fields may span lines, CRLF or LF line ends, an optional UTF-8 BOM.
// Every record remembers the line it starts on so errors can say file:line.
#include "core/result.h"

#include <QStringList>
#include <QVector>

namespace assay {

class CsvDocument {
public:
    struct Record {
        int line = 0;
        QStringList fields;
    };

    static Result<CsvDocument> parse(const QByteArray &bytes, const QString &origin);
    static Result<CsvDocument> readFile(const QString &path);
    // One field as written: quoted when it holds a comma, a quote or a line break.
    static QString field(const QString &text);

    const QStringList &header() const { return m_header; }
    const QVector<Record> &records() const { return m_records; }

private:
    QStringList m_header;
    QVector<Record> m_records;
};

} // namespace assay
