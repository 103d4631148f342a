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

QStringList Tokenizer::tokens(const QString &text)
{
    QStringList out;
    QString current;
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        char32_t c = text[i].unicode();
        // Whole code points: a letter outside the BMP is one character, not two surrogates.
        if (QChar::isHighSurrogate(c) && i + 1 < n && QChar::isLowSurrogate(text[i + 1].unicode()))
            c = QChar::surrogateToUcs4(char16_t(c), text[++i].unicode());
        if (isTokenChar(c)) {
            const char32_t lower = QChar::toLower(c);
            if (QChar::requiresSurrogates(lower))
                current += QChar(QChar::highSurrogate(lower)), current += QChar(QChar::lowSurrogate(lower));
            else
                current += QChar(char16_t(lower));
        } else if (!current.isEmpty()) {
            out << current;
            current.clear();
        }
    }
    if (!current.isEmpty())
        out << current;
    return out;
}

} // namespace assay
