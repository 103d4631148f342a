#include "runs/tasklevels.h"

#include "generation/generationstore.h"

#include <QRegularExpression>

namespace assay {

QString TaskLevels::describe(const QString &level)
{
    if (level == QLatin1String("KS"))
        return QStringLiteral("Knowledge seeking (KS)");
    if (level == QLatin1String("KU"))
        return QStringLiteral("Knowledge understanding (KU)");
    if (level == QLatin1String("KA"))
        return QStringLiteral("Knowledge application (KA)");
    return level.isEmpty() ? QStringLiteral("no level") : level;
}

QString TaskLevels::ofSql(const QString &sql)
{
    // Joins (explicit, or several tables in FROM) and aggregates ask to combine facts.
    static const QRegularExpression combined(QStringLiteral(R"(\bJOIN\b|\bFROM\s+[\w"\[\]`]+(\s+(AS\s+)?\w+)?\s*,|\b(COUNT|SUM|AVG|MIN|MAX|GROUP_CONCAT|TOTAL)\s*\(|\bGROUP\s+BY\b)"),
                                             QRegularExpression::CaseInsensitiveOption);
    return combined.match(sql).hasMatch() ? QStringLiteral("KA") : QStringLiteral("KS");
}

Result<TaskLevels> TaskLevels::load(Database &db)
{
    using R = Result<TaskLevels>;
    GenerationStore store(db);
    TaskLevels out;
    auto forms = store.formLevels();
    if (!forms)
        return R::failure(forms.error());
    for (auto it = forms.value().begin(); it != forms.value().end(); ++it)
        if (!it.value().isEmpty())
            out.m_forms.insert(it.key(), it.value());
    auto templates = store.sqlTemplates();
    if (!templates)
        return R::failure(templates.error());
    for (const SqlTemplateRecord &t : templates.value())
        out.m_templates.insert(t.id, ofSql(t.sql));
    return out;
}

QString TaskLevels::resolve(const QString &itemLevel, const QString &form, qint64 sqlTemplateId) const
{
    if (!itemLevel.isEmpty())
        return itemLevel;
    if (const auto it = m_forms.constFind(form); it != m_forms.constEnd())
        return it.value();
    return m_templates.value(sqlTemplateId);
}

QStringList TaskLevels::ordered(QStringList levels)
{
    levels.removeDuplicates();
    std::sort(levels.begin(), levels.end(), [](const QString &a, const QString &b) {
        const qsizetype ia = standard().indexOf(a), ib = standard().indexOf(b);
        if ((ia >= 0) != (ib >= 0))
            return ia >= 0;
        if (ia >= 0)
            return ia < ib;
        return a < b;
    });
    return levels;
}

} // namespace assay
