#include "generation/sqltemplate.h"

#include <QRegularExpression>

namespace assay {

const QRegularExpression &SqlTemplate::placeholderPattern()
{
    static const QRegularExpression re(QStringLiteral("\\[([^\\[\\]\\.'\"]+)\\.([^\\[\\]\\.'\"]+)\\]"));
    return re;
}

SqlTemplate::SqlTemplate(QString sql) : m_sql(std::move(sql)), m_placeholders(placeholdersIn(m_sql)) {}

QVector<Placeholder> SqlTemplate::placeholdersIn(const QString &text)
{
    QVector<Placeholder> out;
    auto it = placeholderPattern().globalMatch(text);
    while (it.hasNext()) {
        const auto m = it.next();
        const Placeholder p{m.captured(1).trimmed(), m.captured(2).trimmed()};
        if (!out.contains(p))
            out.append(p);
    }
    return out;
}

QString SqlTemplate::parameterised() const
{
    QString sql = m_sql;
    for (int i = 0; i < m_placeholders.size(); ++i) {
        const QString token = QRegularExpression::escape(m_placeholders[i].token());
        // The quoted form is the literal; an unquoted token is accepted too.
        const QRegularExpression quoted(QStringLiteral("'\\s*%1\\s*'|\"\\s*%1\\s*\"|%1").arg(token),
                                        QRegularExpression::CaseInsensitiveOption);
        sql.replace(quoted, QStringLiteral("?%1").arg(i + 1));
    }
    return sql;
}

QString SqlTemplate::tablesKey() const
{
    QStringList tables;
    for (const Placeholder &p : m_placeholders)
        if (!tables.contains(p.table))
            tables << p.table;
    tables.sort();
    QStringList quoted;
    for (const QString &t : tables)
        quoted << QLatin1Char('\'') + t + QLatin1Char('\'');
    return QLatin1Char('(') + quoted.join(QStringLiteral(", ")) + (quoted.size() == 1 ? QStringLiteral(",)") : QStringLiteral(")"));
}

} // namespace assay
