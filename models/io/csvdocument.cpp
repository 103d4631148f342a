#include "io/csvdocument.h"

#include "io/filereader.h"

namespace assay {

Result<CsvDocument> CsvDocument::readFile(const QString &path)
{
    auto bytes = FileReader::readAll(path);
    if (!bytes)
        return Result<CsvDocument>::failure(bytes.error());
    return parse(bytes.value(), path);
}

Result<CsvDocument> CsvDocument::parse(const QByteArray &bytes, const QString &origin)
{
    using R = Result<CsvDocument>;
    QString text = QString::fromUtf8(bytes);
    if (text.startsWith(QChar(0xFEFF)))
        text.remove(0, 1);

    QVector<Record> records;
    Record current;
    QString field;
    int line = 1;
    current.line = 1;
    bool inQuotes = false;
    bool fieldWasQuoted = false;
    int quoteLine = 0;
    const qsizetype n = text.size();
    auto endRecord = [&] {
        current.fields << field;
        field.clear();
        fieldWasQuoted = false;
        // A completely empty line is skipped, not read as a record with one empty field.
        if (!(current.fields.size() == 1 && current.fields.constFirst().isEmpty()))
            records.append(current);
        current = Record{};
    };
    for (qsizetype i = 0; i < n; ++i) {
        const QChar ch = text.at(i);
        if (inQuotes) {
            if (ch == QLatin1Char('"')) {
                if (i + 1 < n && text.at(i + 1) == QLatin1Char('"')) {
                    field += QLatin1Char('"');
                    ++i;
                } else {
                    inQuotes = false;
                    if (i + 1 < n && text.at(i + 1) != QLatin1Char(',') && text.at(i + 1) != QLatin1Char('\n') &&
                        text.at(i + 1) != QLatin1Char('\r'))
                        return R::failure(QStringLiteral("%1:%2: unexpected text after a closing quote").arg(origin).arg(line));
                }
            } else {
                if (ch == QLatin1Char('\n'))
                    ++line;
                field += ch;
            }
            continue;
        }
        if (ch == QLatin1Char('"')) {
            if (!field.isEmpty() || fieldWasQuoted)
                return R::failure(QStringLiteral("%1:%2: a quote inside an unquoted field (quote the whole field and double the quote)")
                                      .arg(origin)
                                      .arg(line));
            inQuotes = true;
            fieldWasQuoted = true;
            quoteLine = line;
        } else if (ch == QLatin1Char(',')) {
            current.fields << field;
            field.clear();
            fieldWasQuoted = false;
        } else if (ch == QLatin1Char('\r')) {
            if (i + 1 < n && text.at(i + 1) == QLatin1Char('\n'))
                continue;
            endRecord();
            current.line = ++line;
        } else if (ch == QLatin1Char('\n')) {
            endRecord();
            current.line = ++line;
        } else {
            field += ch;
        }
    }
    if (inQuotes)
        return R::failure(QStringLiteral("%1:%2: a quoted field is never closed").arg(origin).arg(quoteLine));
    if (!field.isEmpty() || !current.fields.isEmpty() || fieldWasQuoted)
        endRecord();

    if (records.isEmpty())
        return R::failure(QStringLiteral("%1: empty file (a header row is required)").arg(origin));
    CsvDocument doc;
    doc.m_header = records.takeFirst().fields;
    for (QString &h : doc.m_header)
        h = h.trimmed();
    for (int i = 0; i < doc.m_header.size(); ++i) {
        if (doc.m_header[i].isEmpty())
            return R::failure(QStringLiteral("%1:1: column %2 of the header has no name").arg(origin).arg(i + 1));
        for (int j = 0; j < i; ++j)
            if (doc.m_header[j].compare(doc.m_header[i], Qt::CaseInsensitive) == 0)
                return R::failure(QStringLiteral("%1:1: the header names column '%2' twice").arg(origin, doc.m_header[i]));
    }
    for (const Record &r : std::as_const(records)) {
        if (r.fields.size() != doc.m_header.size())
            return R::failure(QStringLiteral("%1:%2: %3 fields, but the header has %4")
                                  .arg(origin)
                                  .arg(r.line)
                                  .arg(r.fields.size())
                                  .arg(doc.m_header.size()));
    }
    doc.m_records = records;
    return doc;
}

QString CsvDocument::field(const QString &text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n')) && !text.contains(QLatin1Char('\r')))
        return text;
    return QLatin1Char('"') + QString(text).replace(QLatin1String("\""), QLatin1String("\"\"")) + QLatin1Char('"');
}

} // namespace assay
