#pragma once
// Exam items written by an LLM from the corpus: one request per chunk with the editable
// prompt resources/prompts/exam_questions.txt, replies read by ExamReplyParser; each item
// keeps its chunk and document, and its options are shuffled with the seed.
#include "core/result.h"
#include "exams/examitem.h"

#include <QVector>

namespace assay {

class Database;
class Job;

class CorpusExamGenerator {
public:
    struct Report {
        int requests = 0;
        int parsed = 0;
        int unparsable = 0;
    };
    static Result<QVector<ExamItem>> generate(Database &db, const QString &profile, quint64 seed, int perChunk, int maxChunks, Report *report, Job *job = nullptr);
};

} // namespace assay
