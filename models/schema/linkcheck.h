#pragma once
// Whether a linked remote source (KnowledgeSourceRegistry::Kind::remote: a PostgreSQL or
// MySQL/MariaDB server) can be reached, and what the Schema page shows of its tables: each
// table's row count and its first rows (a preview; the rows stay where they are). Blocking:
// the CLI runs it in place, the GUI in a job. A link that cannot be reached keeps every stored
// result; the state only says why (docs/user-guide.md, "Linking instead of importing").
#include "schema/knowledgerow.h"
#include "schema/knowledgetable.h"

#include <QHash>
#include <QString>
#include <QVector>

namespace assay {

class KnowledgeBase;

class LinkCheck {
public:
    static constexpr int previewRows = 1000;
    struct State {
        bool checked = false;
        QString error; // empty when the source answered
        QString where; // KnowledgeSource::describe() (a server: never its password)
        QString checkedAt; // ISO, UTC
        QHash<qint64, qint64> rowCounts; // table id → rows at the source
        QHash<qint64, QVector<KnowledgeRow>> preview; // table id → its first rows
        bool reachable() const { return checked && error.isEmpty(); }
    };
    // location: the stored link (a server's ServerLocation::uri()); tables: the knowledge
    // tables to read.
    static State run(const QString &location, const QVector<KnowledgeTable> &tables);
    // The same for a knowledge base's link, applied to it (KnowledgeBase::applyLinkState).
    static State runFor(KnowledgeBase &knowledge);
};

} // namespace assay
