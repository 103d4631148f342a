#pragma once
// Labels of an exam item's stem: Bloom levels from editable keyword lists (multi-label;
// "Uncategorized" when none matches) and the question type from the first interrogative word
// (what, which, how, when, why, where, who; "other" when none).
#include "core/result.h"

#include <QMap>
#include <QStringList>

namespace assay {

class ExamClassifier {
public:
    // Level → keywords, from resources/prompts/bloom_keywords.txt (or the user's copy).
    static Result<QMap<QString, QStringList>> bloomKeywords();
    static QMap<QString, QStringList> parseKeywords(const QString &text);
    static QStringList bloom(const QString &stem, const QMap<QString, QStringList> &keywords);
    static QString questionType(const QString &stem);
};

} // namespace assay
