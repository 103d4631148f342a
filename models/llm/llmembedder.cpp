#include "llm/llmembedder.h"

#include "core/job.h"
#include "llm/llmwait.h"

#include <cmath>
#include <memory>

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
    // Callbacks hold the state, not this frame: after a cancel, late replies land harmlessly.
    struct State {
        std::vector<std::vector<float>> out;
        QString failure;
        int outstanding = 0;
        qint64 done = 0;
        bool waiting = true;
    };
    auto state = std::make_shared<State>();
    state->out.resize(size_t(texts.size()));
    const QString profileName = m_client.profile().name;
    const qint64 total = texts.size();
    const Status waited = LlmWait::until(
        [&](const LlmWait::Done &finished) {
            for (int start = 0; start < texts.size(); start += batchSize) {
                const QStringList batch = texts.mid(start, batchSize);
                nlohmann::json input = nlohmann::json::array();
                for (const QString &t : batch)
                    input.push_back(t.isEmpty() ? std::string(" ") : t.toStdString()); // servers refuse empty input
                LlmRequest request;
                request.path = QStringLiteral("/embeddings");
                request.body = {{"input", input}};
                request.tag = m_tag;
                ++state->outstanding;
                m_client.send(std::move(request), [state, job, profileName, total, start, finished, n = int(batch.size())](const LlmResult &r) {
                    State &st = *state;
                    --st.outstanding;
                    if (!st.waiting)
                        return;
                    st.failure = st.failure.isEmpty() ? vectorsInto(st.out, size_t(start), n, r, profileName) : st.failure;
                    st.done += n;
                    if (job)
                        job->reportProgress(st.done, total, QStringLiteral("embedding"));
                    if (st.outstanding == 0 || !st.failure.isEmpty())
                        finished();
                });
            }
        },
        job);
    state->waiting = false;
    if (!waited)
        return R::failure(waited);
    if (!state->failure.isEmpty())
        return R::failure(state->failure);
    std::vector<std::vector<float>> out = std::move(state->out);
    for (size_t i = 1; i < out.size(); ++i)
        if (out[i].size() != out[0].size())
            return R::failure(QStringLiteral("embeddings from '%1': vectors of different lengths").arg(m_client.profile().name));
    return out;
}

} // namespace assay
