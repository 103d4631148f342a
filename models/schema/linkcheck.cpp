#include "schema/linkcheck.h"

#include "project/database.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgesourceregistry.h"

#include <QDateTime>

namespace assay {

LinkCheck::State LinkCheck::run(const QString &location, const QVector<KnowledgeTable> &tables)
{
    State state;
    state.checked = true;
    state.checkedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    state.where = KnowledgeSourceRegistry::describe(location);
    auto source = KnowledgeSourceRegistry::openLocation(location);
    if (!source) {
        state.error = source.error();
        return state;
    }
    const KnowledgeSource &s = *source.value();
    for (const KnowledgeTable &t : tables) {
        const QString table = Database::quoteIdentifier(t.name);
        auto count = s.query(QStringLiteral("SELECT count(*) FROM %1").arg(table));
        if (!count) {
            state.error = QStringLiteral("table %1: %2").arg(t.name, count.error());
            return state;
        }
        state.rowCounts.insert(t.id, count.value().rows.value(0).value(0).toLongLong());
        QStringList columns;
        for (const KnowledgeColumn &c : t.columns)
            columns << Database::quoteIdentifier(c.name);
        auto read = s.prepare(QStringLiteral("SELECT %1 FROM %2").arg(columns.join(QStringLiteral(", ")), table), 0);
        QVector<KnowledgeRow> preview;
        const Status previewed = !read ? Status::failure(read.error()) : read.value()->run({}, [&](const SourceRow &r) {
            KnowledgeRow row{preview.size() + 1, double(preview.size() + 1), {}};
            for (int c = 0; c < t.columns.size(); ++c)
                if (const QVariant raw = r.raw(c); !raw.isNull())
                    row.values.insert(t.columns[c].id, s.stored(raw, t.columns[c].type));
            preview << row;
            return preview.size() < previewRows;
        });
        if (!previewed) {
            state.error = QStringLiteral("cannot read table %1: %2").arg(t.name, previewed.error());
            return state;
        }
        state.preview.insert(t.id, preview);
    }
    return state;
}

LinkCheck::State LinkCheck::runFor(KnowledgeBase &knowledge)
{
    State state = run(knowledge.linkedPath(), knowledge.tables());
    knowledge.applyLinkState(state);
    return state;
}

} // namespace assay
