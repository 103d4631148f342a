#include "analysis/garageevaluator.h"

#include "core/job.h"
#include "generation/promptlibrary.h"
#include "llm/jsonextractor.h"
#include "llm/llmbatchcall.h"
#include "llm/llmclient.h"
#include "llm/llmprofilestore.h"
#include "llm/llmstore.h"
#include "analysis/garagedata.h"
#include "project/project.h"

#include <QRegularExpression>
#include <QSet>

#include <nlohmann/json.hpp>

namespace assay {

namespace {

struct Judged {
    std::optional<bool> deflected; // by the LLM
    bool hasSentences = false;
    bool factual = false;
    bool eligible = false;
    bool unread = false;
};

// Sends every request and waits; replies by index.
Result<QVector<QString>> askAll(const LlmProfile &profile, LlmStore *store, const QVector<LlmRequest> &requests, Job *job)
{
    LlmClient client(profile, store);
    auto results = LlmBatchCall::run(client, requests, job);
    if (!results)
        return Result<QVector<QString>>::failure(QStringLiteral("GaRAGe judge %1").arg(results.error()));
    QVector<QString> replies;
    for (const LlmResult &r : results.value())
        replies << r.content();
    return replies;
}

void add(GarageScores &s, const GarageQuestion &q, bool deflected, const Judged &j, bool withRaf)
{
    ++s.questions;
    if (!q.hasRelevant()) {
        ++s.withoutRelevant;
        s.deflectedWithoutRelevant += deflected;
        return;
    }
    ++s.withRelevant;
    s.deflectedWithRelevant += deflected;
    QSet<QString> relevant;
    for (const GaragePassage &p : q.passages)
        if (p.relevant)
            relevant.insert(p.key);
    const QStringList cited = GarageEvaluator::citations(q.response);
    int hits = 0;
    for (const QString &c : cited)
        hits += relevant.contains(c);
    const double precision = cited.isEmpty() ? 0.0 : double(hits) / cited.size();
    const double recall = double(hits) / relevant.size();
    s.sumPrecision += precision;
    s.sumRecall += recall;
    s.sumF1 += precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0.0;
    s.citedRelevant += hits;
    s.cited += cited.size();
    s.relevant += relevant.size();
    if (withRaf) {
        if (j.unread) {
            ++s.unread;
        } else {
            ++s.judged;
            s.factual += j.factual;
            s.factualEligible += j.factual && j.eligible;
        }
    }
}

} // namespace

QStringList GarageEvaluator::citations(const QString &response)
{
    static const QRegularExpression bracket(QStringLiteral("\\[([^\\]]*)\\]"));
    static const QRegularExpression key(QStringLiteral("cite_\\d+"));
    QStringList out;
    for (auto m = bracket.globalMatch(response); m.hasNext();)
        for (auto k = key.globalMatch(m.next().captured(1)); k.hasNext();) {
            const QString c = k.next().captured(0);
            if (!out.contains(c))
                out << c;
        }
    return out;
}

QStringList GarageEvaluator::sentences(const QString &response)
{
    static const QRegularExpression markers(QStringLiteral("\\s*\\[[^\\]]*cite_\\d+[^\\]]*\\]"));
    static const QRegularExpression boundary(QStringLiteral("(?<=[.!?])\\s+(?=[\\p{Lu}\\d\"'(])|\\n+"));
    QString text = response;
    text.replace(markers, QString());
    QStringList out;
    for (const QString &s : text.split(boundary, Qt::SkipEmptyParts))
        if (!s.trimmed().isEmpty())
            out << s.trimmed();
    return out;
}

bool GarageEvaluator::deflectsByPhrase(const QString &response, const QStringList &phrases)
{
    const QString r = response.toCaseFolded().replace(QChar(0x2019), QLatin1Char('\''));
    for (const QString &p : phrases)
        if (!p.trimmed().isEmpty() && r.contains(p.trimmed().toCaseFolded()))
            return true;
    return response.trimmed().isEmpty();
}

Result<QStringList> GarageEvaluator::bundledPhrases()
{
    auto text = PromptLibrary::load(QStringLiteral("deflection_phrases"));
    if (!text)
        return Result<QStringList>::failure(text.error());
    return text.value().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

Result<GarageReport> GarageEvaluator::evaluate(const QVector<GarageQuestion> &questions, const Options &options, LlmStore *store, Job *job)
{
    using R = Result<GarageReport>;
    GarageReport report;
    QStringList phrases = options.deflectionPhrases;
    if (phrases.isEmpty()) {
        auto bundled = bundledPhrases();
        if (!bundled)
            return R::failure(bundled.error());
        phrases = bundled.value();
    }
    QVector<Judged> judged(questions.size());
    report.withRaf = !options.judgeProfile.isEmpty();
    report.deflectionMethod = report.withRaf ? QStringLiteral("llm:%1").arg(options.judgeProfile) : QStringLiteral("phrases");
    if (report.withRaf) {
        auto profile = LlmProfileStore::find(options.judgeProfile);
        if (!profile)
            return R::failure(profile.error());
        auto deflectionPrompt = PromptLibrary::load(QStringLiteral("garage_deflection"));
        auto sentencePrompt = PromptLibrary::load(QStringLiteral("garage_sentences"));
        if (!deflectionPrompt || !sentencePrompt)
            return R::failure(!deflectionPrompt ? deflectionPrompt.error() : sentencePrompt.error());
        QVector<LlmRequest> requests;
        QVector<QPair<int, bool>> meaning; // question index, true = sentence judgement
        for (int i = 0; i < questions.size(); ++i) {
            const GarageQuestion &q = questions[i];
            LlmRequest d = LlmClient::chat({}, PromptLibrary::fill(deflectionPrompt.value(), {{QStringLiteral("question"), q.question},
                                                                                              {QStringLiteral("response"), q.response}}), 0, 4);
            d.tag = QStringLiteral("garage");
            requests << d;
            meaning.append({i, false});
            const QStringList sentences = GarageEvaluator::sentences(q.response);
            if (!q.hasRelevant() || sentences.isEmpty())
                continue;
            QString passages, numbered;
            for (const GaragePassage &p : q.passages)
                if (p.relevant)
                    passages += QStringLiteral("[%1] %2\n").arg(p.key, p.text.trimmed());
            for (int s = 0; s < sentences.size(); ++s)
                numbered += QStringLiteral("%1. %2\n").arg(s + 1).arg(sentences[s]);
            LlmRequest j = LlmClient::chat({}, PromptLibrary::fill(sentencePrompt.value(), {{QStringLiteral("passages"), passages.trimmed()},
                                                                                            {QStringLiteral("question"), q.question},
                                                                                            {QStringLiteral("sentences"), numbered.trimmed()}}), 0, 512);
            j.tag = QStringLiteral("garage");
            requests << j;
            meaning.append({i, true});
            judged[i].hasSentences = true;
        }
        auto replies = askAll(profile.value(), store, requests, job);
        if (!replies)
            return R::failure(replies.error());
        for (int r = 0; r < requests.size(); ++r) {
            Judged &j = judged[meaning[r].first];
            const QString reply = replies.value()[r];
            if (!meaning[r].second) {
                const QString word = reply.trimmed().toLower();
                if (word.startsWith(QLatin1String("yes")))
                    j.deflected = true;
                else if (word.startsWith(QLatin1String("no")))
                    j.deflected = false;
                continue;
            }
            auto parsed = JsonExtractor::extract(reply);
            const auto expected = GarageEvaluator::sentences(questions[meaning[r].first].response).size();
            if (!parsed || !parsed.value().is_object() || !parsed.value().value("sentences", nlohmann::json()).is_array()
                || parsed.value()["sentences"].size() != size_t(expected)) {
                j.unread = true;
                continue;
            }
            bool factual = true;
            for (const auto &label : parsed.value()["sentences"]) {
                const std::string l = label.is_string() ? label.get<std::string>() : std::string();
                if (l == "unsupported" || l == "contradictory")
                    factual = false;
                else if (l != "supported" && l != "no_rad")
                    j.unread = true;
            }
            j.factual = factual;
            j.eligible = parsed.value().value("answers_question", false);
        }
    }
    for (int i = 0; i < questions.size(); ++i) {
        const GarageQuestion &q = questions[i];
        Judged j = judged[i];
        // A response with no sentences to judge (empty, or only a deflection) is not factual.
        if (report.withRaf && q.hasRelevant() && !j.hasSentences)
            j.factual = j.eligible = false;
        const bool deflected = j.deflected ? *j.deflected : deflectsByPhrase(q.response, phrases);
        add(report.overall, q, deflected, j, report.withRaf);
        for (auto it = q.labels.begin(); it != q.labels.end(); ++it)
            add(report.byLabel[it.key()][it.value()], q, deflected, j, report.withRaf);
    }
    return report;
}

nlohmann::json GarageScores::toJson(bool withRaf) const
{
    const auto ratio = [](double a, double b) { return b > 0 ? nlohmann::json(a / b) : nlohmann::json(nullptr); };
    const auto harmonic = [](const nlohmann::json &p, const nlohmann::json &r) {
        if (p.is_null() || r.is_null())
            return nlohmann::json(nullptr);
        const double x = p.get<double>(), y = r.get<double>();
        return nlohmann::json(x + y > 0 ? 2 * x * y / (x + y) : 0.0);
    };
    const nlohmann::json microP = ratio(double(citedRelevant), double(cited)), microR = ratio(double(citedRelevant), double(relevant));
    nlohmann::json out = {{"questions", questions},
                          {"deflection", {{"tpr", ratio(deflectedWithoutRelevant, withoutRelevant)},
                                          {"fpr", ratio(deflectedWithRelevant, withRelevant)},
                                          {"without_relevant", withoutRelevant},
                                          {"with_relevant", withRelevant}}},
                          {"attribution", {{"macro", {{"precision", ratio(sumPrecision, withRelevant)}, {"recall", ratio(sumRecall, withRelevant)},
                                                      {"f1", ratio(sumF1, withRelevant)}}},
                                           {"micro", {{"precision", microP}, {"recall", microR}, {"f1", harmonic(microP, microR)}}}}}};
    if (withRaf)
        out["factuality"] = {{"raf", ratio(factualEligible, judged)}, {"uraf", ratio(factual, judged)}, {"judged", judged}, {"unread", unread}};
    else
        out["factuality"] = {{"raf", nullptr}, {"uraf", nullptr}, {"note", "needs --judge PROFILE"}};
    return out;
}

nlohmann::json GarageReport::toJson() const
{
    nlohmann::json out = overall.toJson(withRaf);
    out["deflection"]["method"] = deflectionMethod.toStdString();
    nlohmann::json labels = nlohmann::json::object();
    for (auto l = byLabel.begin(); l != byLabel.end(); ++l)
        for (auto v = l.value().begin(); v != l.value().end(); ++v)
            labels[l.key().toStdString()][v.key().toStdString()] = v.value().toJson(withRaf);
    out["by_label"] = labels;
    return out;
}

Result<GarageReport> GarageEvaluator::evaluateFiles(Project &project, const QString &benchmark, const QString &responses, const Options &options, Job *job)
{
    auto questions = GarageData::readBenchmark(benchmark);
    if (!questions)
        return Result<GarageReport>::failure(questions);
    if (auto s = GarageData::pair(questions.value(), responses); !s)
        return Result<GarageReport>::failure(s);
    return evaluate(questions.value(), options, project.service<LlmStore>(), job);
}

} // namespace assay
