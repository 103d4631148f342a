#include "schema/sqlscriptlexer.h"

namespace assay {

bool SqlToken::is(const char *word) const { return kind == Kind::Word && text.compare(QLatin1String(word), Qt::CaseInsensitive) == 0; }

namespace {

// A quoted run from `i` (on the opening quote) to past its closing quote: its value, with
// doubled quotes undone and, where the dialect has them, backslash escapes read.
bool readQuoted(const QString &s, int &i, int &line, QChar quote, bool backslashes, QString *value)
{
    ++i;
    while (i < s.size()) {
        const QChar c = s[i];
        if (c == QLatin1Char('\n'))
            ++line;
        if (backslashes && c == QLatin1Char('\\') && i + 1 < s.size()) {
            const QChar e = s[i + 1];
            switch (e.unicode()) {
            case '0': break; // a NUL: no text column holds one
            case 'n': *value += QLatin1Char('\n'); break;
            case 'r': *value += QLatin1Char('\r'); break;
            case 't': *value += QLatin1Char('\t'); break;
            case 'b': *value += QLatin1Char('\b'); break;
            case 'Z': *value += QChar(26); break;
            case '%': case '_': *value += QLatin1Char('\\'); *value += e; break; // kept for LIKE
            default: *value += e; if (e == QLatin1Char('\n')) ++line;
            }
            i += 2;
            continue;
        }
        if (c == quote) {
            if (i + 1 < s.size() && s[i + 1] == quote) {
                *value += quote;
                i += 2;
                continue;
            }
            ++i;
            return true;
        }
        *value += c;
        ++i;
    }
    return false;
}

bool wordChar(QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_') || c == QLatin1Char('$'); }

} // namespace

bool SqlScriptLexer::split(const QString &s, Flavor flavor, QVector<SqlScriptStatement> *out, QString *error)
{
    const bool mysql = flavor == Flavor::MySql;
    int i = 0, line = 1;
    SqlScriptStatement current;
    const auto finish = [&] {
        if (!current.tokens.isEmpty())
            out->append(current);
        current = SqlScriptStatement();
    };
    const auto add = [&](SqlToken::Kind kind, const QString &text) {
        if (current.tokens.isEmpty())
            current.line = line;
        current.tokens.append({kind, text});
    };
    while (i < s.size()) {
        const QChar c = s[i];
        const QChar next = i + 1 < s.size() ? s[i + 1] : QChar();
        if (c == QLatin1Char('\n')) {
            ++line, ++i;
            // A psql meta-command (\connect, \restrict …) fills a line of its own.
            if (!mysql && current.tokens.isEmpty() && i < s.size() && s[i] == QLatin1Char('\\'))
                while (i < s.size() && s[i] != QLatin1Char('\n'))
                    ++i;
            continue;
        }
        if (c.isSpace()) {
            ++i;
            continue;
        }
        if ((c == QLatin1Char('-') && next == QLatin1Char('-')) || (mysql && c == QLatin1Char('#'))) {
            while (i < s.size() && s[i] != QLatin1Char('\n'))
                ++i;
            continue;
        }
        if (c == QLatin1Char('/') && next == QLatin1Char('*')) { // MySQL's /*!40101 … */ too: settings only
            const int from = line;
            i += 2;
            while (i + 1 < s.size() && !(s[i] == QLatin1Char('*') && s[i + 1] == QLatin1Char('/')))
                line += s[i++] == QLatin1Char('\n');
            if (i + 1 >= s.size()) {
                *error = QStringLiteral("%1: a comment opened here is never closed").arg(from);
                return false;
            }
            i += 2;
            continue;
        }
        if (c == QLatin1Char(';')) {
            ++i;
            // COPY … FROM stdin: the data rows follow, up to a line "\.".
            const QVector<SqlToken> &t = current.tokens;
            if (!mysql && !t.isEmpty() && t.first().is("COPY") && t.last().is("stdin")) {
                while (i < s.size() && s[i] != QLatin1Char('\n'))
                    ++i;
                const int from = current.line;
                bool ended = false;
                while (i < s.size()) {
                    ++i, ++line; // past the newline
                    const int end = s.indexOf(QLatin1Char('\n'), i);
                    const QString row = s.mid(i, end < 0 ? -1 : end - i);
                    i = end < 0 ? int(s.size()) : end;
                    if (row == QLatin1String("\\.") || row == QLatin1String("\\.\r")) {
                        ended = true;
                        break;
                    }
                    current.copyRows.append({line, row.endsWith(QLatin1Char('\r')) ? row.chopped(1) : row});
                }
                if (!ended) {
                    *error = QStringLiteral("%1: the COPY data starting here never ends with a line \"\\.\"").arg(from);
                    return false;
                }
            }
            finish();
            continue;
        }
        const int from = line;
        QString value;
        if (c == QLatin1Char('\'') || (mysql && c == QLatin1Char('"'))) { // MySQL reads "…" as a string
            if (!readQuoted(s, i, line, c, mysql, &value)) {
                *error = QStringLiteral("%1: a string opened here is never closed").arg(from);
                return false;
            }
            add(SqlToken::Kind::String, value);
            continue;
        }
        if ((c == QLatin1Char('E') || c == QLatin1Char('e')) && next == QLatin1Char('\'') && !mysql) {
            ++i;
            if (!readQuoted(s, i, line, QLatin1Char('\''), true, &value)) {
                *error = QStringLiteral("%1: a string opened here is never closed").arg(from);
                return false;
            }
            add(SqlToken::Kind::String, value);
            continue;
        }
        if (c == QLatin1Char('"') || (mysql && c == QLatin1Char('`'))) {
            if (!readQuoted(s, i, line, c, false, &value)) {
                *error = QStringLiteral("%1: a quoted name opened here is never closed").arg(from);
                return false;
            }
            add(SqlToken::Kind::Identifier, value);
            continue;
        }
        if (!mysql && c == QLatin1Char('$') && (next == QLatin1Char('$') || next.isLetter())) { // $tag$ … $tag$
            const int close = s.indexOf(QLatin1Char('$'), i + 1);
            if (close > 0) {
                const QString tag = s.mid(i, close - i + 1);
                const int end = s.indexOf(tag, close + 1);
                if (end < 0) {
                    *error = QStringLiteral("%1: a %2 quote opened here is never closed").arg(from).arg(tag);
                    return false;
                }
                value = s.mid(close + 1, end - close - 1);
                line += int(value.count(QLatin1Char('\n')));
                i = end + int(tag.size());
                add(SqlToken::Kind::String, value);
                continue;
            }
        }
        if (c.isDigit() || (c == QLatin1Char('.') && next.isDigit())) {
            const int start = i;
            while (i < s.size() && (s[i].isLetterOrNumber() || s[i] == QLatin1Char('.') ||
                                    ((s[i] == QLatin1Char('+') || s[i] == QLatin1Char('-')) && (s[i - 1] == QLatin1Char('e') || s[i - 1] == QLatin1Char('E')))))
                ++i;
            add(SqlToken::Kind::Number, s.mid(start, i - start));
            continue;
        }
        if (wordChar(c)) {
            const int start = i;
            while (i < s.size() && wordChar(s[i]))
                ++i;
            add(SqlToken::Kind::Word, s.mid(start, i - start));
            continue;
        }
        if (c == QLatin1Char(':') && next == QLatin1Char(':')) {
            add(SqlToken::Kind::Punct, QStringLiteral("::"));
            i += 2;
            continue;
        }
        add(SqlToken::Kind::Punct, QString(c));
        ++i;
    }
    finish();
    return true;
}

} // namespace assay
