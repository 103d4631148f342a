#include "retrieval/tokenizer.h"

namespace assay {

namespace {

// FTS5's unicode61 tokenizer with its default `categories 'L* N* Co'`: letters, numbers and
// private-use characters make up tokens; everything else — spaces, punctuation, symbols ($, +,
// ², €), marks, controls — separates them (docs/METHODS.md §2.2).
bool isTokenChar(char32_t c)
{
    switch (QChar::category(c)) {
    case QChar::Letter_Uppercase:
    case QChar::Letter_Lowercase:
    case QChar::Letter_Titlecase:
    case QChar::Letter_Modifier:
    case QChar::Letter_Other:
    case QChar::Number_DecimalDigit:
    case QChar::Number_Letter:
    case QChar::Number_Other:
    case QChar::Other_PrivateUse:
        return true;
    default:
        return false;
    }
}

} // namespace

qsizetype Tokenizer::next(QStringView text, qsizetype from, QString &token)
{
    token.resize(0);
    const qsizetype n = text.size();
    for (qsizetype i = from; i < n; ++i) {
        char32_t c = text[i].unicode();
        // Whole code points: a letter outside the BMP is one character, not two surrogates.
        if (QChar::isHighSurrogate(c) && i + 1 < n && QChar::isLowSurrogate(text[i + 1].unicode()))
            c = QChar::surrogateToUcs4(char16_t(c), text[++i].unicode());
        if (isTokenChar(c)) {
            const char32_t lower = QChar::toLower(c);
            if (QChar::requiresSurrogates(lower))
                token += QChar(QChar::highSurrogate(lower)), token += QChar(QChar::lowSurrogate(lower));
            else
                token += QChar(char16_t(lower));
        } else if (!token.isEmpty()) {
            return i + 1;
        }
    }
    return token.isEmpty() ? -1 : n;
}

QStringList Tokenizer::tokens(const QString &text)
{
    QStringList out;
    QString token;
    for (qsizetype at = 0; (at = next(text, at, token)) >= 0;)
        out << token;
    return out;
}

} // namespace assay
