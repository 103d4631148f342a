#include "schema/sqldialecttranslator.h"

#include "schema/sqlscriptlexer.h"
#include "schema/sqltokens.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

namespace assay {

namespace {

using Tokens = QVector<SqlToken>;
using T = SqlTokens;

struct Table {
    QString name;
    int statement = -1; // its place among the translated statements
    QStringList defs;   // column and constraint definitions, SQLite
    QStringList columns, types; // in order, lower case: COPY reads PostgreSQL's t/f for booleans
};

class Translator {
public:
    Translator(bool mysql, const QString &origin) : m_mysql(mysql), m_origin(origin) {}
    Status statement(const SqlScriptStatement &s);
    SqlTranslation finish();

private:
    void note(const QString &what, int line)
    {
        if (!m_noted.contains(what)) {
            m_noted.insert(what);
            m_out.notes << QStringLiteral("%1 (first at line %2)").arg(what).arg(line);
        }
    }
    Status fail(int line, const QString &message) const { return Status::failure(QStringLiteral("%1:%2: %3").arg(m_origin).arg(line).arg(message)); }
    void add(int line, const QString &sql) { m_out.statements.append({line, sql}); }
    QString column(const Tokens &def, int line);
    Status createTable(const Tokens &t, int line);
    Status alterTable(const Tokens &t, int line);
    Status addConstraint(const QString &table, Tokens spec, int line);
    Status copyRows(const SqlScriptStatement &s);

    bool m_mysql;
    QString m_origin;
    SqlTranslation m_out;
    QSet<QString> m_noted;
    QHash<QString, Table> m_tables; // by lower-case name
};

// A column definition: its type made SQLite's, the attributes SQLite does not know dropped.
QString Translator::column(const Tokens &def, int line)
{
    Tokens out{{SqlToken::Kind::Identifier, def.first().text}};
    for (int i = 1; i < def.size(); ++i) {
        const SqlToken &k = def[i];
        const bool typePlace = i == 1;
        if (typePlace && (k.is("serial") || k.is("bigserial") || k.is("smallserial") || k.is("serial4") || k.is("serial8"))) {
            out << SqlToken{SqlToken::Kind::Word, QStringLiteral("INTEGER")};
            continue;
        }
        if (typePlace && m_mysql && (k.is("enum") || k.is("set")) && i + 1 < def.size() && def[i + 1].isPunct("(")) {
            note(QStringLiteral("enum and set columns read as TEXT"), line);
            out << SqlToken{SqlToken::Kind::Word, QStringLiteral("TEXT")};
            i = std::max(i, T::closing(def, i + 1));
            continue;
        }
        if (m_mysql && (k.is("UNSIGNED") || k.is("SIGNED") || k.is("ZEROFILL") || k.is("AUTO_INCREMENT") || k.is("FIRST")))
            continue;
        if (m_mysql && k.is("AFTER")) { // ALTER TABLE … ADD COLUMN … AFTER c: SQLite appends
            ++i;
            continue;
        }
        if (m_mysql && (k.is("CHARSET") || k.is("COLLATE") || k.is("COMMENT"))) {
            ++i;
            continue;
        }
        if (m_mysql && k.is("CHARACTER") && i + 1 < def.size() && def[i + 1].is("SET")) {
            i += 2;
            continue;
        }
        if (m_mysql && k.is("ON") && i + 1 < def.size() && def[i + 1].is("UPDATE")) { // ON UPDATE CURRENT_TIMESTAMP[(n)]
            i += 2;
            if (i + 1 < def.size() && def[i + 1].isPunct("("))
                i = std::max(i, T::closing(def, i + 1));
            continue;
        }
        if (!m_mysql && k.is("DEFAULT") && i + 2 < def.size() && def[i + 1].is("nextval") && def[i + 2].isPunct("(")) {
            i = std::max(i, T::closing(def, i + 2));
            continue;
        }
        if (!m_mysql && k.is("GENERATED") && i + 1 < def.size() && (def[i + 1].is("ALWAYS") || def[i + 1].is("BY"))) {
            int j = i;
            while (j < def.size() && !def[j].is("IDENTITY"))
                ++j;
            if (j < def.size()) { // GENERATED … AS IDENTITY [( sequence options )]
                i = j + 1 < def.size() && def[j + 1].isPunct("(") ? std::max(j, T::closing(def, j + 1)) : j;
                continue;
            }
        }
        if (k.isPunct("[") && i + 1 < def.size() && def[i + 1].isPunct("]")) { // an array type: its text
            ++i;
            continue;
        }
        out << k;
    }
    return T::render(out);
}

Status Translator::createTable(const Tokens &t, int line)
{
    int i = 1;
    while (i < t.size() && !t[i].is("TABLE"))
        ++i;
    ++i;
    if (i + 2 < t.size() && t[i].is("IF") && t[i + 1].is("NOT") && t[i + 2].is("EXISTS"))
        i += 3;
    Table table;
    table.name = T::tableName(t, i);
    if (table.name.isEmpty() || i >= t.size() || !t[i].isPunct("("))
        return fail(line, QStringLiteral("CREATE TABLE without a column list (… AS SELECT, LIKE, PARTITION OF) cannot be translated"));
    const int close = T::closing(t, i);
    if (close < 0)
        return fail(line, QStringLiteral("the column list of %1 is not closed").arg(table.name));
    for (const Tokens &def : T::splitTopLevel(t, i + 1, close)) {
        const SqlToken &first = def.first();
        if (m_mysql && (first.is("KEY") || first.is("INDEX") || first.is("FULLTEXT") || first.is("SPATIAL"))) {
            note(QStringLiteral("indexes are not imported"), line);
            continue;
        }
        if (first.is("UNIQUE") || first.is("PRIMARY")) { // UNIQUE [KEY name] (cols): the columns
            int open = 0;
            while (open < def.size() && !def[open].isPunct("("))
                ++open;
            const int end = open < def.size() ? T::closing(def, open) : -1;
            if (end < 0)
                return fail(line, QStringLiteral("a %1 of %2 has no column list").arg(first.text, table.name));
            table.defs << (first.is("UNIQUE") ? QStringLiteral("UNIQUE ") : QStringLiteral("PRIMARY KEY ")) + T::render(T::plain(def), open, end + 1);
            continue;
        }
        if (first.is("CONSTRAINT") || first.is("FOREIGN") || first.is("CHECK")) {
            table.defs << T::render(T::plain(def));
            continue;
        }
        if (first.is("LIKE") || first.is("EXCLUDE"))
            return fail(line, QStringLiteral("%1 in a CREATE TABLE cannot be translated").arg(first.text.toUpper()));
        table.defs << column(T::plain(def), line);
        table.columns << first.text.toLower();
        table.types << (def.size() > 1 ? def[1].text.toLower() : QString());
    }
    if (close + 1 < t.size())
        note(m_mysql ? QStringLiteral("table options (ENGINE=, CHARSET=, AUTO_INCREMENT=, …) dropped") : QStringLiteral("table options (WITH, TABLESPACE, …) dropped"), line);
    table.statement = int(m_out.statements.size());
    add(line, QString()); // rendered by finish(), with the constraints added later
    m_tables.insert(table.name.toLower(), table);
    return {};
}

Status Translator::addConstraint(const QString &table, Tokens spec, int line)
{
    if (!spec.isEmpty() && spec.first().is("ADD"))
        spec.removeFirst();
    int kind = 0;
    if (!spec.isEmpty() && spec.first().is("CONSTRAINT"))
        kind = 2;
    const SqlToken &k = kind < spec.size() ? spec[kind] : SqlToken();
    if (m_mysql && (k.is("KEY") || k.is("INDEX") || k.is("FULLTEXT") || k.is("SPATIAL") || k.is("UNIQUE"))) {
        note(QStringLiteral("indexes are not imported"), line);
        return {};
    }
    if (!(k.is("PRIMARY") || k.is("FOREIGN") || k.is("UNIQUE") || k.is("CHECK")))
        return fail(line, QStringLiteral("ALTER TABLE %1 ADD %2 cannot be translated").arg(table, T::render(spec)));
    auto it = m_tables.find(table.toLower());
    if (it == m_tables.end())
        return fail(line, QStringLiteral("ALTER TABLE %1 adds a constraint to a table the script does not create; SQLite cannot add one later").arg(table));
    Tokens kept; // without NOT VALID and USING BTREE / HASH, which SQLite does not read
    for (int i = 0; i < spec.size(); ++i) {
        if (i + 1 < spec.size() && ((spec[i].is("NOT") && spec[i + 1].is("VALID")) || (spec[i].is("USING") && (spec[i + 1].is("BTREE") || spec[i + 1].is("HASH"))))) {
            ++i;
            continue;
        }
        kept << spec[i];
    }
    it->defs << T::render(T::plain(kept));
    return {};
}

Status Translator::alterTable(const Tokens &t, int line)
{
    int i = 2;
    while (i < t.size() && (t[i].is("ONLY") || t[i].is("IF") || t[i].is("EXISTS")))
        ++i;
    const QString table = T::tableName(t, i);
    for (const Tokens &spec : T::splitTopLevel(t, i, int(t.size()))) {
        const SqlToken &a = spec.first();
        const SqlToken &b = spec.size() > 1 ? spec[1] : SqlToken();
        const auto alter = [&](const QString &rest) { add(line, QStringLiteral("ALTER TABLE %1 %2").arg(T::quoted(table), rest)); };
        if (m_mysql && a.is("CHANGE")) { // CHANGE [COLUMN] old new type …: SQLite renames; the type stays
            const int at = b.is("COLUMN") ? 2 : 1;
            if (at + 1 >= spec.size())
                return fail(line, QStringLiteral("ALTER TABLE %1 CHANGE needs the old and the new column").arg(table));
            note(QStringLiteral("CHANGE COLUMN renames the column; its new type is not applied (SQLite keeps the declared one)"), line);
            if (spec[at].text.compare(spec[at + 1].text, Qt::CaseInsensitive) != 0)
                alter(QStringLiteral("RENAME COLUMN %1 TO %2").arg(T::quoted(spec[at].text), T::quoted(spec[at + 1].text)));
        } else if (a.is("ADD") && (b.is("CONSTRAINT") || b.is("PRIMARY") || b.is("FOREIGN") || b.is("UNIQUE") || b.is("KEY") || b.is("INDEX") ||
                                   b.is("FULLTEXT") || b.is("SPATIAL") || b.is("CHECK"))) {
            if (auto s = addConstraint(table, spec, line); !s)
                return s;
        } else if (a.is("ADD")) {
            Tokens def = spec.mid(b.is("COLUMN") ? 2 : 1);
            if (!def.isEmpty() && def.first().isPunct("("))
                return fail(line, QStringLiteral("ALTER TABLE %1 ADD ( … ) cannot be translated; add one column at a time").arg(table));
            if (def.isEmpty())
                return fail(line, QStringLiteral("ALTER TABLE %1 ADD names no column").arg(table));
            alter(QStringLiteral("ADD COLUMN ") + column(T::plain(def), line));
        } else if (a.is("DROP") && (b.is("PRIMARY") || b.is("INDEX") || b.is("KEY") || b.is("FOREIGN") || b.is("CONSTRAINT") || b.is("CHECK"))) {
            note(QStringLiteral("dropped constraints and indexes are ignored"), line);
        } else if (a.is("DROP")) {
            const Tokens rest = spec.mid(b.is("COLUMN") ? 2 : 1);
            if (rest.isEmpty())
                return fail(line, QStringLiteral("ALTER TABLE %1 DROP names no column").arg(table));
            alter(QStringLiteral("DROP COLUMN ") + T::quoted(rest.first().text));
        } else if (a.is("RENAME")) {
            if (b.is("TO") || b.is("AS") || (m_mysql && T::isName(b) && !b.is("COLUMN"))) {
                int j = b.is("TO") || b.is("AS") ? 2 : 1;
                alter(QStringLiteral("RENAME TO ") + T::quoted(T::tableName(spec, j)));
            } else {
                alter(T::render(spec));
            }
        } else if (a.is("MODIFY") || a.is("ALTER")) {
            if (!T::render(spec).contains(QLatin1String("nextval"))) // pg_dump's SET DEFAULT nextval(…): the rowid numbers rows
                note(QStringLiteral("MODIFY / ALTER COLUMN (types, defaults) ignored"), line);
        } else if (a.is("OWNER") || a.is("DISABLE") || a.is("ENABLE") || a.is("ENGINE") || a.is("AUTO_INCREMENT") || a.is("DEFAULT") ||
                   a.is("CONVERT") || a.is("CHARACTER") || a.is("CHARSET") || a.is("COLLATE") || a.is("ALGORITHM") || a.is("LOCK") ||
                   a.is("ORDER") || a.is("CLUSTER") || a.is("SET") || a.is("REPLICA") || a.is("FORCE") || a.is("ROW_FORMAT") || a.is("COMMENT")) {
            continue; // storage, ownership and settings: nothing the knowledge needs
        } else {
            return fail(line, QStringLiteral("ALTER TABLE %1 %2 cannot be translated to SQLite").arg(table, T::render(spec)));
        }
    }
    return {};
}

// COPY table [(columns)] FROM stdin: one INSERT per data row (tab-separated, \N for NULL).
Status Translator::copyRows(const SqlScriptStatement &s)
{
    const Tokens &t = s.tokens;
    int i = 1;
    const QString table = T::tableName(t, i);
    QString columns;
    const Table known = m_tables.value(table.toLower());
    QStringList order = known.columns; // the fields' columns: the list given, else the table's
    if (i < t.size() && t[i].isPunct("(")) {
        order.clear();
        const int close = T::closing(t, i);
        if (close < 0)
            return fail(s.line, QStringLiteral("the column list of COPY %1 is not closed").arg(table));
        Tokens names;
        for (int j = i + 1; j < close; ++j) {
            names << (t[j].isPunct(",") ? t[j] : SqlToken{SqlToken::Kind::Identifier, t[j].text});
            if (!t[j].isPunct(","))
                order << t[j].text.toLower();
        }
        columns = QStringLiteral(" (%1)").arg(T::render(names));
        i = close + 1;
    }
    if (!(i + 1 < t.size() && t[i].is("FROM") && t[i + 1].is("stdin")) || i + 2 != t.size())
        return fail(s.line, QStringLiteral("only COPY … FROM stdin in the text format is read (as pg_dump writes it)"));
    for (const auto &[line, row] : s.copyRows) {
        QStringList values;
        const QStringList fields = row.split(QLatin1Char('\t'));
        for (int f = 0; f < fields.size(); ++f) {
            const QString &field = fields[f];
            if (field == QLatin1String("\\N")) {
                values << QStringLiteral("NULL");
                continue;
            }
            const int at = f < order.size() ? int(known.columns.indexOf(order[f])) : -1;
            if (at >= 0 && (known.types[at] == QLatin1String("boolean") || known.types[at] == QLatin1String("bool")) &&
                (field == QLatin1String("t") || field == QLatin1String("f"))) {
                values << (field == QLatin1String("t") ? QStringLiteral("1") : QStringLiteral("0"));
                continue;
            }
            QString v;
            for (int k = 0; k < field.size(); ++k) {
                if (field[k] != QLatin1Char('\\') || k + 1 == field.size()) {
                    v += field[k];
                    continue;
                }
                const QChar e = field[++k];
                v += e == QLatin1Char('t') ? QChar(QLatin1Char('\t')) : e == QLatin1Char('n') ? QChar(QLatin1Char('\n')) : e == QLatin1Char('r') ? QChar(QLatin1Char('\r'))
                   : e == QLatin1Char('b') ? QChar(QLatin1Char('\b')) : e == QLatin1Char('f') ? QChar(QLatin1Char('\f')) : e == QLatin1Char('v') ? QChar(QLatin1Char('\v')) : e;
            }
            values << T::render({{SqlToken::Kind::String, v}});
        }
        add(line, QStringLiteral("INSERT INTO %1%2 VALUES (%3)").arg(T::quoted(table), columns, values.join(QStringLiteral(", "))));
    }
    return {};
}

Status Translator::statement(const SqlScriptStatement &s)
{
    const Tokens &t = s.tokens;
    const SqlToken &a = t.first();
    const SqlToken &b = t.size() > 1 ? t[1] : SqlToken();
    const SqlToken &c = t.size() > 2 ? t[2] : SqlToken();
    // Settings and transactions: the private database needs none.
    for (const char *w : {"SET", "LOCK", "UNLOCK", "USE", "START", "BEGIN", "COMMIT", "ROLLBACK", "DELIMITER", "FLUSH", "RESET", "SELECT", "ANALYZE", "OPTIMIZE", "VACUUM"})
        if (a.is(w))
            return {};
    if ((a.is("CREATE") || a.is("DROP") || a.is("ALTER")) && (b.is("DATABASE") || b.is("SCHEMA") || b.is("EXTENSION") || b.is("SEQUENCE") || b.is("DEFAULT"))) {
        note(QStringLiteral("databases, schemas, extensions and sequences are not imported"), s.line);
        return {};
    }
    if (a.is("COMMENT") || a.is("GRANT") || a.is("REVOKE")) {
        note(QStringLiteral("comments, owners and grants are not imported"), s.line);
        return {};
    }
    if ((a.is("CREATE") || a.is("DROP")) && (b.is("INDEX") || ((b.is("UNIQUE") || b.is("FULLTEXT") || b.is("SPATIAL")) && c.is("INDEX")))) {
        note(QStringLiteral("indexes are not imported"), s.line);
        return {};
    }
    if (a.is("CREATE") && (b.is("TABLE") || ((b.is("TEMPORARY") || b.is("UNLOGGED")) && c.is("TABLE"))))
        return createTable(t, s.line);
    if (a.is("ALTER") && b.is("TABLE"))
        return alterTable(t, s.line);
    if (a.is("CREATE") || a.is("ALTER") || (a.is("DROP") && !b.is("TABLE"))) {
        note(QStringLiteral("views, triggers, types and routines are not imported"), s.line);
        return {};
    }
    if (!m_mysql && a.is("COPY"))
        return copyRows(s);
    if (a.is("DROP")) { // DROP TABLE [IF EXISTS] a, b [CASCADE]
        int i = 2;
        const bool ifExists = i + 1 < t.size() && t[i].is("IF") && t[i + 1].is("EXISTS");
        i += ifExists ? 2 : 0;
        while (i < t.size() && T::isName(t[i]) && !t[i].is("CASCADE") && !t[i].is("RESTRICT")) {
            add(s.line, QStringLiteral("DROP TABLE %1%2").arg(ifExists ? QStringLiteral("IF EXISTS ") : QString(), T::quoted(T::tableName(t, i))));
            if (i < t.size() && t[i].isPunct(","))
                ++i;
        }
        return {};
    }
    if (a.is("INSERT") || a.is("REPLACE")) {
        Tokens rest = T::plain(t);
        int i = 1;
        bool ignore = false;
        while (i < rest.size() && (rest[i].is("IGNORE") || rest[i].is("LOW_PRIORITY") || rest[i].is("DELAYED") || rest[i].is("HIGH_PRIORITY")))
            ignore = ignore || rest[i++].is("IGNORE");
        if (i < rest.size() && rest[i].is("INTO"))
            ++i;
        const QString table = T::tableName(rest, i);
        const QString body = T::render(rest, i);
        if (body.contains(QLatin1String("ON DUPLICATE KEY"), Qt::CaseInsensitive))
            return fail(s.line, QStringLiteral("INSERT … ON DUPLICATE KEY UPDATE cannot be translated: SQLite has no such update; export the rows with plain INSERTs (mysqldump writes them)"));
        add(s.line, QStringLiteral("%1%2 INTO %3 %4")
                         .arg(a.is("REPLACE") ? QStringLiteral("REPLACE") : QStringLiteral("INSERT"), ignore ? QStringLiteral(" OR IGNORE") : QString(), T::quoted(table), body)
                         .remove(QRegularExpression(QStringLiteral("\\bOVERRIDING (SYSTEM|USER) VALUE\\b"))));
        return {};
    }
    add(s.line, T::render(T::plain(t))); // anything else: as SQLite reads it (its errors name the line)
    return {};
}

SqlTranslation Translator::finish()
{
    for (const Table &table : std::as_const(m_tables))
        m_out.statements[table.statement].sql = QStringLiteral("CREATE TABLE %1 (%2)").arg(T::quoted(table.name), table.defs.join(QStringLiteral(", ")));
    return m_out;
}

} // namespace

Result<SqlDialectTranslator::Dialect> SqlDialectTranslator::parse(const QString &name)
{
    const QString n = name.trimmed().toLower();
    if (n == QLatin1String("auto") || n.isEmpty())
        return Dialect::Auto;
    if (n == QLatin1String("sqlite"))
        return Dialect::Sqlite;
    if (n == QLatin1String("mysql") || n == QLatin1String("mariadb"))
        return Dialect::MySql;
    if (n == QLatin1String("postgres") || n == QLatin1String("postgresql") || n == QLatin1String("pg"))
        return Dialect::Postgres;
    return Result<Dialect>::failure(QStringLiteral("unknown SQL dialect '%1' (auto, sqlite, mysql, postgres)").arg(name));
}

QString SqlDialectTranslator::name(Dialect dialect)
{
    switch (dialect) {
    case Dialect::MySql: return QStringLiteral("MySQL");
    case Dialect::Postgres: return QStringLiteral("PostgreSQL");
    default: return QStringLiteral("SQLite");
    }
}

SqlDialectTranslator::Dialect SqlDialectTranslator::detect(const QString &script)
{
    static const QRegularExpression mysql(QStringLiteral("`|\\bENGINE\\s*=|/\\*!\\d|\\bAUTO_INCREMENT\\b|\\bUNSIGNED\\b"), QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression postgres(QStringLiteral("\\bFROM\\s+stdin\\b|\\b(BIG|SMALL)?SERIAL\\b|::[a-z]|\\bpg_catalog\\b|\\bnextval\\s*\\("),
                                             QRegularExpression::CaseInsensitiveOption);
    if (mysql.match(script).hasMatch())
        return Dialect::MySql;
    if (postgres.match(script).hasMatch())
        return Dialect::Postgres;
    return Dialect::Sqlite;
}

Result<SqlTranslation> SqlDialectTranslator::translate(const QString &script, Dialect dialect, const QString &origin)
{
    using R = Result<SqlTranslation>;
    const bool mysql = dialect == Dialect::MySql;
    if (!mysql && dialect != Dialect::Postgres)
        return R::failure(QStringLiteral("%1: only MySQL and PostgreSQL dumps are translated").arg(origin));
    QVector<SqlScriptStatement> statements;
    QString error;
    if (!SqlScriptLexer::split(script, mysql ? SqlScriptLexer::Flavor::MySql : SqlScriptLexer::Flavor::Postgres, &statements, &error))
        return R::failure(QStringLiteral("%1:%2").arg(origin, error));
    Translator translator(mysql, origin);
    for (const SqlScriptStatement &s : std::as_const(statements))
        if (auto ok = translator.statement(s); !ok)
            return R::failure(ok.error());
    return translator.finish();
}

} // namespace assay
