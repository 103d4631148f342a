#include "runs/labelsfile.h"

#include "io/csvdocument.h"
#include "io/filereader.h"
#include "runs/labelstore.h"

#include <QDateTime>
#include <QSet>

namespace assay {

namespace {

QByteArray csvField(const QString &text)
{
    QByteArray bytes = text.toUtf8();
    if (bytes.contains(',') || bytes.contains('"') || bytes.contains('\n') || bytes.contains('\r')) {
        bytes.replace("\"", "\"\"");
        bytes = '"' + bytes + '"';
    }
    return bytes;
}

} // namespace

Result<QVector<HumanLabel>> LabelsFile::parse(const QByteArray &bytes, const QString &origin, const QHash<QString, qint64> &itemIds)
{
    using R = Result<QVector<HumanLabel>>;
    auto csv = CsvDocument::parse(bytes, origin);
    if (!csv)
        return R::failure(csv);
    const QStringList header = csv.value().header();
    const int id = int(header.indexOf(QStringLiteral("item_id"))), verdict = int(header.indexOf(QStringLiteral("verdict"))),
              labeller = int(header.indexOf(QStringLiteral("labeller"))), at = int(header.indexOf(QStringLiteral("labelled_at")));
    if (id < 0 || verdict < 0 || labeller < 0)
        return R::failure(QStringLiteral("%1:1: the header must name the columns item_id, verdict and labeller (it has: %2)")
                              .arg(origin, header.join(QStringLiteral(", "))));
    QVector<HumanLabel> out;
    QSet<QPair<QString, QString>> seen;
    for (const CsvDocument::Record &r : csv.value().records()) {
        const auto field = [&](int column) { return column >= 0 && column < r.fields.size() ? r.fields[column].trimmed() : QString(); };
        const auto bad = [&](const QString &what) { return R::failure(QStringLiteral("%1:%2: %3; nothing was imported").arg(origin).arg(r.line).arg(what)); };
        if (r.fields.size() < header.size())
            return bad(QStringLiteral("the row has %1 fields, the header %2").arg(r.fields.size()).arg(header.size()));
        HumanLabel l;
        l.itemKey = field(id);
        if (!itemIds.contains(l.itemKey))
            return bad(QStringLiteral("item_id '%1' is not an item of the run").arg(l.itemKey));
        l.itemId = itemIds.value(l.itemKey);
        const QString v = field(verdict).toLower();
        if (v == QLatin1String("1") || v == QLatin1String("correct"))
            l.verdict = 1;
        else if (v == QLatin1String("0") || v == QLatin1String("incorrect"))
            l.verdict = 0;
        else
            return bad(QStringLiteral("verdict '%1' is not 1, 0, correct or incorrect").arg(field(verdict)));
        l.labeller = field(labeller);
        if (const QString why = LabelStore::checkLabeller(l.labeller); !why.isEmpty())
            return bad(QStringLiteral("labeller: %1").arg(why));
        if (at >= 0 && !field(at).isEmpty()) {
            if (!QDateTime::fromString(field(at), Qt::ISODateWithMs).isValid())
                return bad(QStringLiteral("labelled_at '%1' is not an ISO 8601 time").arg(field(at)));
            l.at = field(at);
        }
        l.rule = QStringLiteral("import");
        if (seen.contains({l.itemKey, l.labeller}))
            return bad(QStringLiteral("item '%1' is labelled twice by %2").arg(l.itemKey, l.labeller));
        seen.insert({l.itemKey, l.labeller});
        out.append(l);
    }
    return out;
}

Result<QVector<HumanLabel>> LabelsFile::read(const QString &path, const QHash<QString, qint64> &itemIds)
{
    auto bytes = FileReader::readAll(path);
    if (!bytes)
        return Result<QVector<HumanLabel>>::failure(bytes);
    return parse(bytes.value(), path, itemIds);
}

QByteArray LabelsFile::write(const QVector<HumanLabel> &labels)
{
    QByteArray out = "item_id,verdict,labeller,labelled_at\n";
    for (const HumanLabel &l : labels)
        out += csvField(l.itemKey) + ',' + QByteArray::number(l.verdict) + ',' + csvField(l.labeller) + ',' + csvField(l.at) + '\n';
    return out;
}

} // namespace assay
