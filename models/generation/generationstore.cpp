#include "generation/generationstore.h"

#include "io/jsontext.h"

#include "project/database.h"
#include "project/transaction.h"
#include "schema/knowledgevalue.h"
#include "project/project.h"

#include <QHash>

#include <nlohmann/json.hpp>

#include <sqlite3.h>

#include <algorithm>

namespace assay {

namespace {

// The schema's CHECK admits only the state names, so a stored state always parses.
CurationState stateAt(const Statement &s, int column) { return parseCurationState(s.text(column)).value_or(CurationState::Review); }

SqlTemplateRecord readSqlTemplate(const Statement &s)
{
    return {s.integer(0), s.text(1), s.text(2), stateAt(s, 3), s.text(4), s.text(5),
            s.isNull(6) ? -1 : s.integer(6), s.isNull(7) ? -1.0 : s.real(7)};
}
const char *sqlTemplateColumns = "id, sql, source, state, reason, tables, fill_ins, singular_rate";
} // namespace

GenerationStore::GenerationStore(Database &db) : m_db(db) {}

std::unique_ptr<GenerationStore> GenerationStore::createFor(Project &project)
{
    return std::make_unique<GenerationStore>(project.database());
}

Result<qint64> GenerationStore::addSqlTemplate(const SqlTemplateRecord &r)
{
    auto s = m_db.prepare(QStringLiteral("INSERT INTO sql_template(sql, source, state, reason, tables) VALUES (?, ?, ?, ?, ?) "
                                         "ON CONFLICT(sql) DO NOTHING"));
    if (!s)
        return Result<qint64>::failure(s);
    s.value().bindAll({r.sql, r.source, curationStateName(r.state), r.reason, r.tables});
    if (auto e = s.value().run(); !e)
        return Result<qint64>::failure(e.error());
    auto id = m_db.prepare(QStringLiteral("SELECT id FROM sql_template WHERE sql = ?"));
    if (!id)
        return Result<qint64>::failure(id);
    id.value().bind(1, r.sql);
    auto row = id.value().next();
    if (!row)
        return Result<qint64>::failure(row);
    if (!row.value())
        return Result<qint64>::failure(QStringLiteral("cannot store the SQL template"));
    return id.value().integer(0);
}

Status GenerationStore::updateSqlTemplate(const SqlTemplateRecord &r)
{
    auto s = m_db.prepare(QStringLiteral("UPDATE sql_template SET sql = ?, state = ?, reason = ?, tables = ?, fill_ins = ?, "
                                         "singular_rate = ? WHERE id = ?"));
    if (!s)
        return Status::failure(s);
    s.value().bindAll({r.sql, curationStateName(r.state), r.reason, r.tables, r.fillIns < 0 ? QVariant() : QVariant(r.fillIns),
                       r.singularRate < 0 ? QVariant() : QVariant(r.singularRate), r.id});
    return s.value().run();
}

Result<QVector<SqlTemplateRecord>> GenerationStore::sqlTemplates() const
{
    using R = Result<QVector<SqlTemplateRecord>>;
    QVector<SqlTemplateRecord> out;
    auto s = m_db.prepare(QStringLiteral("SELECT %1 FROM sql_template ORDER BY id").arg(QLatin1String(sqlTemplateColumns)));
    if (!s)
        return R::failure(s);
    if (auto read = s.value().forEach([&](const Statement &r) { out << readSqlTemplate(r); }); !read)
        return R::failure(read);
    return out;
}

Result<SqlTemplateRecord> GenerationStore::sqlTemplate(qint64 id) const
{
    SqlTemplateRecord record;
    auto found = m_db.first(QStringLiteral("SELECT %1 FROM sql_template WHERE id = ?").arg(QLatin1String(sqlTemplateColumns)), {id},
                            [&](const Statement &r) { record = readSqlTemplate(r); });
    if (!found)
        return Result<SqlTemplateRecord>::failure(found);
    if (!found.value())
        return Result<SqlTemplateRecord>::failure(QStringLiteral("no SQL template %1").arg(id), ErrorCode::NotFound);
    return record;
}

Result<QStringList> GenerationStore::forms() const
{
    QStringList out;
    auto s = m_db.prepare(QStringLiteral("SELECT name FROM text_form ORDER BY name = 'long', name = 'short' DESC, name"));
    if (!s)
        return Result<QStringList>::failure(s);
    if (auto read = s.value().forEach([&](const Statement &r) { out << r.text(0); }); !read)
        return Result<QStringList>::failure(read);
    return out;
}

Status GenerationStore::addForm(const QString &name, const QString &criteria)
{
    auto s = m_db.prepare(QStringLiteral("INSERT INTO text_form(name, criteria) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET "
                                         "criteria = CASE WHEN excluded.criteria = '' THEN criteria ELSE excluded.criteria END"));
    if (!s)
        return Status::failure(s);
    s.value().bind(1, name).bind(2, criteria);
    return s.value().run();
}

Result<qint64> GenerationStore::addTextTemplate(const TextTemplateRecord &r)
{
    if (auto f = addForm(r.form, {}); !f)
        return Result<qint64>::failure(f.error());
    auto s = m_db.prepare(QStringLiteral("INSERT INTO text_template(sql_template_id, form, text, source, state, reason) "
                                         "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(sql_template_id, form, text) DO NOTHING"));
    if (!s)
        return Result<qint64>::failure(s);
    s.value().bindAll({r.sqlTemplateId, r.form, r.text, r.source, curationStateName(r.state), r.reason});
    if (auto e = s.value().run(); !e)
        return Result<qint64>::failure(e.error());
    auto id = m_db.prepare(QStringLiteral("SELECT id FROM text_template WHERE sql_template_id = ? AND form = ? AND text = ?"));
    if (!id)
        return Result<qint64>::failure(id);
    id.value().bindAll({r.sqlTemplateId, r.form, r.text});
    auto row = id.value().next();
    if (!row)
        return Result<qint64>::failure(row);
    if (!row.value())
        return Result<qint64>::failure(QStringLiteral("cannot store the text template"));
    return id.value().integer(0);
}

Result<QVector<TextTemplateRecord>> GenerationStore::textTemplates(qint64 sqlTemplateId) const
{
    using R = Result<QVector<TextTemplateRecord>>;
    QVector<TextTemplateRecord> out;
    auto s = m_db.prepare(QStringLiteral("SELECT id, sql_template_id, form, text, source, state, reason FROM text_template %1 "
                                         "ORDER BY sql_template_id, form, id")
                              .arg(sqlTemplateId ? QStringLiteral("WHERE sql_template_id = ?") : QString()));
    if (!s)
        return R::failure(s);
    if (sqlTemplateId)
        s.value().bind(1, sqlTemplateId);
    const Status read = s.value().forEach([&](const Statement &r) {
        out << TextTemplateRecord{r.integer(0), r.integer(1), r.text(2), r.text(3), r.text(4), stateAt(r, 5), r.text(6)};
    });
    if (!read)
        return R::failure(read);
    return out;
}

Result<QVector<SemanticGroup>> GenerationStore::groups(qint64 sqlTemplateId) const
{
    using R = Result<QVector<SemanticGroup>>;
    QVector<SemanticGroup> out;
    auto s = m_db.prepare(QStringLiteral("SELECT vals, answer, row_count, doc_ids FROM query_group WHERE sql_template_id = ? ORDER BY id"));
    if (!s)
        return R::failure(s);
    s.value().bind(1, sqlTemplateId);
    const Status read = s.value().forEach([&](const Statement &r) {
        out << SemanticGroup{SemanticGroup::valuesFromJson(r.text(0)), r.text(1), int(r.integer(2)), jsonTextList(r.text(3))};
    });
    if (!read)
        return R::failure(read);
    return out;
}

Result<SemanticGroup> GenerationStore::firstGroup(qint64 sqlTemplateId) const
{
    auto s = m_db.prepare(QStringLiteral("SELECT vals, answer, row_count, doc_ids FROM query_group WHERE sql_template_id = ? ORDER BY id LIMIT 1"));
    if (!s)
        return Result<SemanticGroup>::failure(s);
    s.value().bind(1, sqlTemplateId);
    auto row = s.value().next();
    if (!row)
        return Result<SemanticGroup>::failure(row);
    if (!row.value())
        return Result<SemanticGroup>::failure(QStringLiteral("no fill-in returns an answer"));
    return SemanticGroup{SemanticGroup::valuesFromJson(s.value().text(0)), s.value().text(1), int(s.value().integer(2)), jsonTextList(s.value().text(3))};
}

Result<qint64> GenerationStore::rebuildQueries(bool balanced, QStringList *notes)
{
    using R = Result<qint64>;
    // Accepted text templates per accepted SQL template and form, in id order.
    QHash<qint64, QMap<QString, QVector<qint64>>> texts;
    auto allTexts = textTemplates();
    auto allSql = sqlTemplates();
    auto allForms = forms();
    if (!allTexts || !allSql || !allForms)
        return !allTexts ? R::failure(allTexts) : !allSql ? R::failure(allSql) : R::failure(allForms);
    for (const TextTemplateRecord &t : allTexts.value())
        if (t.state == CurationState::Accepted)
            texts[t.sqlTemplateId][t.form] << t.id;
    QVector<SqlTemplateRecord> used;
    for (const SqlTemplateRecord &r : allSql.value())
        if (r.state == CurationState::Accepted && r.fillIns > 0)
            used << r;
    QMap<QString, int> quota; // balanced: text templates per SQL template and form
    if (balanced) {
        // k per form: the fewest text templates of that form any SQL template has, over the SQL
        // templates that have one. A template with none of a form gets no queries of it (there is
        // nothing to fill), and it is named, rather than setting k = 0 and dropping the form.
        for (const QString &form : allForms.value()) {
            int k = -1;
            QStringList lacking;
            for (const SqlTemplateRecord &r : used) {
                const int n = int(texts.value(r.id).value(form).size());
                if (n == 0) {
                    lacking << QStringLiteral("#%1").arg(r.id);
                    continue;
                }
                k = k < 0 ? n : std::min(k, n);
            }
            quota.insert(form, std::max(k, 0));
            if (notes && !lacking.isEmpty() && k > 0)
                *notes << QStringLiteral("form %1: SQL template(s) %2 have no accepted text template of this form, so their groups have no %1 "
                                         "queries; the other templates get %3 each")
                              .arg(form, lacking.size() > 10 ? lacking.mid(0, 10).join(QStringLiteral(", ")) + QStringLiteral(" and %1 more").arg(lacking.size() - 10)
                                                             : lacking.join(QStringLiteral(", ")))
                              .arg(k);
        }
    }
    Transaction tx(m_db);
    if (!tx.began())
        return R::failure(tx.beginStatus());
    if (auto e = m_db.exec(QStringLiteral("DELETE FROM query")); !e)
        return R::failure(e.error());
    // One INSERT ... SELECT per text template: SQLite pairs it with every group of its SQL template.
    auto insert = m_db.prepare(QStringLiteral("INSERT INTO query(group_id, text_template_id) "
                                              "SELECT id, ?1 FROM query_group WHERE sql_template_id = ?2 ORDER BY id"));
    if (!insert)
        return R::failure(insert);
    qint64 written = 0;
    for (const SqlTemplateRecord &r : used) {
        const auto byForm = texts.value(r.id);
        for (auto it = byForm.begin(); it != byForm.end(); ++it) {
            const int limit = balanced ? quota.value(it.key()) : int(it.value().size());
            for (int i = 0; i < limit && i < it.value().size(); ++i) {
                insert.value().reset();
                insert.value().bind(1, it.value()[i]).bind(2, r.id);
                if (auto e = insert.value().run(); !e)
                    return R::failure(e.error());
                written += sqlite3_changes(m_db.handle());
            }
        }
    }
    auto mode = m_db.prepare(QStringLiteral("INSERT INTO project_meta(key, value) VALUES ('queries_balanced', ?) "
                                            "ON CONFLICT(key) DO UPDATE SET value = excluded.value"));
    if (!mode)
        return R::failure(mode);
    mode.value().bind(1, balanced ? QStringLiteral("1") : QStringLiteral("0"));
    if (auto e = mode.value().run(); !e)
        return R::failure(e.error());
    if (auto e = tx.commit(); !e)
        return R::failure(e.error());
    return written;
}

Result<bool> GenerationStore::lastRebuildBalanced() const
{
    bool balanced = true; // no rebuild yet: balanced
    auto read = m_db.first(QStringLiteral("SELECT value FROM project_meta WHERE key = 'queries_balanced'"), {},
                           [&](const Statement &r) { balanced = r.text(0) != QLatin1String("0"); });
    if (!read)
        return Result<bool>::failure(read);
    return balanced;
}

namespace {
QString tableOf(GenerationStore::Item item)
{
    switch (item) {
    case GenerationStore::Item::SqlTemplate: return QStringLiteral("sql_template");
    case GenerationStore::Item::TextTemplate: return QStringLiteral("text_template");
    case GenerationStore::Item::Query: return QStringLiteral("query");
    }
    return {};
}
} // namespace

Result<CurationState> GenerationStore::curationState(Item item, qint64 id) const
{
    CurationState state = CurationState::Accepted;
    auto found = m_db.first(QStringLiteral("SELECT state FROM %1 WHERE id = ?").arg(tableOf(item)), {id},
                            [&](const Statement &r) { state = stateAt(r, 0); });
    if (!found)
        return Result<CurationState>::failure(found);
    if (!found.value())
        return Result<CurationState>::failure(QStringLiteral("no item %1 in %2").arg(id).arg(tableOf(item)), ErrorCode::NotFound);
    return state;
}

Status GenerationStore::setCurationState(Item item, qint64 id, CurationState state)
{
    if (item == Item::Query && state == CurationState::Review)
        return Status::failure(QStringLiteral("a text query is accepted or rejected, not 'review'"));
    if (auto s = m_db.run(QStringLiteral("UPDATE %1 SET state = ? WHERE id = ?").arg(tableOf(item)), {curationStateName(state), id}); !s)
        return s;
    if (m_db.changes() == 0)
        return Status::failure(QStringLiteral("no item %1 in %2").arg(id).arg(tableOf(item)), ErrorCode::NotFound);
    return {};
}

Result<TextTemplateRecord> GenerationStore::textTemplate(qint64 id) const
{
    TextTemplateRecord t;
    auto found = m_db.first(QStringLiteral("SELECT id, sql_template_id, form, text, source, state, reason FROM text_template WHERE id = ?"), {id},
                            [&](const Statement &r) { t = {r.integer(0), r.integer(1), r.text(2), r.text(3), r.text(4), stateAt(r, 5), r.text(6)}; });
    if (!found)
        return Result<TextTemplateRecord>::failure(found);
    if (!found.value())
        return Result<TextTemplateRecord>::failure(QStringLiteral("no text template %1").arg(id), ErrorCode::NotFound);
    return t;
}

Status GenerationStore::setSqlTemplateText(qint64 id, const QString &sql, const QString &tables)
{
    return m_db.run(QStringLiteral("UPDATE sql_template SET sql = ?, tables = ? WHERE id = ?"), {sql, tables, id});
}

Status GenerationStore::setTextTemplateText(qint64 id, const QString &text)
{
    return m_db.run(QStringLiteral("UPDATE text_template SET text = ? WHERE id = ?"), {text, id});
}

Result<GenerationStore::Counts> GenerationStore::counts() const
{
    Counts c;
    const auto countInto = [this](const QString &sql, QHash<qint64, int> &into) {
        return m_db.each(sql, {}, [&](const Statement &r) { into.insert(r.integer(0), int(r.integer(1))); });
    };
    for (const auto &[sql, into] : {std::pair<QString, QHash<qint64, int> *>{QStringLiteral("SELECT sql_template_id, count(*) FROM text_template "
                                                                                              "WHERE state = 'accepted' GROUP BY 1"), &c.acceptedTextsBySql},
                                    {QStringLiteral("SELECT sql_template_id, count(*) FROM query_group GROUP BY 1"), &c.groupsBySql},
                                    {QStringLiteral("SELECT text_template_id, count(*) FROM query GROUP BY 1"), &c.queriesByText}})
        if (auto read = countInto(sql, *into); !read)
            return Result<Counts>::failure(read);
    return c;
}

Result<QMap<QString, QString>> GenerationStore::formCriteria() const
{
    QMap<QString, QString> out;
    if (auto read = m_db.each(QStringLiteral("SELECT name, criteria FROM text_form"), {}, [&](const Statement &r) { out.insert(r.text(0), r.text(1)); }); !read)
        return Result<QMap<QString, QString>>::failure(read);
    return out;
}

Result<QMap<QString, QString>> GenerationStore::formLevels() const
{
    QMap<QString, QString> out;
    if (auto read = m_db.each(QStringLiteral("SELECT name, level FROM text_form"), {}, [&](const Statement &r) { out.insert(r.text(0), r.text(1)); }); !read)
        return Result<QMap<QString, QString>>::failure(read);
    return out;
}

Status GenerationStore::setFormLevel(const QString &form, const QString &level)
{
    auto s = m_db.prepare(QStringLiteral("UPDATE text_form SET level = ? WHERE name = ?"));
    if (!s)
        return Status::failure(s);
    s.value().bind(1, level.trimmed()).bind(2, form);
    if (auto done = s.value().run(); !done)
        return done;
    if (m_db.changes() == 0)
        return Status::failure(QStringLiteral("no query set named '%1'").arg(form), ErrorCode::NotFound);
    return {};
}

Result<QString> GenerationStore::groupValues(qint64 groupId) const
{
    QString values;
    auto found = m_db.first(QStringLiteral("SELECT vals FROM query_group WHERE id = ?"), {groupId}, [&](const Statement &r) { values = r.text(0); });
    if (!found)
        return Result<QString>::failure(found);
    if (!found.value())
        return Result<QString>::failure(QStringLiteral("no semantic group %1").arg(groupId), ErrorCode::NotFound);
    return values;
}

Result<QVector<GenerationStore::GroupFact>> GenerationStore::ungroundedGroups() const
{
    QVector<GroupFact> out;
    const Status read = m_db.each(QStringLiteral("SELECT g.id, g.vals, g.answer FROM query_group g JOIN group_truth t ON t.group_id = g.id "
                                                 "WHERE t.doc_ids = '[]' AND g.answer <> '' ORDER BY g.id"), {},
                                  [&](const Statement &r) { out << GroupFact{r.integer(0), r.text(1), r.text(2)}; });
    if (!read)
        return Result<QVector<GroupFact>>::failure(read);
    return out;
}

Result<QVector<GenerationStore::GroupFact>> GenerationStore::groupsOfDocument(const QString &docId) const
{
    QVector<GroupFact> out;
    const Status read = m_db.each(QStringLiteral("SELECT g.id, g.vals, coalesce(g.answer, '') FROM query_group g JOIN group_truth t ON t.group_id = g.id "
                                                 "WHERE t.doc_ids <> '[]' AND EXISTS (SELECT 1 FROM json_each(t.doc_ids) d WHERE d.value = ?) ORDER BY g.id"),
                                  {docId}, [&](const Statement &r) { out << GroupFact{r.integer(0), r.text(1), r.text(2)}; });
    if (!read)
        return Result<QVector<GroupFact>>::failure(read);
    return out;
}

Result<QStringList> GenerationStore::groupDocuments(qint64 groupId) const
{
    using R = Result<QStringList>;
    QStringList docs;
    bool exists = false;
    const Status read = m_db.each(QStringLiteral("SELECT d.value FROM group_truth t LEFT JOIN json_each(t.doc_ids) d WHERE t.group_id = ?"), {groupId},
                                  [&](const Statement &r) {
                                      exists = true;
                                      if (!r.isNull(0))
                                          docs << r.text(0);
                                  });
    if (!read)
        return R::failure(read);
    if (!exists)
        return R::failure(QStringLiteral("no semantic group %1").arg(groupId), ErrorCode::NotFound);
    return docs;
}

Status GenerationStore::setGroupDocuments(const QVector<QPair<qint64, QString>> &documentsJsonByGroup)
{
    Transaction tx(m_db);
    if (!tx.began())
        return tx.beginStatus();
    auto update = m_db.prepare(QStringLiteral("UPDATE query_group SET doc_ids = ? WHERE id = ?"));
    if (!update)
        return Status::failure(update);
    for (const auto &[id, json] : documentsJsonByGroup) {
        update.value().reset();
        update.value().bindAll({json, id});
        if (auto s = update.value().run(); !s)
            return s;
    }
    return tx.commit();
}

Result<GenerationStore::Stats> GenerationStore::stats() const
{
    using R = Result<Stats>;
    Stats st;
    auto templates = m_db.scalar(QStringLiteral("SELECT count(*) FROM sql_template WHERE state = 'accepted'"));
    auto groups = GenerationReadStore(m_db).groupCount();
    auto allForms = forms();
    if (!templates || !groups || !allForms)
        return !templates ? R::failure(templates) : !groups ? R::failure(groups) : R::failure(allForms);
    st.sqlTemplates = templates.value().toLongLong();
    st.groups = groups.value();
    st.sqlQueries = st.groups.groups + st.groups.withoutQueries;
    for (const QString &form : allForms.value()) {
        st.textTemplates.insert(form, 0);
        st.textQueries.insert(form, 0);
    }
    const auto countPerForm = [this](const QString &sql, QMap<QString, qint64> &into) {
        auto s = m_db.prepare(sql);
        if (!s)
            return Status::failure(s);
        return s.value().forEach([&](const Statement &r) { into[r.text(0)] = r.integer(1); });
    };
    if (auto read = countPerForm(QStringLiteral("SELECT tt.form, count(*) FROM text_template tt JOIN sql_template t ON t.id = tt.sql_template_id "
                                                "WHERE tt.state = 'accepted' AND t.state = 'accepted' GROUP BY tt.form"),
                                 st.textTemplates);
        !read)
        return R::failure(read);
    if (auto read = countPerForm(QStringLiteral("SELECT tt.form, count(*) FROM query q JOIN text_template tt ON tt.id = q.text_template_id "
                                                "JOIN sql_template t ON t.id = tt.sql_template_id WHERE q.state = 'accepted' "
                                                "AND tt.state = 'accepted' AND t.state = 'accepted' GROUP BY tt.form"),
                                 st.textQueries);
        !read)
        return R::failure(read);
    return st;
}

} // namespace assay
