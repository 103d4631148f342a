#include "analysis/llmclaimchecker.h"

#include "claims/claimstore.h"
#include "core/job.h"
#include "generation/promptlibrary.h"
#include "llm/llmbatchcall.h"
#include "llm/llmclient.h"
#include "llm/llmprofilestore.h"
#include "llm/llmstore.h"
#include "project/project.h"
#include "runs/runcontexts.h"
#include "runs/runresultstore.h"

#include <QHash>

#include <nlohmann/json.hpp>

namespace assay {

namespace {

QString llmClaimJson(const nlohmann::json &j) { return QString::fromStdString(j.dump()); }

QString numberedClaimLine(int index, const QString &claimJson) { return QStringLiteral("%1. %2").arg(index + 1).arg(ClaimSet::display(claimJson)); }

struct LlmPendingItem {
    const StoredRunItem *item = nullptr;
    bool hasResponse = true;
    QStringList chunks;
    int goldRequest = -1;     // index of the extraction request of its truth
    int responseRequest = -1; // and of its response (-1: no request, no claims)
    ClaimSet set;
};

// One check request: a reference read against claims, and where its labels go.
struct LlmCheckTarget {
    int item = 0;
    enum Reference { Gold, Response, Chunk } reference = Gold;
    int chunk = 0;
};

// The reply as JSON, read strictly: the whole reply, or the whole of one ```json fence. A JSON
// array found inside other text (a model echoing its prompt's "[]") is not a reply.
nlohmann::json strictReplyJson(const QString &reply)
{
    QString text = reply.trimmed();
    if (text.startsWith(QLatin1String("```"))) {
        const qsizetype firstLine = text.indexOf(QLatin1Char('\n'));
        const qsizetype close = text.lastIndexOf(QLatin1String("```"));
        if (firstLine < 0 || close <= firstLine)
            return nlohmann::json::value_t::discarded;
        text = text.mid(firstLine + 1, close - firstLine - 1).trimmed();
    }
    return nlohmann::json::parse(text.toStdString(), nullptr, false);
}

void fillLabels(QVector<ClaimVerdict> &target, const QVector<ClaimVerdict> &labels, int from, int count, int offset)
{
    for (int i = 0; i < count; ++i)
        target[offset + i] = labels.value(from + i, ClaimVerdict::Unknown);
}

} // namespace

QString LlmClaimChecker::Report::summary(const QString &run, const QString &profile, bool extractOnly) const
{
    QString text = QStringLiteral("Run %1: claims %2 by %3 on %4 of %5 items; left out: %6 failed items, %7 failed and %8 unreadable extractions.")
                       .arg(run, extractOnly ? QStringLiteral("extracted") : QStringLiteral("extracted and checked"), profile)
                       .arg(checked)
                       .arg(items)
                       .arg(failed)
                       .arg(extractionFailed)
                       .arg(extractionUnread);
    if (extractOnly)
        text += QStringLiteral(" Every check is unknown until the claims are checked (the extractions then come from the cache).");
    else
        text += QStringLiteral(" %1 of %2 check requests failed and %3 could not be read: %4 checks are unknown (never Neutral).")
                    .arg(checkFailed)
                    .arg(checkRequests)
                    .arg(checkUnread)
                    .arg(unknownChecks);
    return text + QStringLiteral(" LLM: %1.").arg(usage.summary());
}

std::optional<QStringList> LlmClaimChecker::parseClaims(const QString &reply)
{
    const nlohmann::json j = strictReplyJson(reply);
    if (!j.is_array())
        return std::nullopt;
    QStringList out;
    for (const auto &c : j) {
        if (c.is_string() && !QString::fromStdString(c.get<std::string>()).trimmed().isEmpty()) {
            out << llmClaimJson(nlohmann::json(QString::fromStdString(c.get<std::string>()).trimmed().toStdString()));
            continue;
        }
        const bool triplet = c.is_array() && c.size() == 3 && std::all_of(c.begin(), c.end(), [](const auto &p) { return p.is_string(); });
        if (!triplet)
            return std::nullopt;
        out << llmClaimJson(c);
    }
    return out;
}

std::optional<QVector<ClaimVerdict>> LlmClaimChecker::parseChecks(const QString &reply, int count)
{
    const nlohmann::json j = strictReplyJson(reply);
    if (!j.is_array() || int(j.size()) != count)
        return std::nullopt;
    QVector<ClaimVerdict> out;
    for (const auto &label : j) {
        const QString l = label.is_string() ? QString::fromStdString(label.get<std::string>()).trimmed().toLower() : QString();
        out << (l == QLatin1String("entailment")      ? ClaimVerdict::Entailment
                : l == QLatin1String("neutral")       ? ClaimVerdict::Neutral
                : l == QLatin1String("contradiction") ? ClaimVerdict::Contradiction
                                                      : ClaimVerdict::Unknown);
    }
    return out;
}

Result<LlmClaimChecker::Report> LlmClaimChecker::run(Project &project, qint64 runId, const QString &profileName, Mode mode, Job *job)
{
    using R = Result<Report>;
    auto profile = LlmProfileStore::find(profileName);
    if (!profile)
        return R::failure(profile.error());
    auto extractPrompt = PromptLibrary::load(QStringLiteral("claim_extract"));
    if (!extractPrompt)
        return R::failure(extractPrompt);
    auto checkPrompt = PromptLibrary::load(QStringLiteral("claim_check"));
    if (!checkPrompt)
        return R::failure(checkPrompt);
    Database &db = project.database();
    RunResultStore results(db);
    auto reader = results.readerOf(runId);
    if (!reader)
        return R::failure(reader);
    auto items = results.executed(runId);
    if (!items)
        return R::failure(items);
    LlmStore ledger(db);
    LlmClient client(profile.value(), &ledger);
    const QString tag = QStringLiteral("claims:%1").arg(profileName);
    const QString checker = checkerOf(profileName);

    Report report;
    report.items = items.value().size();
    // Extraction: one request per distinct (question, text), shared by the items that ask it.
    QVector<LlmPendingItem> pending;
    QVector<LlmRequest> extractions;
    QHash<QString, int> extractionOf;
    const auto extraction = [&](const QString &question, const QString &text) {
        const QString key = question + QChar(0) + text;
        if (auto it = extractionOf.constFind(key); it != extractionOf.constEnd())
            return it.value();
        LlmRequest request = LlmClient::chat({}, PromptLibrary::fill(extractPrompt.value(), {{QStringLiteral("question"), question}, {QStringLiteral("text"), text}}), 0, 1024);
        request.tag = tag;
        extractions << request;
        extractionOf.insert(key, int(extractions.size() - 1));
        return int(extractions.size() - 1);
    };
    const bool retrievalOnly = reader.value() == QLatin1String("none");
    for (const StoredRunItem &item : items.value()) {
        if (!item.error.isEmpty()) {
            ++report.failed;
            continue;
        }
        LlmPendingItem p;
        p.item = &item;
        p.hasResponse = !retrievalOnly;
        p.chunks = RunContexts::chunkTexts(item.retrievedIds, item.retrievedText, item.retrievedTexts);
        p.goldRequest = item.gold.trimmed().isEmpty() ? -1 : extraction(item.query, item.gold.trimmed());
        if (p.hasResponse && !item.answer.trimmed().isEmpty())
            p.responseRequest = extraction(item.query, item.answer.trimmed());
        pending << p;
    }
    const auto stopped = [](const QVector<LlmResult> &all) -> const LlmResult * {
        for (const LlmResult &r : all)
            if (!r.ok && r.stopsWork)
                return &r;
        return nullptr;
    };
    auto extracted = LlmBatchCall::run(client, extractions, job, true, {}, QStringLiteral("Extracting claims"));
    if (!extracted)
        return R::failure(extracted);
    if (const LlmResult *stop = stopped(extracted.value()))
        return R::failure(QStringLiteral("claim extraction stopped, nothing was stored: %1 (%2)").arg(stop->error, stop->errorClass));
    QVector<std::optional<QStringList>> claimsOf(extractions.size());
    QVector<bool> extractionOk(extractions.size());
    for (int i = 0; i < extractions.size(); ++i) {
        extractionOk[i] = extracted.value()[i].ok;
        if (extractionOk[i])
            claimsOf[i] = parseClaims(extracted.value()[i].content());
    }

    // The items whose claims could be read, with every check Unknown until checked.
    QVector<LlmPendingItem> ready;
    for (LlmPendingItem &p : pending) {
        bool failed = false, unread = false;
        for (int request : {p.goldRequest, p.responseRequest})
            if (request >= 0) {
                failed = failed || !extractionOk[request];
                unread = unread || (extractionOk[request] && !claimsOf[request]);
            }
        if (failed || unread) {
            report.extractionFailed += failed;
            report.extractionUnread += !failed && unread;
            continue;
        }
        ClaimSet &s = p.set;
        s.itemId = p.item->id;
        s.itemKey = p.item->key;
        s.checker = checker;
        s.hasResponse = p.hasResponse;
        if (p.goldRequest >= 0)
            s.answerClaims = *claimsOf[p.goldRequest];
        if (p.responseRequest >= 0)
            s.responseClaims = *claimsOf[p.responseRequest];
        ClaimChecks &c = s.checks;
        c.responseClaims = int(s.responseClaims.size());
        c.answerClaims = int(s.answerClaims.size());
        c.chunks = int(p.chunks.size());
        c.responseByAnswer = QVector<ClaimVerdict>(c.responseClaims, ClaimVerdict::Unknown);
        c.answerByResponse = QVector<ClaimVerdict>(c.answerClaims, ClaimVerdict::Unknown);
        c.responseByChunk = QVector<ClaimVerdict>(c.responseClaims * c.chunks, ClaimVerdict::Unknown);
        c.answerByChunk = QVector<ClaimVerdict>(c.answerClaims * c.chunks, ClaimVerdict::Unknown);
        report.withoutResponse += !p.hasResponse;
        ready << p;
    }

    if (mode == Mode::Check) {
        QVector<LlmRequest> checks;
        QVector<LlmCheckTarget> targets;
        const auto ask = [&](const QString &reference, const QStringList &claims, const LlmCheckTarget &target) {
            QStringList lines;
            for (int i = 0; i < claims.size(); ++i)
                lines << numberedClaimLine(i, claims[i]);
            LlmRequest request = LlmClient::chat({}, PromptLibrary::fill(checkPrompt.value(), {{QStringLiteral("reference"), reference},
                                                                                              {QStringLiteral("claims"), lines.join(QLatin1Char('\n'))},
                                                                                              {QStringLiteral("count"), QString::number(claims.size())}}),
                                                 0, 16 + 8 * int(claims.size()));
            request.tag = tag;
            checks << request;
            targets << target;
        };
        for (int i = 0; i < ready.size(); ++i) {
            const LlmPendingItem &p = ready[i];
            const ClaimSet &s = p.set;
            if (!s.responseClaims.isEmpty() && !p.item->gold.trimmed().isEmpty())
                ask(p.item->gold.trimmed(), s.responseClaims, {i, LlmCheckTarget::Gold, 0});
            else if (!s.responseClaims.isEmpty()) // no ground-truth answer: it entails nothing
                ready[i].set.checks.responseByAnswer.fill(ClaimVerdict::Neutral);
            if (!s.answerClaims.isEmpty() && p.hasResponse && !p.item->answer.trimmed().isEmpty())
                ask(p.item->answer.trimmed(), s.answerClaims, {i, LlmCheckTarget::Response, 0});
            if (!s.responseClaims.isEmpty() || !s.answerClaims.isEmpty())
                for (int k = 0; k < p.chunks.size(); ++k)
                    ask(p.chunks[k], s.responseClaims + s.answerClaims, {i, LlmCheckTarget::Chunk, k});
            // A ground-truth claim against an empty response: the response entails nothing.
            if (!s.answerClaims.isEmpty() && p.hasResponse && p.item->answer.trimmed().isEmpty())
                ready[i].set.checks.answerByResponse.fill(ClaimVerdict::Neutral);
        }
        report.checkRequests = checks.size();
        auto checked = LlmBatchCall::run(client, checks, job, true, {}, QStringLiteral("Checking claims"));
        if (!checked)
            return R::failure(checked);
        if (const LlmResult *stop = stopped(checked.value()))
            return R::failure(QStringLiteral("claim checking stopped, nothing was stored: %1 (%2)").arg(stop->error, stop->errorClass));
        for (int r = 0; r < checks.size(); ++r) {
            const LlmCheckTarget &t = targets[r];
            ClaimChecks &c = ready[t.item].set.checks;
            const int nr = c.responseClaims, ng = c.answerClaims;
            const int count = t.reference == LlmCheckTarget::Gold ? nr : t.reference == LlmCheckTarget::Response ? ng : nr + ng;
            std::optional<QVector<ClaimVerdict>> labels;
            if (!checked.value()[r].ok)
                ++report.checkFailed;
            else if (!(labels = parseChecks(checked.value()[r].content(), count)))
                ++report.checkUnread;
            const QVector<ClaimVerdict> got = labels.value_or(QVector<ClaimVerdict>(count, ClaimVerdict::Unknown));
            if (t.reference == LlmCheckTarget::Gold)
                fillLabels(c.responseByAnswer, got, 0, nr, 0);
            else if (t.reference == LlmCheckTarget::Response)
                fillLabels(c.answerByResponse, got, 0, ng, 0);
            else {
                for (int i = 0; i < nr; ++i)
                    c.responseByChunk[i * c.chunks + t.chunk] = got[i];
                for (int g = 0; g < ng; ++g)
                    c.answerByChunk[g * c.chunks + t.chunk] = got[nr + g];
            }
        }
    }
    if (job && job->isCancelled())
        return R::cancelled();
    QVector<ClaimSet> sets;
    sets.reserve(ready.size());
    for (const LlmPendingItem &p : ready) {
        const ClaimChecks &c = p.set.checks;
        for (const auto *list : {&c.responseByAnswer, &c.answerByResponse, &c.responseByChunk, &c.answerByChunk})
            report.unknownChecks += std::count(list->begin(), list->end(), ClaimVerdict::Unknown);
        sets << p.set;
    }
    if (auto s = ClaimStore(db).replace(runId, checker, sets); !s)
        return R::failure(s);
    report.checked = sets.size();
    report.usage = client.usage(tag);
    return report;
}

} // namespace assay
