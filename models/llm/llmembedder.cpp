#include "llm/llmembedder.h"

#include "core/job.h"
#include "llm/llmbatchcall.h"

#include <cmath>

namespace assay {

namespace {

// Unit-length vectors of one reply into out[start ...]; the failure in words, or empty.
QString vectorsInto(std::vector<std::vector<float>> &out, size_t start, int n, const LlmResult &r, const QString &profileName)
{
    if (!r.ok)
        return QStringLiteral("embeddings from '%1': %2").arg(profileName, r.error);
    const auto data = r.body.value("data", nlohmann::json::array());
    if (!data.is_array() || int(data.size()) != n)
        return QStringLiteral("embeddings from '%1': %2 vectors for %3 inputs").arg(profileName).arg(data.size()).arg(n);
    for (size_t i = 0; i < data.size(); ++i) {
        const size_t index = data[i].value("index", i);
        const auto &values = data[i].value("embedding", nlohmann::json::array());
        if (index >= size_t(n) || !values.is_array() || values.empty())
            return QStringLiteral("embeddings from '%1': item %2 has no vector").arg(profileName).arg(i);
        std::vector<float> v;
        v.reserve(values.size());
        double norm = 0;
        for (const auto &x : values) {
            v.push_back(x.is_number() ? x.get<float>() : 0.f);
            norm += double(v.back()) * v.back();
        }
        norm = std::sqrt(norm);
        if (norm > 0)
            for (float &x : v)
                x = float(x / norm);
        out[start + index] = std::move(v);
    }
    return {};
}

} // namespace

LlmEmbedder::LlmEmbedder(LlmProfile profile, LlmStore *store, QString tag) : m_client(std::move(profile), store), m_tag(std::move(tag)) {}

QString LlmEmbedder::modelKey() const { return m_client.profile().baseUrl + QLatin1Char('|') + m_client.profile().model; }

Result<std::vector<std::vector<float>>> LlmEmbedder::embed(const QStringList &texts, Job *job, int batchSize)
{
    using R = Result<std::vector<std::vector<float>>>;
    if (texts.isEmpty())
        return std::vector<std::vector<float>>();
    QVector<LlmRequest> requests;
    QVector<qint64> sizes;
    for (int start = 0; start < texts.size(); start += batchSize) {
        nlohmann::json input = nlohmann::json::array();
        for (const QString &t : texts.mid(start, batchSize))
            input.push_back(t.isEmpty() ? std::string(" ") : t.toStdString()); // servers refuse empty input
        LlmRequest request;
        request.path = QStringLiteral("/embeddings");
        request.body = {{"input", input}};
        request.tag = m_tag;
        requests << request;
        sizes << qint64(input.size());
    }
    auto results = LlmBatchCall::run(m_client, requests, job, false, sizes, QStringLiteral("embedding"));
    if (!results)
        return R::failure(QStringLiteral("embeddings: %1").arg(results.error()), results.code());
    std::vector<std::vector<float>> out(size_t(texts.size()));
    for (int i = 0, start = 0; i < requests.size(); start += int(sizes[i]), ++i)
        if (const QString failure = vectorsInto(out, size_t(start), int(sizes[i]), results.value()[i], m_client.profile().name); !failure.isEmpty())
            return R::failure(failure);
    for (size_t i = 1; i < out.size(); ++i)
        if (out[i].size() != out[0].size())
            return R::failure(QStringLiteral("embeddings from '%1': vectors of different lengths").arg(m_client.profile().name));
    return out;
}

} // namespace assay
