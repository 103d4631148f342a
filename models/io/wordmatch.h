#pragma once
// Whole-word containment, as the grounding rules compare facts with text (docs/METHODS.md
// §1.6): `needle` occurs in `hay` with no letter or digit right before or after it. Both are
// compared as given (callers case-fold them first).
#include <QString>

namespace assay {

inline bool containsWord(const QString &hay, const QString &needle)
{
    if (needle.isEmpty())
        return false;
    for (qsizetype at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
        const bool startOk = at == 0 || !hay.at(at - 1).isLetterOrNumber();
        const qsizetype end = at + needle.size();
        const bool endOk = end >= hay.size() || !hay.at(end).isLetterOrNumber();
        if (startOk && endOk)
            return true;
    }
    return false;
}

} // namespace assay
