#pragma once
// One exam taker ("student") as a value: KIND[:ARG][:OPTION...], parsed by the kind's entry
// in TakerRegistry, written back by text(). Errors name the spec and the bad part.
#include "core/result.h"
#include "exams/examitem.h"

#include <QString>

#include <nlohmann/json.hpp>

namespace assay {

struct TakerKind;

struct TakerSpec {
    QString kind;                              // ir, oracle-ir, llm-letter, llm-loglik, ...
    QString retriever = QStringLiteral("bm25"); // ir: the retriever scoring the options
    int k = 3;                                 // ir: hits summed per option
    QString profile;                           // LLM takers: the profile answering
    int icl = 0;                               // llm-letter: worked examples
    QString context;                           // llm-letter: retriever for context, empty: none
    bool normalised = false;                   // llm-loglik: per-token log-likelihood
    QString text;                              // canonical spec, as stored with the take
    // llm-letter: the items worked examples come from (empty: the items taken). An adaptive
    // take gives one item at a time and keeps the examples those of the whole exam.
    QVector<ExamItem> examplePool;

    // The take's factors for the hierarchical IRT model (llm, retriever, k, icl).
    nlohmann::json factors() const;
    const TakerKind *entry() const; // null for a default-constructed spec

    static Result<TakerSpec> parse(const QString &text);
};

} // namespace assay
