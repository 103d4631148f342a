#include "scoring/llmjudge.h"

#include "generation/promptlibrary.h"
#include "llm/llmbatchcall.h"
#include "llm/llmclient.h"
#include "llm/llmprofilestore.h"
#include "llm/llmstore.h"

#include <QRegularExpression>

#include <nlohmann/json.hpp>

namespace assay {

int LlmJudge::parseVerdict(const QString &reply)
{
    // Strict (docs/METHODS.md §4.5): a JSON object {"verdict"|"judgement": "Correct"|"Incorrect"
    // | true|false | 1|0}, or one verdict word on the first line — after an optional label
    // ("##Judgement##:", "Judgement:", "Verdict:") and before optional punctuation and an
    // explanation. "Not correct" is Incorrect. Anything else is unread, never a guess.
    const QString text = reply.trimmed();
    if (text.startsWith(QLatin1Char('{'))) {
        const auto j = nlohmann::json::parse(text.toStdString(), nullptr, false);
        if (!j.is_object())
            return -1;
        for (const char *key : {"verdict", "judgement", "judgment"}) {
            if (!j.contains(key))
                continue;
            const auto &v = j[key];
            if (v.is_boolean())
                return v.get<bool>() ? 1 : 0;
            if (v.is_number_integer() && (v.get<int>() == 0 || v.get<int>() == 1))
                return v.get<int>();
            if (v.is_string())
                return parseVerdict(QString::fromStdString(v.get<std::string>()));
            return -1;
        }
        return -1;
    }
    static const QRegularExpression word(QStringLiteral("^(?:#*\\s*(?:judge?ment|verdict)\\s*#*\\s*:\\s*)?[*_`\"' ]*"
                                                        "(not\\s+correct|incorrect|correct)[*_`\"' ]*(?:$|[.!:;,\\-—–(]|\\s+[-—–(])"),
                                         QRegularExpression::CaseInsensitiveOption);
    const auto m = word.match(text.section(QLatin1Char('\n'), 0, 0).trimmed());
    if (!m.hasMatch())
        return -1;
    return m.captured(1).compare(QLatin1String("correct"), Qt::CaseInsensitive) == 0 ? 1 : 0;
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
        // The gold as a JSON string; with the project's aliases, the other ways the documents write
        // it follow (an item without aliases asks exactly as before, so its cache stays valid).
        QString gold = QString::fromStdString(nlohmann::json(it.gold.toStdString()).dump());
        if (!it.alternatives.isEmpty()) {
            QStringList forms;
            for (const QString &a : it.alternatives)
                forms << QString::fromStdString(nlohmann::json(a.toStdString()).dump());
            gold += QStringLiteral(" (also written %1)").arg(forms.join(QStringLiteral(" or ")));
        }
        LlmRequest request = LlmClient::chat({}, PromptLibrary::fill(prompt.value(), {{QStringLiteral("query"), it.query},
                                                                                     {QStringLiteral("gold"), gold},
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
    // A failed request leaves its item unread, with the error in its detail; the others are
    // judged (`score --retry-failed` asks again for those).
    auto results = LlmBatchCall::run(client, requests, context.job, true);
    if (!results)
        return R::failure(QStringLiteral("judge %1").arg(results.error()), results.code());
    const auto failure = [](const LlmResult &r) { return QStringLiteral("%1%2 (%3)").arg(QLatin1String(FailedPrefix), r.error, r.errorClass); };
    QVector<Verdict> out;
    out.reserve(items.size());
    for (qsizetype i = 0; i < items.size(); ++i) {
        Verdict v;
        if (repetitions == 1) {
            if (const LlmResult &r = results.value()[i]; !r.ok) {
                v.failed = true;
                v.detail = failure(r);
                out << v;
                continue;
            }
            const QString reply = results.value()[i].content().trimmed();
            if (const int parsed = parseVerdict(reply); parsed >= 0)
                v.verdict = parsed;
            v.detail = reply.left(200);
            out << v;
            continue;
        }
        int ones = 0, zeros = 0;
        QStringList votes;
        QString firstReply, failed;
        for (int r = 0; r < repetitions; ++r) {
            if (const LlmResult &call = results.value()[i * repetitions + r]; !call.ok) {
                failed = failure(call);
                votes << QStringLiteral("u");
                continue;
            }
            const QString reply = results.value()[i * repetitions + r].content().trimmed();
            if (r == 0)
                firstReply = reply;
            const int parsed = parseVerdict(reply);
            ones += parsed == 1;
            zeros += parsed == 0;
            votes << (parsed < 0 ? QStringLiteral("u") : QString::number(parsed));
        }
        if (!failed.isEmpty()) { // a vote missing: the majority of the others could mislead
            v.failed = true;
            v.detail = failed;
            out << v;
            continue;
        }
        if (ones != zeros)
            v.verdict = ones > zeros ? 1 : 0;
        v.detail = QStringLiteral("votes %1; %2").arg(votes.join(QLatin1Char(' ')), firstReply.left(160));
        out << v;
    }
    return out;
}

} // namespace assay
