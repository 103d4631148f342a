#include "generation/sqltemplate.h"

#include <QRegularExpression>

namespace assay {

namespace {
// [Table.Column]: table and column hold no dots, brackets or quotes (see KnowledgeBase::nameProblem).
const QRegularExpression &tokenPattern()
{
    static const QRegularExpression re(QStringLiteral("\\[([^\\[\\]\\.'\"]+)\\.([^\\[\\]\\.'\"]+)\\]"));
    return re;
}
} // namespace

SqlTemplate::SqlTemplate(QString sql) : m_sql(std::move(sql)), m_placeholders(placeholdersIn(m_sql)) {}

QVector<Placeholder> SqlTemplate::placeholdersIn(const QString &text)
{
    QVector<Placeholder> out;
    auto it = tokenPattern().globalMatch(text);
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

QString SqlTemplate::substitute(const QString &text, const QVector<Placeholder> &placeholders, const QStringList &values)
{
    QString out;
    out.reserve(text.size() + 32);
    qsizetype pos = 0;
    auto it = tokenPattern().globalMatch(text);
    while (it.hasNext()) {
        const auto m = it.next();
        out += QStringView(text).mid(pos, m.capturedStart() - pos);
        const Placeholder p{m.captured(1).trimmed(), m.captured(2).trimmed()};
        const auto index = placeholders.indexOf(p);
        out += index >= 0 && index < values.size() ? values[index] : m.captured(0);
        pos = m.capturedEnd();
    }
    out += QStringView(text).mid(pos);
    return out;
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
