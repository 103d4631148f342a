#include "exams/examtaker.h"

#include <QRegularExpression>

#include "core/job.h"
#include "generation/promptlibrary.h"
#include "llm/llmbatchcall.h"
#include "llm/llmclient.h"
#include "llm/llmprofilestore.h"
#include "llm/llmstore.h"
#include "project/database.h"
#include "retrieval/corpusstore.h"
#include "retrieval/retriever.h"
#include "retrieval/tokenizer.h"

#include <QElapsedTimer>
#include <QHash>
#include <QSet>

#include <cmath>

namespace assay {

namespace {
const char *Letters = "ABCD";

Result<QVector<ExamAnswer>> answersFrom(const QVector<ExamItem> &items, const QVector<QVector<double>> &scores, double latencyMs)
{
    QVector<ExamAnswer> out;
    for (int i = 0; i < items.size(); ++i) {
        ExamAnswer a;
        a.itemId = items[i].id;
        a.scores = scores[i];
        a.chosen = ExamTaker::best(scores[i]);
        a.correct = a.chosen == items[i].answer;
        a.latencyMs = latencyMs;
        out << a;
    }
    return out;
}
} // namespace

nlohmann::json ExamTaker::Spec::factors() const
{
    if (kind == QLatin1String("ir"))
        return {{"llm", "none"}, {"retriever", retriever.toStdString()}, {"k", std::to_string(k)}, {"icl", "0"}};
    if (kind == QLatin1String("oracle-ir"))
        return {{"llm", "none"}, {"retriever", "oracle"}, {"k", "all"}, {"icl", "0"}};
    return {{"llm", profile.toStdString()}, {"retriever", context.isEmpty() ? "none" : context.toStdString()}, {"k", "3"}, {"icl", std::to_string(icl)}};
}

Result<ExamTaker::Spec> ExamTaker::parse(const QString &text)
{
    using R = Result<Spec>;
    const QStringList parts = text.split(QLatin1Char(':'));
    Spec s;
    s.kind = parts.value(0);
    if (s.kind == QLatin1String("ir")) {
        if (parts.size() > 1) {
            if (!Retriever::names().contains(parts[1]) || parts[1] == QLatin1String("oracle") || parts[1] == QLatin1String("closed-book"))
                return R::failure(QStringLiteral("taker '%1': '%2' is not a corpus retriever (keyword, tfidf, bm25, dense, hybrid)").arg(text, parts[1]));
            s.retriever = parts[1];
        }
        if (parts.size() > 2) {
            bool ok = false;
            s.k = parts[2].toInt(&ok);
            if (!ok || s.k < 1)
                return R::failure(QStringLiteral("taker '%1': k must be a whole number ≥ 1").arg(text));
        }
        s.text = QStringLiteral("ir:%1:%2").arg(s.retriever).arg(s.k);
        return s;
    }
    if (s.kind == QLatin1String("oracle-ir")) {
        s.text = s.kind;
        return s;
    }
    if (s.kind == QLatin1String("llm-letter") || s.kind == QLatin1String("llm-loglik")) {
        s.profile = parts.value(1);
        if (s.profile.isEmpty())
            return R::failure(QStringLiteral("taker '%1' needs a profile: %2:PROFILE").arg(text, s.kind));
        for (const QString &option : parts.mid(2)) {
            if (option.startsWith(QLatin1String("icl=")) && s.kind == QLatin1String("llm-letter")) {
                bool ok = false;
                s.icl = option.mid(4).toInt(&ok);
                if (!ok || s.icl < 0 || s.icl > 8)
                    return R::failure(QStringLiteral("taker '%1': icl takes 0 to 8").arg(text));
            } else if (option.startsWith(QLatin1String("context=")) && s.kind == QLatin1String("llm-letter")) {
                s.context = option.mid(8);
                if (!Retriever::names().contains(s.context))
                    return R::failure(QStringLiteral("taker '%1': unknown retriever '%2'").arg(text, s.context));
            } else if (option == QLatin1String("norm") && s.kind == QLatin1String("llm-loglik")) {
                s.normalised = true;
            } else {
                return R::failure(QStringLiteral("taker '%1': unknown option '%2'").arg(text, option));
            }
        }
        s.text = text;
        return s;
    }
    return R::failure(QStringLiteral("unknown taker '%1' (ir[:RETRIEVER[:K]], oracle-ir, llm-letter:PROFILE[:icl=N][:context=R], llm-loglik:PROFILE[:norm])").arg(text));
}

int ExamTaker::best(const QVector<double> &scores)
{
    int best = 0;
    for (int i = 1; i < scores.size(); ++i)
        if (scores[i] > scores[best])
            best = i;
    return best;
}

int ExamTaker::letterOf(const QString &reply)
{
    // The whole reply is one letter: "B", "(B)", "B.", "B)", "[B]", "Answer: B", "The answer is (B)."
    static const QRegularExpression standalone(QStringLiteral(R"(^\s*(?:(?:the\s+)?(?:correct\s+)?answer\s*(?:is)?\s*[:\-]?\s*)?[\(\[]?([A-Da-d])[\)\]]?\s*[.:)]?\s*$)"),
                                               QRegularExpression::CaseInsensitiveOption);
    const auto m = standalone.match(reply);
    if (!m.hasMatch())
        return -1;
    const QChar letter = m.captured(1).at(0);
    // A bare lower-case "a" is the article, not option A: lower case only with a marker.
    const bool marked = reply.trimmed().size() > 1;
    if (letter.isLower() && !marked)
        return -1;
    return int(QStringLiteral("ABCD").indexOf(letter.toUpper()));
}

ExamTaker::Summary ExamTaker::summarize(const QVector<ExamAnswer> &answers)
{
    Summary s;
    s.items = int(answers.size());
    for (const ExamAnswer &a : answers) {
        if (a.chosen < 0) {
            ++s.unanswered;
            if (s.firstReason.isEmpty())
                s.firstReason = a.reason;
        } else {
            ++s.answered;
            s.correct += a.correct;
        }
        s.withoutLogprobs += a.withoutLogprobs;
    }
    return s;
}

QString ExamTaker::Summary::text(const QString &taker) const
{
    QString t = QStringLiteral("%1: %2 of %3 answered, %4 correct (%5% of the answered)")
                    .arg(taker)
                    .arg(answered)
                    .arg(items)
                    .arg(correct)
                    .arg(answered > 0 ? 100.0 * correct / answered : 0.0, 0, 'f', 1);
    if (unanswered > 0)
        t += QStringLiteral("; %1 unanswered (missing in the response matrix), e.g. %2").arg(unanswered).arg(firstReason);
    return t;
}

QString ExamTaker::Summary::warning(const QString &taker) const
{
    if (withoutLogprobs == 0)
        return {};
    return QStringLiteral("%1: the server returned no logprobs for %2 of %3 items; their letter was read from the reply, which counts only when it is a "
                          "standalone letter (B, (B), B., Answer: B)")
        .arg(taker)
        .arg(withoutLogprobs)
        .arg(items);
}

QString ExamTaker::letterPrompt(const QString &prompt, const ExamItem &item, const QString &context, const QVector<ExamItem> &examples)
{
    const auto options = [](const ExamItem &it) {
        QString o;
        for (int i = 0; i < it.options.size() && i < 4; ++i)
            o += QStringLiteral("%1. %2\n").arg(QLatin1Char(Letters[i])).arg(it.options[i]);
        return o.trimmed();
    };
    QString shots;
    for (const ExamItem &e : examples)
        shots += QStringLiteral("\nQuestion: %1\n%2\nAnswer: %3\n").arg(e.stem, options(e)).arg(QLatin1Char(Letters[e.answer]));
    return PromptLibrary::fill(prompt, {{QStringLiteral("context"), context.isEmpty() ? QString() : QStringLiteral("\nContext:\n%1\n").arg(context)},
                                        {QStringLiteral("examples"), shots},
                                        {QStringLiteral("question"), item.stem},
                                        {QStringLiteral("options"), options(item)}});
}

Result<QVector<ExamAnswer>> ExamTaker::take(Database &db, const QVector<ExamItem> &items, const Spec &spec, Job *job)
{
    using R = Result<QVector<ExamAnswer>>;
    QElapsedTimer clock;
    clock.start();
    QVector<QVector<double>> scores(items.size(), QVector<double>(4, 0.0));
    if (spec.kind == QLatin1String("ir")) {
        LlmStore store(db);
        auto retriever = Retriever::create(spec.retriever, db, {}, &store, job);
        if (!retriever)
            return R::failure(retriever.error());
        QStringList texts;
        for (const ExamItem &it : items)
            for (const QString &o : it.options)
                texts << it.stem + QLatin1Char(' ') + o;
        if (auto s = retriever.value()->prepare(texts, job); !s)
            return R::failure(s.error());
        for (int i = 0; i < items.size(); ++i) {
            if (job && job->isCancelled())
                return R::cancelled();
            for (int o = 0; o < items[i].options.size() && o < 4; ++o) {
                auto hits = retriever.value()->retrieve({items[i].stem + QLatin1Char(' ') + items[i].options[o], {}}, spec.k);
                if (!hits)
                    return R::failure(hits.error());
                for (const RetrievalHit &h : hits.value())
                    scores[i][o] += h.score;
            }
            if (job)
                job->reportProgress(i + 1, items.size());
        }
        return answersFrom(items, scores, double(clock.nsecsElapsed()) / 1e6 / std::max<qsizetype>(1, items.size()));
    }
    if (spec.kind == QLatin1String("oracle-ir")) {
        QHash<QString, QSet<QString>> docTokens;
        CorpusStore corpus(db);
        for (int i = 0; i < items.size(); ++i) {
            QSet<QString> source;
            for (const QString &d : items[i].sourceDocs) {
                if (!docTokens.contains(d)) {
                    auto text = corpus.documentText(d);
                    if (!text)
                        return R::failure(text);
                    const QStringList t = Tokenizer::tokens(text.value());
                    docTokens.insert(d, QSet<QString>(t.begin(), t.end()));
                }
                source.unite(docTokens.value(d));
            }
            for (int o = 0; o < items[i].options.size() && o < 4; ++o) {
                const QStringList t = Tokenizer::tokens(items[i].options[o]);
                for (const QString &w : QSet<QString>(t.begin(), t.end()))
                    scores[i][o] += source.contains(w);
            }
        }
        return answersFrom(items, scores, double(clock.nsecsElapsed()) / 1e6 / std::max<qsizetype>(1, items.size()));
    }
    auto profile = LlmProfileStore::find(spec.profile);
    if (!profile)
        return R::failure(profile.error());
    LlmStore store(db);
    LlmClient client(profile.value(), &store);
    QVector<LlmRequest> requests;
    if (spec.kind == QLatin1String("llm-letter")) {
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
            for (int e = 0; e < items.size() && examples.size() < spec.icl; ++e)
                if (e != i)
                    examples << items[e];
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
            LlmRequest r = LlmClient::chat({}, letterPrompt(prompt.value(), items[i], context.trimmed(), examples), 0, 1);
            r.body["logprobs"] = true;
            r.body["top_logprobs"] = 5;
            r.tag = QStringLiteral("exam:%1").arg(spec.text);
            requests << r;
        }
        auto results = LlmBatchCall::run(client, requests, job);
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
                        const int letter = token.size() == 1 ? int(QByteArray(Letters).indexOf(token.at(0).toLatin1())) : -1;
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
                const int letter = res.ok ? letterOf(res.content()) : -1;
                if (letter >= 0)
                    s[letter] = 0;
                else if (!res.ok)
                    a.reason = QStringLiteral("the call failed: %1: %2").arg(res.errorClass, res.error.left(200));
                else
                    a.reason = QStringLiteral("no standalone letter in the reply: %1").arg(res.content().trimmed().left(200));
            }
            a.scores = s;
            a.chosen = *std::max_element(s.begin(), s.end()) > -1e9 ? best(s) : -1;
            a.correct = a.chosen >= 0 && a.chosen == items[i].answer;
            out << a;
        }
        return out;
    }
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
    return answersFrom(items, scores, double(clock.nsecsElapsed()) / 1e6 / std::max<qsizetype>(1, items.size()));
}

} // namespace assay
