#include "schema/serverlinkcheck.h"

#include "project/database.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgeconnection.h"
#include "schema/serverconnection.h"
#include "schema/serverlocation.h"
#include "schema/servertypemap.h"

#include <QDateTime>

namespace assay {

ServerLinkCheck::State ServerLinkCheck::run(const QString &uri, const QVector<KnowledgeTable> &tables)
{
    State state;
    state.checked = true;
    state.checkedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    auto location = ServerLocation::parse(uri);
    state.server = location ? location.value().describe() : uri;
    auto connection = KnowledgeConnection::openServer(uri);
    if (!connection) {
        state.error = connection.error();
        return state;
    }
    for (const KnowledgeTable &t : tables) {
        const QString table = Database::quoteIdentifier(t.name);
        auto count = connection.value().query(QStringLiteral("SELECT count(*) FROM %1").arg(table));
        if (!count) {
            state.error = QStringLiteral("table %1: %2").arg(t.name, count.error());
            return state;
        }
        state.rowCounts.insert(t.id, count.value().rows.value(0).value(0).toLongLong());
        QStringList columns;
        for (const KnowledgeColumn &c : t.columns)
            columns << Database::quoteIdentifier(c.name);
        auto rows = connection.value().server()->query(QStringLiteral("SELECT %1 FROM %2").arg(columns.join(QStringLiteral(", ")), table), {},
                                                       previewRows, QStringLiteral("cannot read table %1").arg(t.name));
        if (!rows) {
            state.error = rows.error();
            return state;
        }
        QVector<KnowledgeRow> preview;
        for (const QVariantList &values : rows.value().rows) {
            KnowledgeRow row{preview.size() + 1, double(preview.size() + 1), {}};
            for (int c = 0; c < t.columns.size() && c < values.size(); ++c)
                if (!values[c].isNull())
                    row.values.insert(t.columns[c].id, ServerTypeMap::value(t.columns[c].type, values[c]));
            preview << row;
        }
        state.preview.insert(t.id, preview);
    }
    return state;
}

ServerLinkCheck::State ServerLinkCheck::runFor(KnowledgeBase &knowledge)
{
    State state = run(knowledge.linkedPath(), knowledge.tables());
    knowledge.applyLinkState(state);
    return state;
}

} // namespace assay
