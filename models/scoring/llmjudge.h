#pragma once
// An LLM as judge: one request per item through the cached client of an LLM profile, with the
// editable prompt resources/prompts/judge.txt; a reply that says neither Correct nor Incorrect
// is kept unread (no verdict), never taken for Incorrect. See docs/METHODS.md §4.
#include "scoring/judge.h"

namespace assay {

class LlmJudge : public Judge {
public:
    explicit LlmJudge(QString profile) : m_profile(std::move(profile)) {}
    Result<QVector<Verdict>> judge(const QVector<Item> &items, const Context &context) override;
    // "Correct" → 1, "Incorrect" → 0, anything else → -1.
    static int parseVerdict(const QString &reply);

private:
    QString m_profile;
};

} // namespace assay
