#include "generation/templatevalidator.h"

#include "generation/sqltemplate.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgeconnection.h"
#include "schema/serverconnection.h"

#include <QRegularExpression>

#include <sqlite3.h>

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
    if (const ServerConnection *server = connection.server()) {
        // MySQL/MariaDB write files and variables from a SELECT, read-only transaction or not.
        static const QRegularExpression into(QStringLiteral("\\bINTO\\s+(OUTFILE|DUMPFILE|@)"), QRegularExpression::CaseInsensitiveOption);
        if (into.match(trimmed).hasMatch())
            return Status::failure(QStringLiteral("not read-only: SELECT … INTO writes a file or a variable on the server"));
        // Row locks: refused by the read-only transaction when the statement runs, said here
        // since MySQL's check (below) does not run it.
        static const QRegularExpression locks(QStringLiteral("\\bFOR\\s+(UPDATE|SHARE|NO\\s+KEY\\s+UPDATE|KEY\\s+SHARE)\\b|\\bLOCK\\s+IN\\s+SHARE\\s+MODE\\b"),
                                              QRegularExpression::CaseInsensitiveOption);
        if (locks.match(trimmed).hasMatch())
            return Status::failure(QStringLiteral("not read-only: the statement locks rows (FOR UPDATE / FOR SHARE), which a read-only transaction refuses"));
        // The server checks it (ServerConnection::probe: every placeholder NULL).
        QVector<int> marks;
        const QString positional = t.positional(&marks);
        auto columns = server->probe(positional, QVariantList(marks.size()));
        if (!columns)
            return Status::failure(columns.error());
        if (columns.value().isEmpty())
            return Status::failure(QStringLiteral("projects no column"));
        return {};
    }
    auto stmt = connection.database().prepare(t.parameterised());
    if (!stmt) {
        const QString e = stmt.error();
        if (e == QLatin1String("more than one statement"))
            return Status::failure(QStringLiteral("more than one statement"));
        if (e.contains(QLatin1String("not authorized")))
            return Status::failure(QStringLiteral("not read-only: %1").arg(e));
        return Status::failure(QStringLiteral("SQLite cannot prepare it: %1").arg(e));
    }
    if (stmt.value().columnCount() < 1)
        return Status::failure(QStringLiteral("projects no column"));
    return {};
}

} // namespace assay
