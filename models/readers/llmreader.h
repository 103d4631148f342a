#pragma once
// reader=llm:PROFILE — the prompt template (bundled "reader", or the user's edited copy) with
// the numbered sources, optional worked examples and the question, sent through the shared
// LLM client so calls are paced, retried, cached and accounted.
#include "llm/llmclient.h"
#include "readers/reader.h"

namespace assay {

class LlmReader : public Reader {
public:
    LlmReader(LlmProfile profile, QString prompt, LlmStore *store, QString tag);
    void answer(const ReaderRequest &request, Done done) override;
    int concurrency() const override { return 2 * m_client.profile().concurrency; }

    // The user message for a request: sources numbered [1], [2], … with their document ids.
    static QString buildPrompt(const QString &prompt, const ReaderRequest &request);

private:
    LlmClient m_client;
    QString m_prompt;
    QString m_tag;
};

} // namespace assay
