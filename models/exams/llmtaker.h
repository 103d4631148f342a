#pragma once
// The LLM students (docs/METHODS.md, exams): llm-letter reads the letter with the highest
// logprob among A–D (or a standalone letter reply), with optional retrieved context and worked
// examples; llm-loglik scores each option by its log-likelihood after the stem (/completions
// with echo and logprobs).
#include "core/result.h"
#include "exams/examitem.h"
#include "exams/examstore.h"
#include "exams/takerspec.h"

namespace assay {

class Database;
class Job;

class LlmTaker {
public:
    static Result<QVector<ExamAnswer>> takeLetter(Database &db, const QVector<ExamItem> &items, const TakerSpec &spec, Job *job);
    static Result<QVector<ExamAnswer>> takeLoglik(Database &db, const QVector<ExamItem> &items, const TakerSpec &spec, Job *job);
};

} // namespace assay
