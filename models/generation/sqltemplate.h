#pragma once
// A GRAMMAR SQL template: one SELECT whose WHERE clause holds placeholders '[Table.Column]'.
// To run it, each quoted placeholder becomes a numbered SQL parameter (?1, ?2, ...), so
// values are always bound, never spliced into the SQL text.
#include "generation/placeholder.h"

#include <QRegularExpression>
#include <QStringList>
#include <QVector>

namespace assay {

class SqlTemplate {
public:
    explicit SqlTemplate(QString sql);

    const QString &sql() const { return m_sql; }
    // Distinct placeholders in order of first appearance.
    const QVector<Placeholder> &placeholders() const & { return m_placeholders; }
    // On a temporary, by value: `for (p : SqlTemplate(sql).placeholders())` must not dangle.
    QVector<Placeholder> placeholders() && { return std::move(m_placeholders); }
    // The SQL with '[T.C]' (quotes included) replaced by ?N; N follows placeholders().
    QString parameterised() const;
    // The same with plain '?' marks, as a server's driver binds them: order gets, for each mark
    // in turn, the index of its placeholder (a placeholder may be used twice).
    QString positional(QVector<int> *order) const;
    // Values in placeholder order → the values to bind to positional()'s marks.
    static QVariantList bindOrder(const QVariantList &values, const QVector<int> &order);
    // Placeholders written in any text (SQL or natural language), in order, distinct.
    static QVector<Placeholder> placeholdersIn(const QString &text);
    // [Table.Column]: table and column hold no dots, brackets or quotes (see
    // KnowledgeBase::nameProblem); captures 1 and 2 are the table and the column.
    static const QRegularExpression &placeholderPattern();
    // The tables a template reads, as GRAMMAR's informational key: "('company', 'people')".
    QString tablesKey() const;
    // The table and column the first projected column reads ("SELECT T2.Name FROM … JOIN people
    // AS T2" → people, Name); false for a computed one (COUNT, an expression) or when the head
    // cannot be read.
    static bool answerColumn(const QString &sql, QString *table, QString *column);

private:
    QString m_sql;
    QVector<Placeholder> m_placeholders;
};

} // namespace assay
