#include "generation/generationcuration.h"

#include "generation/generationstore.h"
#include "generation/sqltemplate.h"
#include "generation/sqltemplateintake.h"
#include "generation/texttemplatecheck.h"
#include "project/project.h"
#include "project/transaction.h"

namespace assay {

namespace {
QString tableOf(GenerationCuration::Scope scope)
{
    switch (scope) {
    case GenerationCuration::Scope::SqlTemplates: return QStringLiteral("sql_template");
    case GenerationCuration::Scope::TextTemplates: return QStringLiteral("text_template");
    case GenerationCuration::Scope::Queries: return QStringLiteral("query");
    }
    return {};
}
} // namespace

GenerationCuration::GenerationCuration(Project &project, QObject *parent) : QObject(parent), m_project(project) {}

Status GenerationCuration::rederive()
{
    GenerationStore store(m_project.database());
    auto r = store.rebuildQueries(store.lastRebuildBalanced());
    return r ? Status() : Status::failure(r.error());
}

Result<QHash<qint64, QString>> GenerationCuration::setStates(Scope scope, const QVector<qint64> &ids, const QString &state)
{
    using R = Result<QHash<qint64, QString>>;
    const bool isQuery = scope == Scope::Queries;
    if (state != QLatin1String("accepted") && state != QLatin1String("rejected") && (isQuery || state != QLatin1String("review")))
        return R::failure(QStringLiteral("'%1' is not a curation state here").arg(state));
    Database &db = m_project.database();
    Transaction tx(db);
    auto read = db.prepare(QStringLiteral("SELECT state FROM %1 WHERE id = ?").arg(tableOf(scope)));
    auto write = db.prepare(QStringLiteral("UPDATE %1 SET state = ? WHERE id = ?").arg(tableOf(scope)));
    if (!read || !write)
        return !read ? R::failure(read) : R::failure(write);
    QHash<qint64, QString> before;
    for (qint64 id : ids) {
        read.value().reset();
        read.value().bind(1, id);
        auto row = read.value().next();
        if (!row)
            return R::failure(row);
        if (!row.value())
            return R::failure(QStringLiteral("no item %1 in %2").arg(id).arg(tableOf(scope)));
        before.insert(id, read.value().text(0));
        write.value().reset();
        write.value().bind(1, state).bind(2, id);
        if (auto s = write.value().run(); !s)
            return R::failure(s.error());
    }
    if (!isQuery)
        if (auto s = rederive(); !s)
            return R::failure(s.error());
    if (auto s = tx.commit(); !s)
        return R::failure(s.error());
    emit changed(scope);
    return before;
}

Status GenerationCuration::restoreStates(Scope scope, const QHash<qint64, QString> &states)
{
    Database &db = m_project.database();
    Transaction tx(db);
    auto write = db.prepare(QStringLiteral("UPDATE %1 SET state = ? WHERE id = ?").arg(tableOf(scope)));
    if (!write)
        return Status::failure(write);
    for (auto it = states.begin(); it != states.end(); ++it) {
        write.value().reset();
        write.value().bind(1, it.value()).bind(2, it.key());
        if (auto s = write.value().run(); !s)
            return s;
    }
    if (scope != Scope::Queries)
        if (auto s = rederive(); !s)
            return s;
    if (auto s = tx.commit(); !s)
        return s;
    emit changed(scope);
    return {};
}

QString GenerationCuration::sqlOf(qint64 id) const
{
    auto r = GenerationStore(m_project.database()).sqlTemplate(id);
    return r ? r.value().sql : QString();
}

QString GenerationCuration::textOf(qint64 id) const
{
    // Empty when it cannot be read: the edit that needs it then refuses (no template).
    auto s = m_project.database().prepare(QStringLiteral("SELECT text FROM text_template WHERE id = ?"));
    if (!s)
        return {};
    s.value().bind(1, id);
    auto row = s.value().next();
    return row && row.value() ? s.value().text(0) : QString();
}

Status GenerationCuration::editSqlTemplate(qint64 id, const QString &sql)
{
    const QString old = sqlOf(id);
    if (old.isEmpty())
        return Status::failure(QStringLiteral("no SQL template %1").arg(id));
    const QString trimmed = sql.trimmed();
    const auto before = SqlTemplate(old).placeholders(), after = SqlTemplate(trimmed).placeholders();
    if (before.size() != after.size() || !std::all_of(after.begin(), after.end(), [&](const Placeholder &p) { return before.contains(p); }))
        return Status::failure(QStringLiteral("the edit changes the placeholders, so the text templates would no longer fit; "
                                              "add it as a new template instead"));
    Database &db = m_project.database();
    Transaction tx(db);
    auto update = db.prepare(QStringLiteral("UPDATE sql_template SET sql = ?, tables = ? WHERE id = ?"));
    if (!update)
        return Status::failure(update);
    update.value().bind(1, trimmed).bind(2, SqlTemplate(trimmed).tablesKey()).bind(3, id);
    if (auto s = update.value().run(); !s)
        return Status::failure(s.error().contains(QLatin1String("UNIQUE")) ? QStringLiteral("another template already has this SQL") : s.error());
    if (auto state = SqlTemplateIntake(m_project).remeasure(id); !state)
        return Status::failure(state.error());
    if (auto s = rederive(); !s)
        return s;
    if (auto s = tx.commit(); !s)
        return s;
    emit changed(Scope::SqlTemplates);
    return {};
}

Status GenerationCuration::editTextTemplate(qint64 id, const QString &text)
{
    auto s = m_project.database().prepare(QStringLiteral("SELECT t.sql FROM text_template tt JOIN sql_template t ON t.id = tt.sql_template_id WHERE tt.id = ?"));
    if (!s)
        return Status::failure(s);
    s.value().bind(1, id);
    auto row = s.value().next();
    if (!row)
        return Status::failure(row);
    if (!row.value())
        return Status::failure(QStringLiteral("no text template %1").arg(id));
    if (auto check = TextTemplateCheck::check(text, SqlTemplate(s.value().text(0))); !check)
        return check;
    auto update = m_project.database().prepare(QStringLiteral("UPDATE text_template SET text = ? WHERE id = ?"));
    if (!update)
        return Status::failure(update);
    update.value().bind(1, text.trimmed()).bind(2, id);
    if (auto e = update.value().run(); !e)
        return Status::failure(e.error().contains(QLatin1String("UNIQUE")) ? QStringLiteral("the template already has this text") : e.error());
    emit changed(Scope::TextTemplates); // its queries' texts are derived, so they follow at once
    return {};
}

} // namespace assay
