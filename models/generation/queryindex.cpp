#include "generation/queryindex.h"

#include "generation/generationreadstore.h"
#include "generation/semanticgroup.h"
#include "generation/sqltemplate.h"
#include "project/database.h"

#include <QHash>

#include <algorithm>

namespace assay {

Result<std::shared_ptr<QueryIndex>> QueryIndex::load(Database &db)
{
    using R = Result<std::shared_ptr<QueryIndex>>;
    auto index = std::make_shared<QueryIndex>();
    QHash<qint64, int> templateRow, groupRow;
    // Text templates of accepted SQL templates only: queries of other templates are hidden.
    GenerationReadStore store(db);
    auto texts = store.acceptedTexts();
    if (!texts)
        return R::failure(texts);
    for (const GenerationReadStore::AcceptedText &t : texts.value()) {
        const auto placeholders = SqlTemplate(t.sql).placeholders();
        templateRow.insert(t.id, int(index->m_templates.size()));
        index->m_templates.append({t.id, t.sqlTemplateId, t.form, t.tables, std::make_shared<TextPattern>(t.text, placeholders),
                                   std::make_shared<TextPattern>(t.text.toLower(), placeholders)});
    }
    Status read = store.forEachGroup([&](const GenerationReadStore::Group &g) {
        const QStringList values = SemanticGroup{SemanticGroup::valuesFromJson(g.valuesJson), {}, 0, {}}.valueTexts();
        QStringList lowered;
        for (const QString &v : values)
            lowered << v.toLower();
        groupRow.insert(g.id, int(index->m_groups.size()));
        index->m_groups.append({g.id, g.sqlTemplateId, g.answer, values, lowered});
    });
    if (!read)
        return R::failure(read);
    auto count = store.queryCount();
    if (!count)
        return R::failure(count);
    index->m_queries.reserve(int(count.value()));
    read = store.forEachQuery([&](const GenerationReadStore::Query &q) {
        const auto t = templateRow.constFind(q.textTemplateId);
        if (t != templateRow.constEnd())
            index->m_queries.append({q.id, qint32(groupRow.value(q.groupId)), qint32(*t), q.rejected});
    });
    if (!read)
        return R::failure(read);
    return index;
}

Result<std::shared_ptr<QueryIndex>> QueryIndex::load(const QString &projectPath)
{
    auto db = Database::open(projectPath, Database::Mode::ReadOnly);
    if (!db)
        return Result<std::shared_ptr<QueryIndex>>::failure(db.error());
    return load(db.value());
}

QString QueryIndex::text(int row) const
{
    const Query &q = m_queries[row];
    return m_templates[q.textTemplate].pattern->fill(m_groups[q.group].values);
}

QString QueryIndex::form(int row) const { return m_templates[m_queries[row].textTemplate].form; }
QString QueryIndex::answer(int row) const { return m_groups[m_queries[row].group].answer; }
qint64 QueryIndex::groupId(int row) const { return m_groups[m_queries[row].group].id; }
qint64 QueryIndex::sqlTemplateId(int row) const { return m_templates[m_queries[row].textTemplate].sqlTemplateId; }
CurationState QueryIndex::state(int row) const { return m_queries[row].rejected ? CurationState::Rejected : CurationState::Accepted; }
QStringList QueryIndex::groupValues(int row) const { return m_groups[m_queries[row].group].values; }
void QueryIndex::setState(int row, CurationState state) { m_queries[row].rejected = state == CurationState::Rejected; }

QVector<int> QueryIndex::select(const Criteria &c) const
{
    const QString needle = c.text.toLower();
    QVector<int> rows;
    rows.reserve(m_queries.size());
    const bool wantRejected = c.state == CurationState::Rejected;
    for (int i = 0; i < m_queries.size(); ++i) {
        const Query &q = m_queries[i];
        const Template &t = m_templates[q.textTemplate];
        if (c.state && q.rejected != wantRejected)
            continue;
        if (!c.form.isEmpty() && t.form != c.form)
            continue;
        if (!c.table.isEmpty() && !t.tables.contains(QLatin1Char('\'') + c.table + QLatin1Char('\'')))
            continue;
        if (!needle.isEmpty() && !t.lowered->fill(m_groups[q.group].loweredValues).contains(needle))
            continue;
        rows.append(i);
    }
    const bool descending = c.order == Qt::DescendingOrder;
    auto sortBy = [&](auto key) {
        std::stable_sort(rows.begin(), rows.end(), [&](int a, int b) { return descending ? key(b) < key(a) : key(a) < key(b); });
    };
    switch (c.sortColumn) {
    case TextColumn: {
        // Keys are built once; comparing would otherwise render each text many times.
        QVector<QString> keys(m_queries.size());
        for (int r : std::as_const(rows))
            keys[r] = text(r);
        sortBy([&](int r) -> const QString & { return keys[r]; });
        break;
    }
    case FormColumn: sortBy([&](int r) -> const QString & { return m_templates[m_queries[r].textTemplate].form; }); break;
    case AnswerColumn: sortBy([&](int r) -> const QString & { return m_groups[m_queries[r].group].answer; }); break;
    case GroupColumn: sortBy([&](int r) { return m_groups[m_queries[r].group].id; }); break;
    case SqlTemplateColumn: sortBy([&](int r) { return m_templates[m_queries[r].textTemplate].sqlTemplateId; }); break;
    case StateColumn: sortBy([&](int r) { return m_queries[r].rejected; }); break;
    default:
        if (descending)
            std::reverse(rows.begin(), rows.end());
        break;
    }
    return rows;
}

} // namespace assay
