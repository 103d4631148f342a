#include "generation/setbasedfillin.h"

#include <QHash>
#include <QRegularExpression>

namespace assay {

namespace {

// A top-level word of the SQL text: outside quotes, brackets and parentheses.
struct Word {
    QString upper;
    int begin = 0;
    int end = 0;
    int depth = 0;
};

// The words of the text with their depth, skipping quoted strings and identifiers. Returns
// false on an unterminated quote.
bool scan(const QString &sql, QVector<Word> *words)
{
    int depth = 0;
    for (int i = 0; i < sql.size();) {
        const QChar c = sql[i];
        if (c == QLatin1Char('\'') || c == QLatin1Char('"') || c == QLatin1Char('`') || c == QLatin1Char('[')) {
            const QChar close = c == QLatin1Char('[') ? QLatin1Char(']') : c;
            int j = i + 1;
            for (;; ++j) {
                if (j >= sql.size())
                    return false;
                if (sql[j] == close) {
                    if (close != QLatin1Char(']') && j + 1 < sql.size() && sql[j + 1] == close) {
                        ++j; // a doubled quote
                        continue;
                    }
                    break;
                }
            }
            i = j + 1;
        } else if (c == QLatin1Char('(')) {
            ++depth;
            ++i;
        } else if (c == QLatin1Char(')')) {
            --depth;
            ++i;
        } else if (c.isLetter() || c == QLatin1Char('_')) {
            int j = i;
            while (j < sql.size() && (sql[j].isLetterOrNumber() || sql[j] == QLatin1Char('_') || sql[j] == QLatin1Char('$')))
                ++j;
            words->append({sql.mid(i, j - i).toUpper(), i, j, depth});
            i = j;
        } else {
            ++i;
        }
    }
    return depth == 0;
}

// An identifier as written (quoted or not) → its name.
QString unquote(const QString &id)
{
    const QString t = id.trimmed();
    if (t.size() >= 2 && ((t.front() == QLatin1Char('"') && t.back() == QLatin1Char('"')) || (t.front() == QLatin1Char('`') && t.back() == QLatin1Char('`'))))
        return t.mid(1, t.size() - 2).replace(QString(2, t.front()), QString(t.front()));
    if (t.size() >= 2 && t.front() == QLatin1Char('[') && t.back() == QLatin1Char(']'))
        return t.mid(1, t.size() - 2);
    return t;
}

const QString kIdent = QStringLiteral(R"((?:[A-Za-z_][A-Za-z0-9_$]*|"(?:[^"]|"")*"|`(?:[^`]|``)*`|\[[^\]]*\]))");

// Top-level pieces of text split at the word `separator` (depth 0).
QStringList splitAt(const QString &text, const QString &separator)
{
    QVector<Word> words;
    scan(text, &words);
    QStringList parts;
    int from = 0;
    for (const Word &w : words)
        if (w.depth == 0 && w.upper == separator) {
            parts << text.mid(from, w.begin - from);
            from = w.end;
        }
    parts << text.mid(from);
    return parts;
}

// alias or table name (lower case) → table name, from a FROM clause; false when the clause
// holds something this planner does not read (subqueries, table functions, schemas).
bool readFrom(const QString &from, QHash<QString, QString> *tables, int *count)
{
    static const QRegularExpression item(QStringLiteral(R"(^\s*(%1)(?:\s+(?:AS\s+)?(%1))?\s*$)").arg(kIdent), QRegularExpression::CaseInsensitiveOption);
    static const QStringList joinWords{QStringLiteral("LEFT"), QStringLiteral("RIGHT"), QStringLiteral("FULL"), QStringLiteral("INNER"), QStringLiteral("CROSS"),
                                       QStringLiteral("NATURAL"), QStringLiteral("OUTER")};
    QVector<Word> words;
    if (!scan(from, &words))
        return false;
    for (const Word &w : words)
        if (w.depth > 0 && w.upper == QLatin1String("SELECT"))
            return false;
    // Cut the clause into table items: between FROM-start / JOIN / comma and ON / USING / the next JOIN.
    QVector<QPair<int, int>> items;
    int start = 0;
    bool inItem = true;
    const auto close = [&](int end) {
        if (inItem)
            items << qMakePair(start, end);
        inItem = false;
    };
    for (const Word &w : words) {
        if (w.depth != 0)
            continue;
        if (w.upper == QLatin1String("JOIN")) {
            // The item before ends at the first join word of this JOIN (LEFT OUTER JOIN ...).
            int end = w.begin;
            for (int k = int(&w - words.data()) - 1; k >= 0 && joinWords.contains(words[k].upper) && words[k].depth == 0; --k)
                end = words[k].begin;
            close(end);
            start = w.end;
            inItem = true;
        } else if (w.upper == QLatin1String("ON") || w.upper == QLatin1String("USING")) {
            close(w.begin);
        }
    }
    close(int(from.size()));
    for (const auto &[b, e] : items) {
        const QString text = from.mid(b, e - b);
        if (text.contains(QLatin1Char(',')) || text.contains(QLatin1Char('(')) || text.contains(QLatin1Char('.')))
            return false; // comma joins, table functions and schema names: not read here
        const auto m = item.match(text);
        if (!m.hasMatch())
            return false;
        const QString table = unquote(m.captured(1));
        tables->insert(table.toLower(), table);
        if (!m.captured(2).isEmpty())
            tables->insert(unquote(m.captured(2)).toLower(), table);
        ++*count;
    }
    return *count > 0;
}

} // namespace

std::optional<SetBasedFillIn::Plan> SetBasedFillIn::plan(const SqlTemplate &t, QString *why)
{
    const auto no = [why](const QString &reason) -> std::optional<Plan> {
        if (why)
            *why = reason;
        return std::nullopt;
    };
    QString sql = t.sql().trimmed();
    while (sql.endsWith(QLatin1Char(';')))
        sql = sql.chopped(1).trimmed();
    if (t.placeholders().isEmpty())
        return no(QStringLiteral("no placeholder"));
    QVector<Word> words;
    if (!scan(sql, &words))
        return no(QStringLiteral("unbalanced quotes or parentheses"));
    int from = -1, where = -1, selects = 0;
    for (const Word &w : words) {
        if (w.upper == QLatin1String("SELECT"))
            ++selects;
        if (w.depth != 0)
            continue;
        static const QStringList refused{QStringLiteral("GROUP"), QStringLiteral("HAVING"), QStringLiteral("ORDER"), QStringLiteral("LIMIT"),
                                         QStringLiteral("UNION"), QStringLiteral("INTERSECT"), QStringLiteral("EXCEPT"), QStringLiteral("WINDOW"),
                                         QStringLiteral("WITH"), QStringLiteral("BETWEEN"), QStringLiteral("DISTINCT")};
        if (refused.contains(w.upper))
            return no(QStringLiteral("%1 in the query").arg(w.upper));
        if (w.upper == QLatin1String("FROM") && from < 0)
            from = int(&w - words.data());
        else if (w.upper == QLatin1String("WHERE") && where < 0)
            where = int(&w - words.data());
    }
    if (words.isEmpty() || words.first().upper != QLatin1String("SELECT") || selects != 1)
        return no(QStringLiteral("not a single SELECT"));
    if (from < 0 || where < 0 || where < from)
        return no(QStringLiteral("no FROM ... WHERE"));
    const QString selectList = sql.mid(words.first().end, words[from].begin - words.first().end).trimmed();
    static const QRegularExpression aggregate(QStringLiteral(R"(\b(count|sum|avg|min|max|total|group_concat|string_agg)\s*\()"),
                                              QRegularExpression::CaseInsensitiveOption);
    if (aggregate.match(selectList).hasMatch())
        return no(QStringLiteral("an aggregate in the select list"));
    if (SqlTemplate::placeholderPattern().match(selectList).hasMatch())
        return no(QStringLiteral("a placeholder in the select list"));
    const QString fromClause = sql.mid(words[from].end, words[where].begin - words[from].end);
    QHash<QString, QString> tables;
    int tableCount = 0;
    if (!readFrom(fromClause, &tables, &tableCount))
        return no(QStringLiteral("a FROM clause this planner does not read"));
    if (SqlTemplate::placeholderPattern().match(fromClause).hasMatch())
        return no(QStringLiteral("a placeholder in the FROM clause"));

    // The WHERE conjuncts: each placeholder in exactly one `colref = '[T.C]'`.
    static const QRegularExpression equality(
        QStringLiteral(R"(^\s*(?:(?:(%1)\s*\.\s*)?(%1)\s*==?\s*(?:BINARY\s+)?'\[([^\].'"]+)\.([^\].'"]+)\]'|'\[([^\].'"]+)\.([^\].'"]+)\]'\s*==?\s*(?:(%1)\s*\.\s*)?(%1))\s*$)")
            .arg(kIdent));
    const QStringList conjuncts = splitAt(sql.mid(words[where].end), QStringLiteral("AND"));
    QStringList others;
    QHash<QString, QString> keyOf; // placeholder token (lower) → column reference as written
    for (const QString &c : conjuncts) {
        if (!SqlTemplate::placeholderPattern().match(c).hasMatch()) {
            others << c.trimmed();
            continue;
        }
        const auto m = equality.match(c); // BINARY: MySQL's exact string comparison (RuleEnumerator)
        if (!m.hasMatch())
            return no(QStringLiteral("a placeholder outside an equality: %1").arg(c.trimmed()));
        const bool left = !m.captured(2).isEmpty();
        const QString qualifier = unquote(m.captured(left ? 1 : 7)), column = unquote(m.captured(left ? 2 : 8));
        const Placeholder p{m.captured(left ? 3 : 5), m.captured(left ? 4 : 6)};
        QString table;
        if (!qualifier.isEmpty())
            table = tables.value(qualifier.toLower());
        else if (tableCount == 1)
            table = tables.cbegin().value();
        if (table.isEmpty() || table.compare(p.table, Qt::CaseInsensitive) != 0 || column.compare(p.column, Qt::CaseInsensitive) != 0)
            return no(QStringLiteral("%1 is compared with another column (%2)").arg(p.token(), c.trimmed()));
        const QString key = p.token().toLower();
        if (keyOf.contains(key))
            return no(QStringLiteral("%1 appears in two conditions").arg(p.token()));
        keyOf.insert(key, (qualifier.isEmpty() ? QString() : m.captured(left ? 1 : 7).trimmed() + QLatin1Char('.')) + m.captured(left ? 2 : 8).trimmed());
    }
    QStringList keys;
    for (const Placeholder &p : t.placeholders()) {
        const QString key = keyOf.value(p.token().toLower());
        if (key.isEmpty())
            return no(QStringLiteral("%1 is not in a WHERE equality").arg(p.token()));
        keys << key;
        // Unary + keeps the planner from reading the table through the column's index for
        // this condition (a range over nearly every row, in random order): a scan is faster.
        others << QStringLiteral("+") + key + QStringLiteral(" IS NOT NULL");
    }
    Plan plan;
    plan.conditions = others.mid(0, others.size() - keys.size());
    plan.keys = int(keys.size());
    plan.keyList = keys;
    plan.selectList = selectList;
    plan.from = fromClause.trimmed();
    plan.where = others.join(QStringLiteral(" AND "));
    plan.sql = QStringLiteral("SELECT %1, count(*), 0, %2 FROM %3 WHERE %4 GROUP BY %1 ORDER BY %1").arg(keys.join(QStringLiteral(", ")), selectList, plan.from, plan.where);
    return plan;
}

QString SetBasedFillIn::Plan::firstRowSql(const QStringList &orderBy) const
{
    const QString keysText = keyList.join(QStringLiteral(", "));
    // One loop: the first row is the group's smallest rowid, and SQLite takes an aggregate
    // query's bare columns from the row where its only min() is found — one sort, no window.
    if (orderBy.size() == 1)
        return QStringLiteral("SELECT %1, count(*), min(%2), %3 FROM %4 WHERE %5 GROUP BY %1 ORDER BY %1").arg(keysText, orderBy.first(), selectList, from, where);
    QStringList positions;
    for (int i = 1; i <= keys; ++i)
        positions << QString::number(i);
    const QString &partition = keysText;
    return QStringLiteral("SELECT * FROM (SELECT %1, count(*) OVER (PARTITION BY %1) AS assay_rows, "
                          "row_number() OVER (PARTITION BY %1 ORDER BY %2) AS assay_rank, %3 FROM %4 WHERE %5) WHERE assay_rank = 1 ORDER BY %6")
        .arg(partition, orderBy.join(QStringLiteral(", ")), selectList, from, where, positions.join(QStringLiteral(", ")));
}

} // namespace assay
