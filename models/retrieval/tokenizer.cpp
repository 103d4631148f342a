#include "retrieval/tokenizer.h"

namespace assay {

QStringList Tokenizer::tokens(const QString &text)
{
    QStringList out;
    QString current;
    for (const QChar c : text) {
        if (c.isLetterOrNumber() || c.category() == QChar::Mark_NonSpacing) {
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
