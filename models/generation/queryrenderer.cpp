#include "generation/queryrenderer.h"

#include "generation/semanticgroup.h"
#include "generation/sqltemplate.h"
#include "generation/textpattern.h"
#include "generation/generationreadstore.h"

#include <QHash>

#include <memory>

namespace assay {

QueryRenderer::QueryRenderer(Database &db) : m_db(db) {}

Status QueryRenderer::forEach(const std::function<bool(const RenderedQuery &)> &visit, const QString &form, Order order) const
{
    // Patterns per text template, compiled against their SQL template's placeholders.
    GenerationReadStore store(m_db);
    auto texts = store.acceptedTexts();
    if (!texts)
        return Status::failure(texts);
    QHash<qint64, std::shared_ptr<TextPattern>> patterns;
    QHash<qint64, QString> sqlOf; // by text template
    for (const GenerationReadStore::AcceptedText &t : texts.value()) {
        patterns.insert(t.id, std::make_shared<TextPattern>(t.text, SqlTemplate(t.sql).placeholders()));
        sqlOf.insert(t.id, t.sql);
    }
    QHash<qint64, QStringList> groupValues;
    RenderedQuery q;
    const auto storeOrder = order == Order::ById ? GenerationReadStore::Order::ById : GenerationReadStore::Order::ByGroup;
    return store.forEachAcceptedQuery(form, storeOrder, [&](const GenerationReadStore::AcceptedQuery &row) {
        q.id = row.id;
        q.groupId = row.groupId;
        q.sqlTemplateId = row.sqlTemplateId;
        q.textTemplateId = row.textTemplateId;
        q.form = row.form;
        auto values = groupValues.find(q.groupId);
        if (values == groupValues.end())
            values = groupValues.insert(q.groupId, SemanticGroup{SemanticGroup::valuesFromJson(row.valuesJson), {}, 0, {}}.valueTexts());
        const auto pattern = patterns.constFind(q.textTemplateId);
        q.text = pattern != patterns.constEnd() ? (*pattern)->fill(*values) : QString();
        q.answer = row.answer;
        q.documentIdsJson = row.documentIdsJson;
        q.sql = sqlOf.value(q.textTemplateId);
        q.valuesJson = row.valuesJson;
        return visit(q);
    });
}

} // namespace assay
