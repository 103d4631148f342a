#include "irt/irtdata.h"

#include "io/csvdocument.h"

#include <QHash>

namespace assay {

Result<IrtData> IrtData::readCsv(const QString &responsesPath, const QString &factorsPath)
{
    using R = Result<IrtData>;
    auto matrix = CsvDocument::readFile(responsesPath);
    if (!matrix)
        return R::failure(matrix.error());
    const CsvDocument &m = matrix.value();
    if (m.header().size() < 2 || m.header().constFirst() != QLatin1String("student"))
        return R::failure(QStringLiteral("%1:1: the header must be student,<item ids>").arg(responsesPath));
    IrtData d;
    d.items = m.header().mid(1);
    for (const CsvDocument::Record &record : m.records()) {
        const QStringList &row = record.fields;
        if (row.size() != m.header().size())
            return R::failure(QStringLiteral("%1:%2: %3 fields, the header has %4").arg(responsesPath).arg(record.line).arg(row.size()).arg(m.header().size()));
        d.students << row.first();
        QVector<qint8> values;
        for (int c = 1; c < row.size(); ++c) {
            const QString v = row[c].trimmed();
            if (v.isEmpty())
                values << qint8(-1);
            else if (v == QLatin1String("0") || v == QLatin1String("1"))
                values << qint8(v.toInt());
            else
                return R::failure(QStringLiteral("%1:%2: field '%3' is '%4', not 0, 1 or empty").arg(responsesPath).arg(record.line).arg(m.header()[c], v));
        }
        d.responses << values;
    }
    if (d.students.isEmpty())
        return R::failure(QStringLiteral("%1: no students").arg(responsesPath));
    if (factorsPath.isEmpty())
        return d;
    auto factors = CsvDocument::readFile(factorsPath);
    if (!factors)
        return R::failure(factors.error());
    const CsvDocument &f = factors.value();
    if (f.header().size() < 2 || f.header().constFirst() != QLatin1String("student"))
        return R::failure(QStringLiteral("%1:1: the header must be student,<factor names>").arg(factorsPath));
    d.factors = f.header().mid(1);
    QHash<QString, QStringList> byStudent;
    for (const CsvDocument::Record &record : f.records()) {
        if (record.fields.size() != f.header().size())
            return R::failure(QStringLiteral("%1:%2: %3 fields, the header has %4").arg(factorsPath).arg(record.line).arg(record.fields.size()).arg(f.header().size()));
        byStudent.insert(record.fields.first(), record.fields.mid(1));
    }
    for (const QString &s : d.students) {
        if (!byStudent.contains(s))
            return R::failure(QStringLiteral("%1: no factors for student '%2'").arg(factorsPath, s));
        d.levels << byStudent.value(s);
    }
    return d;
}

IrtData IrtData::columns(const QVector<int> &keep) const
{
    IrtData d = *this;
    d.items.clear();
    for (int c : keep)
        d.items << items[c];
    for (int s = 0; s < responses.size(); ++s) {
        d.responses[s].clear();
        for (int c : keep)
            d.responses[s] << responses[s][c];
    }
    return d;
}

qint64 IrtData::answered() const
{
    qint64 n = 0;
    for (const QVector<qint8> &row : responses)
        for (qint8 v : row)
            n += v >= 0;
    return n;
}

} // namespace assay
