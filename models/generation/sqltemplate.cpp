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

QString SqlTemplate::positional(QVector<int> *order) const
{
    static const QRegularExpression mark(QStringLiteral("\\?(\\d+)"));
    const QString sql = parameterised();
    QString out;
    qsizetype from = 0;
    for (auto it = mark.globalMatch(sql); it.hasNext();) {
        const auto m = it.next();
        out += QStringView(sql).mid(from, m.capturedStart() - from);
        out += QLatin1Char('?');
        order->append(m.captured(1).toInt() - 1);
        from = m.capturedEnd();
    }
    out += QStringView(sql).mid(from);
    return out;
}

QVariantList SqlTemplate::bindOrder(const QVariantList &values, const QVector<int> &order)
{
    QVariantList out;
    for (const int i : order)
        out << values.value(i);
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

bool SqlTemplate::answerColumn(const QString &sql, QString *table, QString *column)
{
    static const QRegularExpression head(QStringLiteral("^\\s*SELECT\\s+(?:DISTINCT\\s+)?\"?(\\w+)\"?(?:\\.\"?(\\w+)\"?)?\\s+FROM\\s+\"?(\\w+)\"?(?:\\s+(?:AS\\s+)?(\\w+))?"),
                                         QRegularExpression::CaseInsensitiveOption);
    const auto m = head.match(sql);
    if (!m.hasMatch())
        return false;
    static const QStringList keywords{QStringLiteral("where"), QStringLiteral("join"), QStringLiteral("inner"), QStringLiteral("left"),
                                      QStringLiteral("order"), QStringLiteral("group"), QStringLiteral("limit"), QStringLiteral("natural")};
    const QString fromAlias = keywords.contains(m.captured(4).toLower()) ? QString() : m.captured(4);
    if (m.captured(2).isEmpty()) {
        *table = m.captured(3);
        *column = m.captured(1);
        return true;
    }
    // alias.column: the alias of the FROM table, or of a joined one.
    const QString alias = m.captured(1);
    *column = m.captured(2);
    if (alias.compare(fromAlias, Qt::CaseInsensitive) == 0 || alias.compare(m.captured(3), Qt::CaseInsensitive) == 0) {
        *table = m.captured(3);
        return true;
    }
    const QRegularExpression join(QStringLiteral("JOIN\\s+\"?(\\w+)\"?\\s+(?:AS\\s+)?\"?%1\"?\\b").arg(QRegularExpression::escape(alias)), QRegularExpression::CaseInsensitiveOption);
    const auto j = join.match(sql);
    if (j.hasMatch()) {
        *table = j.captured(1);
        return true;
    }
    const QRegularExpression bare(QStringLiteral("JOIN\\s+\"?(%1)\"?\\b").arg(QRegularExpression::escape(alias)), QRegularExpression::CaseInsensitiveOption);
    if (bare.match(sql).hasMatch()) {
        *table = alias;
        return true;
    }
    return false;
}

} // namespace assay
