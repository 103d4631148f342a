#include "runs/testsetitem.h"

#include <QCryptographicHash>

#include <algorithm>

namespace assay {

QString TestSetItem::identityOf(const QStringList &parts)
{
    QCryptographicHash h(QCryptographicHash::Sha256);
    for (const QString &part : parts) {
        const QByteArray bytes = part.toUtf8();
        h.addData(QByteArray::number(bytes.size()) + ':');
        h.addData(bytes);
    }
    return QString::fromLatin1(h.result().toHex().left(32));
}

QString TestSetItem::contentHash(const QVector<TestSetItem> &items)
{
    QStringList lines;
    lines.reserve(items.size());
    for (const TestSetItem &item : items)
        lines << identityOf({item.identity, item.gold});
    std::sort(lines.begin(), lines.end());
    QCryptographicHash h(QCryptographicHash::Sha256);
    for (const QString &line : lines) {
        h.addData(line.toUtf8());
        h.addData("\n");
    }
    return QString::fromLatin1(h.result().toHex());
}

} // namespace assay
