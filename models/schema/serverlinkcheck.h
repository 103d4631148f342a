#pragma once
// Whether a linked server can be reached, and what the Schema page shows of its tables: each
// table's row count and its first rows (a preview; the rows stay on the server). Blocking: the
// CLI runs it in place, the GUI in a job. A link that cannot be reached keeps every stored
// result; the state only says why (docs/user-guide.md, "Linking instead of importing").
#include "schema/knowledgerow.h"
#include "schema/knowledgetable.h"

#include <QHash>
#include <QString>
#include <QVector>

namespace assay {

class KnowledgeBase;

class ServerLinkCheck {
public:
    static constexpr int previewRows = 1000;
    struct State {
        bool checked = false;
        QString error; // empty when the server answered
        QString server; // ServerLocation::describe()
        QString checkedAt; // ISO, UTC
        QHash<qint64, qint64> rowCounts; // table id → rows on the server
        QHash<qint64, QVector<KnowledgeRow>> preview; // table id → its first rows
        bool reachable() const { return checked && error.isEmpty(); }
    };
    // uri: the stored link (ServerLocation::uri()); tables: the knowledge tables to read.
    static State run(const QString &uri, const QVector<KnowledgeTable> &tables);
    // The same for a knowledge base's link, applied to it (KnowledgeBase::applyLinkState).
    static State runFor(KnowledgeBase &knowledge);
};

} // namespace assay
