#include "generation/generationstore.h"

#include "project/database.h"
#include "project/transaction.h"
#include "schema/knowledgevalue.h"

#include <QHash>

#include <nlohmann/json.hpp>

#include <sqlite3.h>

#include <algorithm>

namespace assay {

namespace {
QStringList decodeStrings(const QString &text)
{
    QStringList out;
    const auto j = nlohmann::json::parse(text.toStdString(), nullptr, false);
    if (j.is_array())
        for (const auto &v : j)
            out << QString::fromStdString(v.is_string() ? v.get<std::string>() : v.dump());
    return out;
}

SqlTemplateRecord readSqlTemplate(const Statement &s)
{
    return {s.integer(0), s.text(1), s.text(2), s.text(3), s.text(4), s.text(5),
            s.isNull(6) ? -1 : s.integer(6), s.isNull(7) ? -1.0 : s.real(7)};
}
const char *sqlTemplateColumns = "id, sql, source, state, reason, tables, fill_ins, singular_rate";
} // namespace

GenerationStore::GenerationStore(Database &db) : m_db(db) {}

Result<qint64> GenerationStore::addSqlTemplate(const SqlTemplateRecord &r)
{
    auto s = m_db.prepare(QStringLiteral("INSERT INTO sql_template(sql, source, state, reason, tables) VALUES (?, ?, ?, ?, ?) "
                                         "ON CONFLICT(sql) DO NOTHING"));
    s.value().bindAll({r.sql, r.source, r.state.isEmpty() ? QStringLiteral("accepted") : r.state, r.reason, r.tables});
    if (auto e = s.value().run(); !e)
        return Result<qint64>::failure(e.error());
    auto id = m_db.prepare(QStringLiteral("SELECT id FROM sql_template WHERE sql = ?"));
    id.value().bind(1, r.sql);
    if (id.value().step() != Statement::Step::Row)
        return Result<qint64>::failure(QStringLiteral("cannot store the SQL template"));
    return id.value().integer(0);
}

Status GenerationStore::updateSqlTemplate(const SqlTemplateRecord &r)
{
    auto s = m_db.prepare(QStringLiteral("UPDATE sql_template SET sql = ?, state = ?, reason = ?, tables = ?, fill_ins = ?, "
                                         "singular_rate = ? WHERE id = ?"));
    s.value().bindAll({r.sql, r.state, r.reason, r.tables, r.fillIns < 0 ? QVariant() : QVariant(r.fillIns),
                       r.singularRate < 0 ? QVariant() : QVariant(r.singularRate), r.id});
    return s.value().run();
}

QVector<SqlTemplateRecord> GenerationStore::sqlTemplates() const
{
    QVector<SqlTemplateRecord> out;
    auto s = m_db.prepare(QStringLiteral("SELECT %1 FROM sql_template ORDER BY id").arg(QLatin1String(sqlTemplateColumns)));
    while (s && s.value().step() == Statement::Step::Row)
        out << readSqlTemplate(s.value());
    return out;
}

Result<SqlTemplateRecord> GenerationStore::sqlTemplate(qint64 id) const
{
    auto s = m_db.prepare(QStringLiteral("SELECT %1 FROM sql_template WHERE id = ?").arg(QLatin1String(sqlTemplateColumns)));
    s.value().bind(1, id);
    if (s.value().step() != Statement::Step::Row)
        return Result<SqlTemplateRecord>::failure(QStringLiteral("no SQL template %1").arg(id));
    return readSqlTemplate(s.value());
}

QStringList GenerationStore::forms() const
{
    QStringList out;
    auto s = m_db.prepare(QStringLiteral("SELECT name FROM text_form ORDER BY name = 'long', name = 'short' DESC, name"));
    while (s && s.value().step() == Statement::Step::Row)
        out << s.value().text(0);
    return out;
}

Status GenerationStore::addForm(const QString &name, const QString &criteria)
{
    auto s = m_db.prepare(QStringLiteral("INSERT INTO text_form(name, criteria) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET "
                                         "criteria = CASE WHEN excluded.criteria = '' THEN criteria ELSE excluded.criteria END"));
    s.value().bind(1, name).bind(2, criteria);
    return s.value().run();
}

Result<qint64> GenerationStore::addTextTemplate(const TextTemplateRecord &r)
{
    if (auto f = addForm(r.form, {}); !f)
        return Result<qint64>::failure(f.error());
    auto s = m_db.prepare(QStringLiteral("INSERT INTO text_template(sql_template_id, form, text, source, state, reason) "
                                         "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(sql_template_id, form, text) DO NOTHING"));
    s.value().bindAll({r.sqlTemplateId, r.form, r.text, r.source, r.state.isEmpty() ? QStringLiteral("accepted") : r.state, r.reason});
    if (auto e = s.value().run(); !e)
        return Result<qint64>::failure(e.error());
    auto id = m_db.prepare(QStringLiteral("SELECT id FROM text_template WHERE sql_template_id = ? AND form = ? AND text = ?"));
    id.value().bindAll({r.sqlTemplateId, r.form, r.text});
    if (id.value().step() != Statement::Step::Row)
        return Result<qint64>::failure(QStringLiteral("cannot store the text template"));
    return id.value().integer(0);
}

QVector<TextTemplateRecord> GenerationStore::textTemplates(qint64 sqlTemplateId) const
{
    QVector<TextTemplateRecord> out;
    auto s = m_db.prepare(QStringLiteral("SELECT id, sql_template_id, form, text, source, state, reason FROM text_template %1 "
                                         "ORDER BY sql_template_id, form, id")
                              .arg(sqlTemplateId ? QStringLiteral("WHERE sql_template_id = ?") : QString()));
    if (sqlTemplateId)
        s.value().bind(1, sqlTemplateId);
    while (s && s.value().step() == Statement::Step::Row) {
        const Statement &r = s.value();
        out << TextTemplateRecord{r.integer(0), r.integer(1), r.text(2), r.text(3), r.text(4), r.text(5), r.text(6)};
    }
    return out;
}

Status GenerationStore::replaceGroups(qint64 sqlTemplateId, const QVector<SemanticGroup> &groups)
{
    Transaction tx(m_db);
    auto del = m_db.prepare(QStringLiteral("DELETE FROM query_group WHERE sql_template_id = ?"));
    del.value().bind(1, sqlTemplateId);
    if (auto e = del.value().run(); !e)
        return e;
    auto ins = m_db.prepare(QStringLiteral("INSERT INTO query_group(sql_template_id, vals, answer, row_count, doc_ids) VALUES (?, ?, ?, ?, ?)"));
    for (const SemanticGroup &g : groups) {
        nlohmann::json docs = nlohmann::json::array();
        for (const QString &d : g.documentIds)
            docs.push_back(d.toStdString());
        ins.value().reset();
        ins.value().bindAll({sqlTemplateId, g.valuesJson(), g.answer, g.rowCount, QString::fromStdString(docs.dump())});
        if (auto e = ins.value().run(); !e)
            return e;
    }
    return tx.commit();
}

QVector<SemanticGroup> GenerationStore::groups(qint64 sqlTemplateId) const
{
    QVector<SemanticGroup> out;
    auto s = m_db.prepare(QStringLiteral("SELECT vals, answer, row_count, doc_ids FROM query_group WHERE sql_template_id = ? ORDER BY id"));
    s.value().bind(1, sqlTemplateId);
    while (s.value().step() == Statement::Step::Row)
        out << SemanticGroup{SemanticGroup::valuesFromJson(s.value().text(0)), s.value().text(1), int(s.value().integer(2)), decodeStrings(s.value().text(3))};
    return out;
}

Result<SemanticGroup> GenerationStore::firstGroup(qint64 sqlTemplateId) const
{
    auto s = m_db.prepare(QStringLiteral("SELECT vals, answer, row_count, doc_ids FROM query_group WHERE sql_template_id = ? ORDER BY id LIMIT 1"));
    s.value().bind(1, sqlTemplateId);
    if (s.value().step() != Statement::Step::Row)
        return Result<SemanticGroup>::failure(QStringLiteral("no fill-in returns an answer"));
    return SemanticGroup{SemanticGroup::valuesFromJson(s.value().text(0)), s.value().text(1), int(s.value().integer(2)), decodeStrings(s.value().text(3))};
}

Result<qint64> GenerationStore::rebuildQueries(bool balanced)
{
    using R = Result<qint64>;
    // Accepted text templates per accepted SQL template and form, in id order.
    QHash<qint64, QMap<QString, QVector<qint64>>> texts;
    for (const TextTemplateRecord &t : textTemplates())
        if (t.state == QLatin1String("accepted"))
            texts[t.sqlTemplateId][t.form] << t.id;
    QVector<SqlTemplateRecord> used;
    for (const SqlTemplateRecord &r : sqlTemplates())
        if (r.state == QLatin1String("accepted") && r.fillIns > 0)
            used << r;
    QMap<QString, int> quota; // balanced: text templates per SQL template and form
    if (balanced) {
        for (const QString &form : forms()) {
            int k = -1;
            for (const SqlTemplateRecord &r : used) {
                const int n = int(texts.value(r.id).value(form).size());
                k = k < 0 ? n : std::min(k, n);
            }
            quota.insert(form, std::max(k, 0));
        }
    }
    Transaction tx(m_db);
    if (auto e = m_db.exec(QStringLiteral("DELETE FROM query")); !e)
        return R::failure(e.error());
    // One INSERT ... SELECT per text template: SQLite pairs it with every group of its SQL template.
    auto insert = m_db.prepare(QStringLiteral("INSERT INTO query(group_id, text_template_id) "
                                              "SELECT id, ?1 FROM query_group WHERE sql_template_id = ?2 ORDER BY id"));
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
    mode.value().bind(1, balanced ? QStringLiteral("1") : QStringLiteral("0"));
    if (auto e = mode.value().run(); !e)
        return R::failure(e.error());
    if (auto e = tx.commit(); !e)
        return R::failure(e.error());
    return written;
}

bool GenerationStore::lastRebuildBalanced() const
{
    auto v = m_db.scalar(QStringLiteral("SELECT value FROM project_meta WHERE key = 'queries_balanced'"));
    return !v || v.value().toString() != QLatin1String("0");
}

GenerationStore::Stats GenerationStore::stats() const
{
    Stats st;
    auto scalar = [this](const QString &sql) {
        auto v = m_db.scalar(sql);
        return v ? v.value().toLongLong() : 0;
    };
    st.sqlTemplates = scalar(QStringLiteral("SELECT count(*) FROM sql_template WHERE state = 'accepted'"));
    st.sqlQueries = scalar(QStringLiteral("SELECT count(*) FROM query_group g JOIN sql_template t ON t.id = g.sql_template_id "
                                          "WHERE t.state = 'accepted'"));
    for (const QString &form : forms()) {
        st.textTemplates.insert(form, 0);
        st.textQueries.insert(form, 0);
    }
    auto tt = m_db.prepare(QStringLiteral("SELECT tt.form, count(*) FROM text_template tt JOIN sql_template t ON t.id = tt.sql_template_id "
                                          "WHERE tt.state = 'accepted' AND t.state = 'accepted' GROUP BY tt.form"));
    while (tt && tt.value().step() == Statement::Step::Row)
        st.textTemplates[tt.value().text(0)] = tt.value().integer(1);
    auto tq = m_db.prepare(QStringLiteral("SELECT tt.form, count(*) FROM query q JOIN text_template tt ON tt.id = q.text_template_id "
                                          "JOIN sql_template t ON t.id = tt.sql_template_id WHERE q.state = 'accepted' "
                                          "AND tt.state = 'accepted' AND t.state = 'accepted' GROUP BY tt.form"));
    while (tq && tq.value().step() == Statement::Step::Row)
        st.textQueries[tq.value().text(0)] = tq.value().integer(1);
    return st;
}

} // namespace assay
