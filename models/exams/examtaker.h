#pragma once
// Exam takers ("students"), each written as a spec:
// - ir[:RETRIEVER[:K]] (default bm25, 3): every option scored by retrieving stem + option
//   from the corpus (the sum of the top-k scores); the best option wins, ties → the first;
// - oracle-ir: the same idea against the item's source documents only (options scored by
//   how many of their words those documents contain);
// - llm-letter:PROFILE[:icl=N][:context=RETRIEVER] : the letter with the highest logprob
//   among A–D in the first token's top logprobs, else the reply when it is a standalone
//   letter (anything else leaves the item unanswered, with the reply as the reason);
//   optional retrieved context and N worked examples from other items;
// - llm-loglik:PROFILE[:norm] : each option's log-likelihood after the stem via /completions
//   with echo and logprobs (summed, or per token with :norm).
// Each kind is an entry of TakerRegistry (exams/takerregistry.h); its code lives in IrTaker
// and LlmTaker. A take stores, per item, the chosen option, 0/1, the option scores and the latency.
#include "core/result.h"
#include "exams/examitem.h"
#include "exams/examstore.h"
#include "exams/takerspec.h"

#include <nlohmann/json.hpp>

namespace assay {

class Database;
class Job;

class ExamTaker {
public:
    using Spec = TakerSpec;
    static Result<Spec> parse(const QString &text) { return TakerSpec::parse(text); }
    // The spec's kind takes the exam (TakerRegistry).
    static Result<QVector<ExamAnswer>> take(Database &db, const QVector<ExamItem> &items, const Spec &spec, Job *job = nullptr);
    // The option with the highest score; ties go to the first.
    static int best(const QVector<double> &scores);
    // The option a reply names when the reply is a letter and nothing else ("B", "(B)", "B.",
    // "Answer: B"), else -1.
    static int letterOf(const QString &reply);
    // A take's counts: answered, unanswered (missing cells) and correct, and how many letters
    // were read without logprobs (warned once per take).
    struct Summary {
        int items = 0;
        int answered = 0;
        int unanswered = 0;
        int correct = 0;
        int withoutLogprobs = 0;
        QString firstReason;
        QString text(const QString &taker) const;
        QString warning(const QString &taker) const; // empty when every letter came from logprobs
    };
    static Summary summarize(const QVector<ExamAnswer> &answers);
    // Answers that choose each item's best-scored option.
    static Result<QVector<ExamAnswer>> answersFrom(const QVector<ExamItem> &items, const QVector<QVector<double>> &scores, double latencyMs);
    static QString letterPrompt(const QString &prompt, const ExamItem &item, const QString &context, const QVector<ExamItem> &examples);
};

} // namespace assay
