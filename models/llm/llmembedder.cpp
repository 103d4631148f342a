#include "llm/llmembedder.h"

#include "core/job.h"

#include <QEventLoop>
#include <QPointer>
#include <QTimer>

#include <cmath>
#include <memory>

namespace assay {

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
        QPointer<QEventLoop> loop;
    };
    auto state = std::make_shared<State>();
    state->out.resize(size_t(texts.size()));
    QEventLoop loop;
    state->loop = &loop;
    const QString profileName = m_client.profile().name;
    const qint64 total = texts.size();
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
        m_client.send(std::move(request), [state, job, profileName, total, start, n = int(batch.size())](const LlmResult &r) {
            State &st = *state;
            QString &failure = st.failure;
            --st.outstanding;
            if (!r.ok && failure.isEmpty())
                failure = QStringLiteral("embeddings from '%1': %2").arg(profileName, r.error);
            const auto data = r.ok ? r.body.value("data", nlohmann::json::array()) : nlohmann::json::array();
            if (r.ok && (!data.is_array() || int(data.size()) != n) && failure.isEmpty())
                failure = QStringLiteral("embeddings from '%1': %2 vectors for %3 inputs").arg(profileName).arg(data.size()).arg(n);
            for (size_t i = 0; failure.isEmpty() && i < data.size(); ++i) {
                const size_t index = data[i].value("index", i);
                const auto &values = data[i].value("embedding", nlohmann::json::array());
                if (index >= size_t(n) || !values.is_array() || values.empty()) {
                    failure = QStringLiteral("embeddings from '%1': item %2 has no vector").arg(profileName).arg(i);
                    break;
                }
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
                st.out[size_t(start) + index] = std::move(v);
            }
            st.done += n;
            if (job && st.loop)
                job->reportProgress(st.done, total, QStringLiteral("embedding"));
            if (st.outstanding == 0 && st.loop)
                st.loop->quit();
        });
    }
    QTimer cancelCheck;
    if (job) {
        QObject::connect(&cancelCheck, &QTimer::timeout, &loop, [&] {
            if (job->isCancelled()) {
                state->failure = QStringLiteral("cancelled");
                loop.quit();
            }
        });
        cancelCheck.start(100);
    }
    if (state->outstanding > 0)
        loop.exec();
    state->loop = nullptr;
    if (!state->failure.isEmpty())
        return R::failure(state->failure);
    std::vector<std::vector<float>> out = std::move(state->out);
    for (size_t i = 1; i < out.size(); ++i)
        if (out[i].size() != out[0].size())
            return R::failure(QStringLiteral("embeddings from '%1': vectors of different lengths").arg(m_client.profile().name));
    return out;
}

} // namespace assay
