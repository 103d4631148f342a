#pragma once
// Reads multiple-choice questions from a model's reply: JSON preferred ([{"question",
// "options": [4], "answer": "B" | 1 | "<option text>"}]), else a tolerant text form
// ("1. Question … A) … B) … C) … D) … Answer: C"). Items without four options or a
// recognisable answer are dropped (and counted as unparsable by the caller).
#include "exams/examitem.h"

#include <QVector>

namespace assay {

class ExamReplyParser {
public:
    static QVector<ExamItem> parse(const QString &reply, int *unparsable = nullptr);
};

} // namespace assay
