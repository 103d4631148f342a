#pragma once
// An LLM profile pointing at a test endpoint, saved in the (isolated) settings, with the
// environment variable holding its key set: what every LLM-backed test starts from.
#include "llm/llmprofilestore.h"
#include "testendpoint.h"

namespace assay::test {

inline bool saveEndpointProfile(const TestEndpoint &endpoint, const QString &name, double pricePerMillionInput = 0, double pricePerMillionOutput = 0)
{
    qputenv("ASSAY_TEST_KEY", "sk-test-0000-key");
    LlmProfile p;
    p.name = name;
    p.baseUrl = endpoint.baseUrl();
    p.model = QStringLiteral("test-model");
    p.keyEnv = QStringLiteral("ASSAY_TEST_KEY");
    p.retryBaseMs = 20;
    p.timeoutMs = 5000;
    p.pricePerMillionInput = pricePerMillionInput;
    p.pricePerMillionOutput = pricePerMillionOutput;
    return LlmProfileStore::save(p).ok();
}

} // namespace assay::test
