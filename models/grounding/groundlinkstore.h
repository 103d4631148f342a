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
        // Where the true documents came from (docs/METHODS.md §1.6.5): groups with at least one
        // from each source (a group may count under several).
        qint64 bySql = 0;          // the document ids its SQL projected (GRAMMAR's, or the demo's)
        qint64 byFile = 0;         // a links file
        qint64 byProposal = 0;     // an automatic proposal accepted (at the bar, or in review)
        qint64 byCheck = 0;        // a proposal a person checked right in a spot check
        qint64 byTier = 0;         // a proposal accepted with its spot-checked tier
        qint64 accepted = 0;       // links by state
        qint64 proposed = 0;
        qint64 rejected = 0;
        // "2,264 of 3,644 groups with an answer (62%) have true documents: 2,264 from their SQL's
        // document ids, 1,604 from document keys, …"; `brief`: "ground truth now: 62% of the groups
        // have true documents (SQL ids 2,264 · keys 1,604)", for chart subtitles.
        QString sourcesText(bool brief = false) const;
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
