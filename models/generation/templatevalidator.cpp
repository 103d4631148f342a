#include "generation/templatevalidator.h"

#include "generation/sqltemplate.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgeconnection.h"

#include <QRegularExpression>

namespace assay {

Status TemplateValidator::validate(const QString &sql, const KnowledgeBase &knowledge, const KnowledgeConnection &connection)
{
    const QString trimmed = sql.trimmed();
    if (trimmed.isEmpty())
        return Status::failure(QStringLiteral("empty template"));
    static const QRegularExpression select(QStringLiteral("^(SELECT|WITH)\\b"), QRegularExpression::CaseInsensitiveOption);
    if (!select.match(trimmed).hasMatch())
        return Status::failure(QStringLiteral("not a SELECT statement"));
    const SqlTemplate t(trimmed);
    if (t.placeholders().isEmpty())
        return Status::failure(QStringLiteral("no placeholder: the WHERE clause needs at least one '[Table.Column]'"));
    for (const Placeholder &p : t.placeholders()) {
        const KnowledgeTable *table = knowledge.tableNamed(p.table);
        if (!table)
            return Status::failure(QStringLiteral("placeholder %1: no table %2").arg(p.token(), p.table));
        if (!table->columnNamed(p.column))
            return Status::failure(QStringLiteral("placeholder %1: table %2 has no column %3").arg(p.token(), table->name, p.column));
    }
    // The source checks the statement: read-only, one statement, and what it projects.
    QVector<int> marks;
    const QString positional = t.positional(&marks);
    auto columns = connection.source().check(positional, int(marks.size()));
    if (!columns)
        return Status::failure(columns.error());
    if (columns.value().isEmpty())
        return Status::failure(QStringLiteral("projects no column"));
    return {};
}

} // namespace assay
