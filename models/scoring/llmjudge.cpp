#include "scoring/llmjudge.h"

#include "generation/promptlibrary.h"
#include "llm/llmbatchcall.h"
#include "llm/llmclient.h"
#include "llm/llmprofilestore.h"
#include "llm/llmstore.h"

#include <nlohmann/json.hpp>

namespace assay {

int LlmJudge::parseVerdict(const QString &reply)
{
    // "Incorrect" contains "correct": look for it first.
    const QString r = reply.toLower();
    if (r.contains(QLatin1String("incorrect")))
        return 0;
    if (r.contains(QLatin1String("correct")))
        return 1;
    return -1;
}

Result<QVector<Judge::Verdict>> LlmJudge::judge(const QVector<Item> &items, const Context &context)
{
    using R = Result<QVector<Verdict>>;
    auto profile = LlmProfileStore::find(m_profile);
    if (!profile)
        return R::failure(profile.error());
    auto prompt = PromptLibrary::load(QStringLiteral("judge"));
    if (!prompt)
        return R::failure(prompt.error());
    std::unique_ptr<LlmStore> ledger = context.db ? std::make_unique<LlmStore>(*context.db) : nullptr;
    LlmClient client(profile.value(), ledger.get());
    QVector<LlmRequest> requests;
    for (const Item &it : items) {
        LlmRequest request = LlmClient::chat({}, PromptLibrary::fill(prompt.value(), {{QStringLiteral("query"), it.query},
                                                                                     {QStringLiteral("gold"), QString::fromStdString(nlohmann::json(it.gold.toStdString()).dump())},
                                                                                     {QStringLiteral("response"), it.response}}),
                                             0, 16);
        request.tag = QStringLiteral("judge:%1").arg(m_profile);
        requests << request;
    }
    auto results = LlmBatchCall::run(client, requests, context.job);
    if (!results)
        return R::failure(QStringLiteral("judge %1").arg(results.error()), results.code());
    QVector<Verdict> out;
    out.reserve(items.size());
    for (const LlmResult &result : results.value()) {
        const QString reply = result.content().trimmed();
        Verdict v;
        if (const int parsed = parseVerdict(reply); parsed >= 0)
            v.verdict = parsed;
        v.detail = reply.left(200);
        out << v;
    }
    return out;
}

} // namespace assay
