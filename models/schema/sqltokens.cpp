#include "schema/sqltokens.h"

#include <QSet>

namespace assay {

QString SqlTokens::render(const Tokens &t, int from, int to)
{
    QString out;
    const int end = to < 0 ? int(t.size()) : to;
    for (int i = from; i < end; ++i) {
        const SqlToken &k = t[i];
        // Spaces between tokens, none inside parentheses' edges, before commas or around dots:
        // "varchar(40)", "(1, 'a')".
        const bool tight = i == from || k.isPunct(")") || k.isPunct(",") || k.isPunct(".") || t[i - 1].isPunct("(") || t[i - 1].isPunct(".") ||
                           (k.isPunct("(") && t[i - 1].kind == SqlToken::Kind::Word && !t[i - 1].is("VALUES") && !t[i - 1].is("KEY"));
        if (!tight)
            out += QLatin1Char(' ');
        switch (k.kind) {
        case SqlToken::Kind::Identifier: out += QLatin1Char('"') + QString(k.text).replace(QLatin1Char('"'), QStringLiteral("\"\"")) + QLatin1Char('"'); break;
        case SqlToken::Kind::String: out += QLatin1Char('\'') + QString(k.text).remove(QChar(0)).replace(QLatin1Char('\''), QStringLiteral("''")) + QLatin1Char('\''); break;
        default: out += k.text;
        }
    }
    return out;
}

QString SqlTokens::quoted(const QString &name) { return render({{SqlToken::Kind::Identifier, name}}); }

// The index of the ')' closing the '(' at `open`, or −1.
int SqlTokens::closing(const Tokens &t, int open)
{
    int depth = 0;
    for (int i = open; i < t.size(); ++i) {
        depth += t[i].isPunct("(") ? 1 : t[i].isPunct(")") ? -1 : 0;
        if (depth == 0)
            return i;
    }
    return -1;
}

// [from, to) cut at the commas outside parentheses.
QVector<SqlTokens::Tokens> SqlTokens::splitTopLevel(const Tokens &t, int from, int to)
{
    QVector<Tokens> parts(1);
    int depth = 0;
    for (int i = from; i < to; ++i) {
        depth += t[i].isPunct("(") ? 1 : t[i].isPunct(")") ? -1 : 0;
        if (depth == 0 && t[i].isPunct(","))
            parts.append(Tokens());
        else
            parts.last().append(t[i]);
    }
    parts.removeIf([](const Tokens &p) { return p.isEmpty(); });
    return parts;
}

bool SqlTokens::isName(const SqlToken &k) { return k.kind == SqlToken::Kind::Word || k.kind == SqlToken::Kind::Identifier; }

// A possibly schema-qualified name at `i`: the last part, `i` moved past it.
QString SqlTokens::tableName(const Tokens &t, int &i)
{
    QString name;
    while (i < t.size() && isName(t[i])) {
        name = t[i++].text;
        if (i + 1 < t.size() && t[i].isPunct(".") && isName(t[i + 1]))
            ++i;
        else
            break;
    }
    return name;
}

// PostgreSQL's ::type casts removed; schema qualifiers after REFERENCES dropped.
SqlTokens::Tokens SqlTokens::plain(const Tokens &t)
{
    static const QSet<QString> typeWords{QStringLiteral("varying"), QStringLiteral("precision"), QStringLiteral("without"), QStringLiteral("with"),
                                          QStringLiteral("time"), QStringLiteral("zone")};
    Tokens out;
    for (int i = 0; i < t.size(); ++i) {
        if (t[i].isPunct("::")) {
            ++i;
            tableName(t, i); // the type, qualified or not
            while (i < t.size() && t[i].kind == SqlToken::Kind::Word && typeWords.contains(t[i].text.toLower()))
                ++i;
            if (i < t.size() && t[i].isPunct("(") && closing(t, i) > 0)
                i = closing(t, i) + 1;
            while (i + 1 < t.size() && t[i].isPunct("[") && t[i + 1].isPunct("]"))
                i += 2;
            --i;
            continue;
        }
        out << t[i];
        if (t[i].is("REFERENCES") && i + 1 < t.size()) {
            int j = i + 1;
            out << SqlToken{SqlToken::Kind::Identifier, tableName(t, j)};
            i = j - 1;
        }
    }
    return out;
}

} // namespace assay
