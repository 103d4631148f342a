#pragma once
// A text's sentences, as the grounding rules read them (docs/METHODS.md §1.6.1): split after
// '.', '!', '?' or ';' followed by white space, and at line breaks; trimmed, empty ones dropped.
#include <QRegularExpression>
#include <QStringList>

namespace assay {

inline QStringList sentencesOf(const QString &text)
{
    static const QRegularExpression boundary(QStringLiteral("(?<=[.!?;])\\s+|\\n+"));
    QStringList out;
    for (const QString &s : text.split(boundary, Qt::SkipEmptyParts))
        if (const QString t = s.trimmed(); !t.isEmpty())
            out << t;
    return out;
}

} // namespace assay
