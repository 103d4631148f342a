#include "retrieval/tokenizer.h"

namespace assay {

QStringList Tokenizer::tokens(const QString &text)
{
    QStringList out;
    QString current;
    for (const QChar c : text) {
        const bool separator = c.isSpace() || c.isPunct() || c.category() == QChar::Other_Control || c.category() == QChar::Other_Format;
        if (!separator) {
            current += c.toLower();
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
