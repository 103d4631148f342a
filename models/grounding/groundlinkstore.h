#pragma once
// SQL of the ground-truth links (table ground_link, view group_truth).
#include "core/result.h"
#include "grounding/groundlink.h"

#include <QHash>
#include <QStringList>
#include <QVector>

namespace assay {

class Database;

class GroundLinkStore {
public:
    // A semantic group of an accepted SQL template, with its answer and true documents.
    struct Group {
        qint64 id = 0;
        qint64 sqlTemplateId = 0;
        QString values;
        QString answer;
        QStringList trueDocs;
    };
    struct Coverage {
        qint64 groups = 0;         // groups of accepted templates with an answer
        qint64 grounded = 0;       // of those, with at least one true document
        qint64 byKeys = 0;         // of those, with a true document from a document key
        qint64 accepted = 0;       // links by state
        qint64 proposed = 0;
        qint64 rejected = 0;
    };

    explicit GroundLinkStore(Database &db) : m_db(db) {}

    // Every link, with the group now holding its values; by confidence, then group and document.
    Result<QVector<GroundLink>> links() const;
    Result<QVector<Group>> groups() const;
    Result<Coverage> coverage() const;
    // Where each group's true documents come from: per group id, (document, source) with source
    // "sql" (projected by its SQL), "key" (a document key), "file" or "auto" (an accepted link).
    Result<QHash<qint64, QVector<std::pair<QString, QString>>>> sources() const;
    // The stored links with the keys of `keys` (template, values, document); others are absent.
    Result<QVector<GroundLink>> existing(const QVector<GroundLink> &keys) const;
    // In one transaction: every link of `put` written (inserted or replaced by key), every
    // link of `remove` deleted by key.
    Status apply(const QVector<GroundLink> &put, const QVector<GroundLink> &remove);

private:
    Database &m_db;
};

} // namespace assay
