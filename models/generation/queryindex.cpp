#include "generation/queryindex.h"

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
    auto tt = db.prepare(QStringLiteral("SELECT tt.id, tt.sql_template_id, tt.form, tt.text, t.sql, t.tables FROM text_template tt "
                                        "JOIN sql_template t ON t.id = tt.sql_template_id WHERE tt.state = 'accepted' AND t.state = 'accepted'"));
    if (!tt)
        return R::failure(tt.error());
    Status read = tt.value().forEach([&](const Statement &r) {
        const auto placeholders = SqlTemplate(r.text(4)).placeholders();
        templateRow.insert(r.integer(0), int(index->m_templates.size()));
        index->m_templates.append({r.integer(0), r.integer(1), r.text(2), r.text(5),
                                   std::make_shared<TextPattern>(r.text(3), placeholders),
                                   std::make_shared<TextPattern>(r.text(3).toLower(), placeholders)});
    });
    if (!read)
        return R::failure(read);
    auto g = db.prepare(QStringLiteral("SELECT id, sql_template_id, vals, answer FROM query_group"));
    if (!g)
        return R::failure(g);
    read = g.value().forEach([&](const Statement &r) {
        const QStringList values = SemanticGroup{SemanticGroup::valuesFromJson(r.text(2)), {}, 0, {}}.valueTexts();
        QStringList lowered;
        for (const QString &v : values)
            lowered << v.toLower();
        groupRow.insert(r.integer(0), int(index->m_groups.size()));
        index->m_groups.append({r.integer(0), r.integer(1), r.text(3), values, lowered});
    });
    if (!read)
        return R::failure(read);
    auto q = db.prepare(QStringLiteral("SELECT id, group_id, text_template_id, state = 'rejected' FROM query ORDER BY id"));
    auto count = db.scalar(QStringLiteral("SELECT count(*) FROM query"));
    if (!q || !count)
        return !q ? R::failure(q) : R::failure(count);
    index->m_queries.reserve(int(count.value().toLongLong()));
    read = q.value().forEach([&](const Statement &r) {
        const auto t = templateRow.constFind(r.integer(2));
        if (t != templateRow.constEnd())
            index->m_queries.append({r.integer(0), qint32(groupRow.value(r.integer(1))), qint32(*t), r.integer(3) != 0});
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
QString QueryIndex::state(int row) const { return m_queries[row].rejected ? QStringLiteral("rejected") : QStringLiteral("accepted"); }
QStringList QueryIndex::groupValues(int row) const { return m_groups[m_queries[row].group].values; }
void QueryIndex::setState(int row, const QString &state) { m_queries[row].rejected = state == QLatin1String("rejected"); }

QVector<int> QueryIndex::select(const Criteria &c) const
{
    const QString needle = c.text.toLower();
    QVector<int> rows;
    rows.reserve(m_queries.size());
    const bool wantRejected = c.state == QLatin1String("rejected");
    for (int i = 0; i < m_queries.size(); ++i) {
        const Query &q = m_queries[i];
        const Template &t = m_templates[q.textTemplate];
        if (!c.state.isEmpty() && q.rejected != wantRejected)
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
