#include "exams/llmtaker.h"

#include "core/job.h"
#include "exams/examtaker.h"
#include "generation/promptlibrary.h"
#include "llm/llmbatchcall.h"
#include "llm/llmclient.h"
#include "llm/llmprofilestore.h"
#include "llm/llmstore.h"
#include "retrieval/corpusstore.h"
#include "retrieval/retriever.h"

#include <QElapsedTimer>

#include <algorithm>

namespace assay {

namespace {
const char *LlmTakerLetters = "ABCD";

// The profile's client on the project's LLM cache; a missing profile fails before any work.
struct ProfileClient {
    LlmStore store;
    LlmClient client;
    ProfileClient(Database &db, const LlmProfile &profile) : store(db), client(profile, &store) {}
};

Result<std::unique_ptr<ProfileClient>> clientFor(Database &db, const QString &profileName)
{
    auto profile = LlmProfileStore::find(profileName);
    if (!profile)
        return Result<std::unique_ptr<ProfileClient>>::failure(profile.error());
    return std::make_unique<ProfileClient>(db, profile.value());
}
} // namespace

Result<QVector<ExamAnswer>> LlmTaker::takeLetter(Database &db, const QVector<ExamItem> &items, const TakerSpec &spec, Job *job)
{
    using R = Result<QVector<ExamAnswer>>;
    auto called = clientFor(db, spec.profile);
    if (!called)
        return R::failure(called.error());
    LlmStore &store = called.value()->store;
    LlmClient &client = called.value()->client;
    QVector<LlmRequest> requests;
    auto prompt = PromptLibrary::load(QStringLiteral("exam_letter"));
    if (!prompt)
        return R::failure(prompt.error());
    std::unique_ptr<Retriever> contextRetriever;
    if (!spec.context.isEmpty()) {
        auto r = Retriever::create(spec.context, db, {}, &store, job);
        if (!r)
            return R::failure(r.error());
        contextRetriever = r.take();
    }
    CorpusStore corpus(db);
    for (int i = 0; i < items.size(); ++i) {
        QVector<ExamItem> examples;
        const QVector<ExamItem> &pool = spec.examplePool.isEmpty() ? items : spec.examplePool;
        for (int e = 0; e < pool.size() && examples.size() < spec.icl; ++e)
            if (spec.examplePool.isEmpty() ? e != i : pool[e].key != items[i].key)
                examples << pool[e];
        QString context;
        if (contextRetriever) {
            auto hits = contextRetriever->retrieve({items[i].stem, items[i].sourceDocs}, 3);
            if (!hits)
                return R::failure(hits);
            for (const RetrievalHit &h : hits.value()) {
                auto text = corpus.chunkText(h.chunkId);
                if (!text)
                    return R::failure(text);
                if (!text.value().isEmpty())
                    context += text.value().trimmed() + QStringLiteral("\n\n");
            }
        }
        LlmRequest r = LlmClient::chat({}, ExamTaker::letterPrompt(prompt.value(), items[i], context.trimmed(), examples), 0, 1);
        r.body["logprobs"] = true;
        r.body["top_logprobs"] = 5;
        r.tag = QStringLiteral("exam:%1").arg(spec.text);
        requests << r;
    }
    // A failed request leaves its item unanswered, the error kept as the reason; the take goes on.
    auto results = LlmBatchCall::run(client, requests, job, true);
    if (!results)
        return R::failure(results.error());
    QVector<ExamAnswer> out;
    for (int i = 0; i < items.size(); ++i) {
        const LlmResult &res = results.value()[i];
        QVector<double> s(4, -1e9);
        bool fromLogprobs = false;
        const auto content = res.body.value("choices", nlohmann::json::array());
        if (!content.empty() && content[0].contains("logprobs") && content[0]["logprobs"].is_object()) {
            const auto tokens = content[0]["logprobs"].value("content", nlohmann::json::array());
            if (!tokens.empty())
                for (const auto &top : tokens[0].value("top_logprobs", nlohmann::json::array())) {
                    const QString token = QString::fromStdString(top.value("token", std::string())).trimmed();
                    const int letter = token.size() == 1 ? int(QByteArray(LlmTakerLetters).indexOf(token.at(0).toLatin1())) : -1;
                    if (letter >= 0 && top.value("logprob", -1e9) > s[letter]) {
                        s[letter] = top.value("logprob", -1e9);
                        fromLogprobs = true;
                    }
                }
        }
        ExamAnswer a;
        a.itemId = items[i].id;
        a.latencyMs = double(res.latencyMs);
        if (!fromLogprobs) {
            // Without logprobs only a reply that is a letter counts: "Correct", "Answer…" or
            // "Based on…" must not become C, A or B.
            a.withoutLogprobs = true;
            const int letter = res.ok ? ExamTaker::letterOf(res.content()) : -1;
            if (letter >= 0)
                s[letter] = 0;
            else if (!res.ok)
                a.reason = QStringLiteral("the call failed: %1: %2").arg(res.errorClass, res.error.left(200));
            else
                a.reason = QStringLiteral("no standalone letter in the reply: %1").arg(res.content().trimmed().left(200));
        }
        a.scores = s;
        a.chosen = *std::max_element(s.begin(), s.end()) > -1e9 ? ExamTaker::best(s) : -1;
        a.correct = a.chosen >= 0 && a.chosen == items[i].answer;
        out << a;
    }
    return out;
}

Result<QVector<ExamAnswer>> LlmTaker::takeLoglik(Database &db, const QVector<ExamItem> &items, const TakerSpec &spec, Job *job)
{
    using R = Result<QVector<ExamAnswer>>;
    QElapsedTimer clock;
    clock.start();
    QVector<QVector<double>> scores(items.size(), QVector<double>(4, 0.0));
    auto called = clientFor(db, spec.profile);
    if (!called)
        return R::failure(called.error());
    LlmClient &client = called.value()->client;
    QVector<LlmRequest> requests;
    // llm-loglik: one /completions request per option, the stem as the prefix.
    for (const ExamItem &it : items)
        for (const QString &o : it.options) {
            LlmRequest r;
            r.path = QStringLiteral("/completions");
            r.body = {{"prompt", (QStringLiteral("Question: %1\nAnswer: ").arg(it.stem) + o).toStdString()}, {"max_tokens", 0}, {"echo", true}, {"logprobs", 0}, {"temperature", 0}};
            r.tag = QStringLiteral("exam:%1").arg(spec.text);
            requests << r;
        }
    auto results = LlmBatchCall::run(client, requests, job);
    if (!results)
        return R::failure(results.error());
    for (int i = 0; i < items.size(); ++i) {
        const int prefix = int(QStringLiteral("Question: %1\nAnswer: ").arg(items[i].stem).size());
        for (int o = 0; o < items[i].options.size() && o < 4; ++o) {
            const LlmResult &res = results.value()[i * int(items[i].options.size()) + o];
            const auto choices = res.body.value("choices", nlohmann::json::array());
            const auto logprobs = choices.empty() ? nlohmann::json() : choices[0].value("logprobs", nlohmann::json());
            if (!logprobs.is_object() || !logprobs.value("tokens", nlohmann::json()).is_array() || !logprobs.value("token_logprobs", nlohmann::json()).is_array())
                return R::failure(QStringLiteral("%1 does not return echoed token logprobs from /completions, which llm-loglik needs; use llm-letter").arg(spec.profile));
            const auto &tokens = logprobs["tokens"];
            const auto &values = logprobs["token_logprobs"];
            int offset = 0, count = 0;
            double sum = 0;
            for (size_t t = 0; t < tokens.size() && t < values.size(); ++t) {
                const int length = int(QString::fromStdString(tokens[t].get<std::string>()).size());
                // A token belongs to the option when it reaches past the prefix (" Ana" starts
                // with the prefix's last space).
                if (offset + length > prefix && values[t].is_number()) {
                    sum += values[t].get<double>();
                    ++count;
                }
                offset += length;
            }
            scores[i][o] = spec.normalised ? (count ? sum / count : -1e9) : sum;
        }
    }
    return ExamTaker::answersFrom(items, scores, double(clock.nsecsElapsed()) / 1e6 / std::max<qsizetype>(1, items.size()));
}

} // namespace assay
