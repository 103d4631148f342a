#pragma once
// Answer comparison as SQuAD defines it: normalisation (lower case, punctuation removed,
// the articles a / an / the dropped, white space collapsed), exact match, token F1 (with
// R-Eval's rule: when either side normalises to yes / no / noanswer and they differ, F1 is
// 0), and containment of the normalised gold in the normalised response on word boundaries.
#include <QString>
#include <QStringList>

namespace assay {

class AnswerMetrics {
public:
    static QString normalize(const QString &text);
    static QStringList tokens(const QString &text); // normalised, split on white space
    static bool exactMatch(const QString &response, const QString &gold);
    static double f1(const QString &response, const QString &gold);
    // Normalised gold inside normalised text, as whole words; an empty gold is never contained.
    static bool contains(const QString &text, const QString &gold);
    // A gold answer a string match can meet by chance: two characters or fewer once normalised,
    // or a bare number below 1000 ("30" is in many a document that does not answer the question).
    // Empty when the gold is not weak, else the reason.
    static QString weakGold(const QString &gold);
    // R-Eval's scratchpad: the retrieved context and the step trace, as the taxonomy reads it
    // (an agent's stored trace as its thoughts, actions and observations; AgentTrace).
    static QString scratchpad(const QString &retrievedText, const QString &trace);
};

} // namespace assay
