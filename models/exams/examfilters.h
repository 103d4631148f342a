#pragma once
// The exam filters, each counted by reason: not self-contained (an editable list of regular
// expressions on the stem); a distractor too similar to the key, or two distractors too
// similar to each other (Jaccard similarity of token n-grams, n = the item's mean option
// length in tokens, editable thresholds); a duplicate of an earlier stem (normalised).
// Unparsable replies are counted where they are read (the LLM generator).
#include "core/result.h"
#include "exams/examitem.h"

#include <QRegularExpression>
#include <QVector>

namespace assay {

class ExamFilters {
public:
    struct Settings {
        QStringList notSelfContained; // regular expressions (case-insensitive)
        double keySimilarity = 0.75;        // a distractor at or above this is too close to the key
        double distractorSimilarity = 0.9;  // two distractors at or above this are too close
    };
    static Result<Settings> defaults(); // the bundled (or the user's) pattern list
    static QStringList parsePatterns(const QString &text);
    static double jaccard(const QString &a, const QString &b, int n);
    static int ngramSize(const QStringList &options); // mean option length in tokens, at least 1
    // The reason an item is filtered, or empty.
    static QString reason(const ExamItem &item, const Settings &settings);
    // The same with the patterns compiled once (compile) for a whole exam.
    static QString reason(const ExamItem &item, const Settings &settings, const QVector<QRegularExpression> &notSelfContained);
    static QVector<QRegularExpression> compile(const Settings &settings);
    // Sets filterReason on each item (duplicates: the later ones); returns the counts by reason.
    static QMap<QString, int> apply(QVector<ExamItem> &items, const Settings &settings);
};

} // namespace assay
