#include "generation/queryrenderer.h"

#include "generation/semanticgroup.h"
#include "generation/sqltemplate.h"
#include "generation/textpattern.h"
#include "project/database.h"

#include <QHash>

#include <memory>

namespace assay {

QueryRenderer::QueryRenderer(Database &db) : m_db(db) {}

Status QueryRenderer::forEach(const std::function<bool(const RenderedQuery &)> &visit, const QString &form, Order order) const
{
    // Patterns per text template, compiled against their SQL template's placeholders.
    QHash<qint64, std::shared_ptr<TextPattern>> patterns;
    auto tt = m_db.prepare(QStringLiteral("SELECT tt.id, tt.text, t.sql FROM text_template tt JOIN sql_template t ON t.id = tt.sql_template_id "
                                          "WHERE tt.state = 'accepted' AND t.state = 'accepted'"));
    if (!tt)
        return Status::failure(tt.error());
    if (auto read = tt.value().forEach([&](const Statement &r) {
            patterns.insert(r.integer(0), std::make_shared<TextPattern>(r.text(1), SqlTemplate(r.text(2)).placeholders()));
        });
        !read)
        return read;

    auto s = m_db.prepare(QStringLiteral(
        "SELECT q.id, g.id, g.sql_template_id, tt.id, tt.form, g.vals, g.answer, g.doc_ids FROM query q "
        "JOIN query_group g ON g.id = q.group_id JOIN text_template tt ON tt.id = q.text_template_id "
        "JOIN sql_template t ON t.id = g.sql_template_id WHERE q.state = 'accepted' AND tt.state = 'accepted' "
        "AND t.state = 'accepted' %1 ORDER BY %2")
                              .arg(form.isEmpty() ? QString() : QStringLiteral("AND tt.form = ?1"),
                                   order == Order::ById ? QStringLiteral("q.id") : QStringLiteral("g.sql_template_id, g.id, q.id")));
    if (!s)
        return Status::failure(s.error());
    if (!form.isEmpty())
        s.value().bind(1, form);
    QHash<qint64, QStringList> groupValues;
    RenderedQuery q;
    return s.value().forEach([&](const Statement &r) {
        q.id = r.integer(0);
        q.groupId = r.integer(1);
        q.sqlTemplateId = r.integer(2);
        q.textTemplateId = r.integer(3);
        q.form = r.text(4);
        auto values = groupValues.find(q.groupId);
        if (values == groupValues.end())
            values = groupValues.insert(q.groupId, SemanticGroup{SemanticGroup::valuesFromJson(r.text(5)), {}, 0, {}}.valueTexts());
        q.text = patterns.value(q.textTemplateId) ? patterns.value(q.textTemplateId)->fill(*values) : QString();
        q.answer = r.text(6);
        q.documentIdsJson = r.text(7);
        return visit(q);
    });
}

} // namespace assay
