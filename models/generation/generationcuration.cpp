#include "generation/generationcuration.h"

#include "generation/generationstore.h"
#include "generation/sqltemplate.h"
#include "generation/sqltemplateintake.h"
#include "generation/texttemplatecheck.h"
#include "project/project.h"
#include "project/transaction.h"

namespace assay {

namespace {
GenerationStore::Item itemOf(GenerationCuration::Scope scope)
{
    switch (scope) {
    case GenerationCuration::Scope::SqlTemplates: return GenerationStore::Item::SqlTemplate;
    case GenerationCuration::Scope::TextTemplates: return GenerationStore::Item::TextTemplate;
    case GenerationCuration::Scope::Queries: return GenerationStore::Item::Query;
    }
    return GenerationStore::Item::Query;
}
} // namespace

GenerationCuration::GenerationCuration(Project &project, QObject *parent) : QObject(parent), m_project(project) {}

Status GenerationCuration::rederive()
{
    GenerationStore store(m_project.database());
    auto balanced = store.lastRebuildBalanced();
    if (!balanced)
        return Status::failure(balanced);
    auto r = store.rebuildQueries(balanced.value());
    return r ? Status() : Status::failure(r);
}

Result<QHash<qint64, CurationState>> GenerationCuration::setStates(Scope scope, const QVector<qint64> &ids, CurationState state)
{
    using R = Result<QHash<qint64, CurationState>>;
    Database &db = m_project.database();
    GenerationStore store(db);
    Transaction tx(db);
    if (!tx.began())
        return R::failure(tx.beginStatus());
    QHash<qint64, CurationState> before;
    for (qint64 id : ids) {
        auto old = store.curationState(itemOf(scope), id);
        if (!old)
            return R::failure(old);
        before.insert(id, old.value());
        if (auto s = store.setCurationState(itemOf(scope), id, state); !s)
            return R::failure(s);
    }
    if (scope != Scope::Queries)
        if (auto s = rederive(); !s)
            return R::failure(s);
    if (auto s = tx.commit(); !s)
        return R::failure(s);
    emit changed(scope);
    return before;
}

Status GenerationCuration::restoreStates(Scope scope, const QHash<qint64, CurationState> &states)
{
    Database &db = m_project.database();
    GenerationStore store(db);
    Transaction tx(db);
    if (!tx.began())
        return tx.beginStatus();
    for (auto it = states.begin(); it != states.end(); ++it)
        if (auto s = store.setCurationState(itemOf(scope), it.key(), it.value()); !s)
            return s;
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
    auto r = GenerationStore(m_project.database()).textTemplate(id);
    return r ? r.value().text : QString();
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
    if (!tx.began())
        return tx.beginStatus();
    if (auto s = GenerationStore(db).setSqlTemplateText(id, trimmed, SqlTemplate(trimmed).tablesKey()); !s)
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
    GenerationStore store(m_project.database());
    auto current = store.textTemplate(id);
    if (!current)
        return Status::failure(current);
    auto sql = store.sqlTemplate(current.value().sqlTemplateId);
    if (!sql)
        return Status::failure(sql);
    if (auto check = TextTemplateCheck::check(text, SqlTemplate(sql.value().sql)); !check)
        return check;
    if (auto e = store.setTextTemplateText(id, text.trimmed()); !e)
        return Status::failure(e.error().contains(QLatin1String("UNIQUE")) ? QStringLiteral("the template already has this text") : e.error());
    emit changed(Scope::TextTemplates); // its queries' texts are derived, so they follow at once
    return {};
}

Status GenerationCuration::setFormLevel(const QString &form, const QString &level)
{
    if (auto s = GenerationStore(m_project.database()).setFormLevel(form, level); !s)
        return s;
    emit formLevelChanged(form);
    return {};
}

Result<QMap<QString, QString>> GenerationCuration::formLevels() const { return GenerationStore(m_project.database()).formLevels(); }


std::unique_ptr<GenerationCuration> GenerationCuration::createFor(Project &project)
{
    return std::make_unique<GenerationCuration>(project);
}

} // namespace assay
