#include "runs/testsetitem.h"

#include <QCryptographicHash>

#include <QSet>

#include <algorithm>
#include <random>

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

QVector<TestSetItem> TestSetItem::sampleGroups(const QVector<TestSetItem> &items, int groups, quint64 seed, int *ofGroups)
{
    const auto groupOf = [](const TestSetItem &item) { return item.groupKey.isEmpty() ? QStringLiteral("item:") + item.identity : item.groupKey; };
    QStringList all;
    for (const TestSetItem &item : items)
        all << groupOf(item);
    all.removeDuplicates();
    std::sort(all.begin(), all.end()); // the sample depends on the groups, not on the reading order
    if (ofGroups)
        *ofGroups = int(all.size());
    if (groups <= 0 || groups >= all.size())
        return items;
    std::mt19937_64 rng(seed);
    std::shuffle(all.begin(), all.end(), rng);
    const QSet<QString> kept(all.cbegin(), all.cbegin() + groups);
    QVector<TestSetItem> out;
    for (const TestSetItem &item : items)
        if (kept.contains(groupOf(item)))
            out << item;
    return out;
}

} // namespace assay
