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

QVector<int> LlmJudge::votesOf(const QString &detail)
{
    QVector<int> out;
    if (!detail.startsWith(QLatin1String("votes ")))
        return out;
    const QString head = detail.mid(6).section(QLatin1Char(';'), 0, 0);
    for (const QString &v : head.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        out << (v == QLatin1String("1") ? 1 : v == QLatin1String("0") ? 0 : -1);
    return out;
}

Result<QVector<Judge::Verdict>> LlmJudge::judge(const QVector<Item> &items, const Context &context)
{
    using R = Result<QVector<Verdict>>;
    auto profile = LlmProfileStore::find(m_profile);
    if (!profile)
        return R::failure(profile.error());
    auto prompt = PromptLibrary::load(m_prompt);
    if (!prompt)
        return R::failure(prompt.error());
    std::unique_ptr<LlmStore> ledger = context.db ? std::make_unique<LlmStore>(*context.db) : nullptr;
    LlmClient client(profile.value(), ledger.get());
    const int repetitions = std::max(1, context.repetitions);
    QVector<LlmRequest> requests;
    requests.reserve(items.size() * repetitions);
    for (const Item &it : items) {
        LlmRequest request = LlmClient::chat({}, PromptLibrary::fill(prompt.value(), {{QStringLiteral("query"), it.query},
                                                                                     {QStringLiteral("gold"), QString::fromStdString(nlohmann::json(it.gold.toStdString()).dump())},
                                                                                     {QStringLiteral("response"), it.response}}),
                                             0, 16);
        request.tag = QStringLiteral("judge:%1").arg(m_profile);
        if (repetitions == 1) {
            requests << request; // exactly the request of a single verdict: its cache stays valid
            continue;
        }
        request.body["temperature"] = profile.value().judgeTemperature;
        for (int r = 0; r < repetitions; ++r) {
            LlmRequest repeated = request;
            repeated.body["seed"] = r;
            repeated.sampleIndex = r;
            requests << repeated;
        }
    }
    auto results = LlmBatchCall::run(client, requests, context.job);
    if (!results)
        return R::failure(QStringLiteral("judge %1").arg(results.error()), results.code());
    QVector<Verdict> out;
    out.reserve(items.size());
    for (qsizetype i = 0; i < items.size(); ++i) {
        Verdict v;
        if (repetitions == 1) {
            const QString reply = results.value()[i].content().trimmed();
            if (const int parsed = parseVerdict(reply); parsed >= 0)
                v.verdict = parsed;
            v.detail = reply.left(200);
            out << v;
            continue;
        }
        int ones = 0, zeros = 0;
        QStringList votes;
        QString firstReply;
        for (int r = 0; r < repetitions; ++r) {
            const QString reply = results.value()[i * repetitions + r].content().trimmed();
            if (r == 0)
                firstReply = reply;
            const int parsed = parseVerdict(reply);
            ones += parsed == 1;
            zeros += parsed == 0;
            votes << (parsed < 0 ? QStringLiteral("u") : QString::number(parsed));
        }
        if (ones != zeros)
            v.verdict = ones > zeros ? 1 : 0;
        v.detail = QStringLiteral("votes %1; %2").arg(votes.join(QLatin1Char(' ')), firstReply.left(160));
        out << v;
    }
    return out;
}

} // namespace assay
