#pragma once
// An LLM profile pointing at a test endpoint, saved in the (isolated) settings, with the
// environment variable holding its key set: what every LLM-backed test starts from.
#include "llm/llmclient.h"
#include "llm/llmprofilestore.h"
#include "testendpoint.h"

#include <QElapsedTimer>
#include <QTest>

#include <algorithm>

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

// Sends `n` distinct chat requests ("PREFIX 0", "PREFIX 1", ...) and waits for all of them
// (at most `timeoutMs`); the results in request order.
inline QVector<LlmResult> sendMany(LlmClient &client, int n, const QString &prefix, int timeoutMs = 30000)
{
    QVector<LlmResult> out(n);
    int done = 0;
    for (int i = 0; i < n; ++i)
        client.send(LlmClient::chat({}, QStringLiteral("%1 %2").arg(prefix).arg(i)), [&out, &done, i](const LlmResult &r) {
            out[i] = r;
            ++done;
        });
    QElapsedTimer clock;
    clock.start();
    while (done < n && clock.elapsed() < timeoutMs)
        QTest::qWait(5);
    return out;
}

inline int failedOf(const QVector<LlmResult> &results)
{
    return int(std::count_if(results.begin(), results.end(), [](const LlmResult &r) { return !r.ok; }));
}

} // namespace assay::test
