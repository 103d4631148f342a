#pragma once
// One item of a test set, frozen or working (docs/METHODS.md §11.2). Its identity is a hash of
// what the item asks — SQL template, fill-in values, form and text (an exam item: its stem and
// options) — so the same question keeps its identity across regenerations, and a new gold
// answer for it (the knowledge rows changed) makes it a changed item, not a new one.
#include <QString>
#include <QVector>

namespace assay {

struct TestSetItem {
    QString identity;
    QString key;   // the key its runs give it ("q<query id>", an exam item's key)
    QString query; // the text (an exam item: its stem and options)
    QString gold;
    QString form;
    qint64 sqlTemplateId = 0;
    QString sql;
    QString vals; // the group's fill-in values (JSON)
    QString groupKey;
    QString trueDocIds = QStringLiteral("[]"); // JSON array

    // A hex SHA-256 (128 bits) of the parts, each length-prefixed so no two lists collide.
    static QString identityOf(const QStringList &parts);
    // The content hash of a set of items: order-free, over identity and gold.
    static QString contentHash(const QVector<TestSetItem> &items);
    // A random sample of `groups` semantic groups (an item without a group is its own), each
    // with all its items, so the GRAMMAR tags of the sampled groups stay whole; the same items,
    // seed and size give the same sample. Fewer groups than asked: every item.
    static QVector<TestSetItem> sampleGroups(const QVector<TestSetItem> &items, int groups, quint64 seed, int *ofGroups = nullptr);
};

} // namespace assay
