#pragma once
// Answer comparison as SQuAD defines it: normalisation (lower case, punctuation removed,
// the articles a / an / the dropped, white space collapsed), exact match, token F1 (with
// R-Eval's rule: when either side normalises to yes / no / noanswer and they differ, F1 is
// 0), and containment of the normalised gold in the normalised response on word boundaries.
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace assay {

class AnswerMetrics {
public:
    static QString normalize(const QString &text);
    static QStringList tokens(const QString &text); // normalised, split on white space
    static bool exactMatch(const QString &response, const QString &gold);
    static double f1(const QString &response, const QString &gold);
    // Normalised gold inside normalised text, as whole words; an empty gold is never contained.
    // A gold that is a number is also contained when the text writes the same value another way
    // (docs/METHODS.md §4.1): 447 for 447.0, "19" for 19.0, "31-year-old", "second", "2nd",
    // "thirty-one", "1,500".
    static bool contains(const QString &text, const QString &gold);
    // The value of a gold answer that is a number ("447.0", "1,500", "-3"); none otherwise.
    static std::optional<double> numberOf(const QString &gold);
    // The numbers a text writes, as values: digits (with thousands separators and decimals, also
    // inside "31-year-old"), number words up to ninety-nine and ordinals ("second", "2nd").
    static QVector<double> numbersIn(const QString &text);
    // A gold answer a string match can meet by chance: two characters or fewer once normalised,
    // or a bare number below 1000 ("30" is in many a document that does not answer the question).
    // Empty when the gold is not weak, else the reason.
    static QString weakGold(const QString &gold);
    // R-Eval's scratchpad: the retrieved context and the step trace, as the taxonomy reads it
    // (an agent's stored trace as its thoughts, actions and observations; AgentTrace).
    static QString scratchpad(const QString &retrievedText, const QString &trace);
};

} // namespace assay
