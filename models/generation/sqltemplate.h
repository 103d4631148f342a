#pragma once
// A GRAMMAR SQL template: one SELECT whose WHERE clause holds placeholders '[Table.Column]'.
// To run it, each quoted placeholder becomes a numbered SQL parameter (?1, ?2, ...), so
// values are always bound, never spliced into the SQL text.
#include "generation/placeholder.h"

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
    // Placeholders written in any text (SQL or natural language), in order, distinct.
    static QVector<Placeholder> placeholdersIn(const QString &text);
    // Replaces every [T.C] in text with the value of the matching placeholder, literally.
    static QString substitute(const QString &text, const QVector<Placeholder> &placeholders, const QStringList &values);
    // The tables a template reads, as GRAMMAR's informational key: "('company', 'people')".
    QString tablesKey() const;

private:
    QString m_sql;
    QVector<Placeholder> m_placeholders;
};

} // namespace assay
