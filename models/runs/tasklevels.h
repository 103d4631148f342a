#pragma once
// R-Eval's task levels — KS (knowledge seeking: recall a fact), KU (knowledge understanding),
// KA (knowledge application: multi-hop reasoning) — or the user's own names. An item's level
// is the one its imported file gave; else its query set's level, when the user set one; else,
// for a GRAMMAR item, its SQL template's: a single-table lookup is KS, a template that joins
// tables or aggregates is KA. Resolved when read, so a query set's new level applies to runs
// made before.
#include "core/result.h"

#include <QHash>
#include <QStringList>

namespace assay {

class Database;

class TaskLevels {
public:
    static QStringList standard() { return {QStringLiteral("KS"), QStringLiteral("KU"), QStringLiteral("KA")}; }
    // "Knowledge seeking (KS)"; the user's own level as it is.
    static QString describe(const QString &level);
    // A SQL template's default level.
    static QString ofSql(const QString &sql);
    // The query sets' levels and the templates' defaults of a project, read once.
    static Result<TaskLevels> load(Database &db);
    QString resolve(const QString &itemLevel, const QString &form, qint64 sqlTemplateId) const;
    // Levels in display order: the standard ones first, then the user's by name.
    static QStringList ordered(QStringList levels);

private:
    QHash<QString, QString> m_forms;
    QHash<qint64, QString> m_templates;
};

} // namespace assay
