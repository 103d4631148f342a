#pragma once
// A text's words as the offline readers and checks compare them (docs/METHODS.md §12.3): runs of
// letters and digits, case-folded, of `minLength` characters or more, each once.
#include <QSet>
#include <QString>

namespace assay {

inline QSet<QString> wordsOf(const QString &text, int minLength = 3)
{
    QSet<QString> out;
    QString word;
    const auto flush = [&] {
        if (word.size() >= minLength)
            out.insert(word);
        word.clear();
    };
    for (const QChar c : text.toCaseFolded()) {
        if (c.isLetterOrNumber())
            word += c;
        else
            flush();
    }
    flush();
    return out;
}

} // namespace assay
