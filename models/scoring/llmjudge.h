#pragma once
// An LLM as judge: one request per item through the cached client of an LLM profile, with the
// editable prompt resources/prompts/judge.txt; a reply that says neither Correct nor Incorrect
// is kept unread (no verdict), never taken for Incorrect; a request that fails leaves its item
// unread with the error, and the other items are judged. With repetitions, each item is asked
// N times, each request with its own seed (so neither the cache nor the server returns one
// reply N times), at the profile's judge temperature; the majority is the verdict (a tie or
// no readable vote: none). See docs/METHODS.md §5.11.
#include "scoring/judge.h"

namespace assay {

class LlmJudge : public Judge {
public:
    // prompt: the prompt file's name (judge; probe_order for the order probe, METHODS §5.12).
    explicit LlmJudge(QString profile, QString prompt = QStringLiteral("judge")) : m_profile(std::move(profile)), m_prompt(std::move(prompt)) {}
    Result<QVector<Verdict>> judge(const QVector<Item> &items, const Context &context) override;
    // "Correct" → 1, "Incorrect" or "Not correct" → 0, read strictly (a JSON verdict, or one
    // verdict word on the first line after an optional label); anything else → -1.
    static int parseVerdict(const QString &reply);
    // The repeated verdicts recorded at the head of a detail ("votes 1 0 u; …"): 1, 0 or -1
    // (unread) per repetition; empty when the detail has none.
    static QVector<int> votesOf(const QString &detail);

private:
    QString m_profile;
    QString m_prompt;
};

} // namespace assay
