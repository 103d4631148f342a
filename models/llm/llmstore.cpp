#include "llm/llmstore.h"

#include "project/database.h"
#include "project/project.h"

#include <QCryptographicHash>
#include <QDateTime>

namespace assay {

QString LlmResult::content() const
{
    if (!body.is_object() || !body.contains("choices") || body["choices"].empty())
        return {};
    const auto &c = body["choices"][0];
    if (c.contains("message") && c["message"].contains("content") && c["message"]["content"].is_string())
        return QString::fromStdString(c["message"]["content"].get<std::string>());
    if (c.contains("text") && c["text"].is_string())
        return QString::fromStdString(c["text"].get<std::string>());
    return {};
}

LlmStore::LlmStore(Database &db) : m_db(db) {}

std::unique_ptr<LlmStore> LlmStore::createFor(Project &project)
{
    return std::make_unique<LlmStore>(project.database());
}

QString LlmStore::cacheKey(const QString &baseUrl, const LlmRequest &request)
{
    // The hash of {"base_url", "body", "path"[, "sample"]} dumped with sorted keys (nlohmann's
    // objects keep them sorted, so dump() is canonical), written piece by piece so that a long
    // conversation is not copied; the bytes are exactly those of the object's dump().
    QCryptographicHash hash(QCryptographicHash::Sha256);
    const auto add = [&hash](const std::string &text) { hash.addData(QByteArrayView(text.data(), qsizetype(text.size()))); };
    add("{\"base_url\":" + nlohmann::json(baseUrl.toStdString()).dump() + ",\"body\":");
    add(request.body.dump());
    add(",\"path\":" + nlohmann::json(request.path.toStdString()).dump());
    if (request.body.value("temperature", 0.0) > 0)
        add(",\"sample\":" + nlohmann::json(request.sampleIndex).dump());
    add("}");
    return QString::fromLatin1(hash.result().toHex());
}

Result<bool> LlmStore::lookup(const QString &key, LlmResult &result) const
{
    auto s = m_db.cached(m_lookup, QStringLiteral("SELECT response, prompt_tokens, completion_tokens FROM llm_cache WHERE key = ?"));
    if (!s)
        return Result<bool>::failure(s);
    s.value()->bind(1, key);
    auto row = s.value()->next();
    if (!row || !row.value())
        return row;
    result = LlmResult{};
    result.body = nlohmann::json::parse(s.value()->text(0).toStdString(), nullptr, false);
    result.ok = !result.body.is_discarded();
    result.httpStatus = 200;
    result.cached = true;
    result.promptTokens = s.value()->integer(1);
    result.completionTokens = s.value()->integer(2);
    s.value()->reset(); // the read is done: no statement stays open on the table
    return result.ok;
}

Status LlmStore::store(const QString &key, const LlmRequest &request, const LlmResult &result)
{
    auto s = m_db.cached(m_store, QStringLiteral("INSERT OR REPLACE INTO llm_cache(key, path, request, response, prompt_tokens, completion_tokens, created_at) "
                                                 "VALUES (?, ?, ?, ?, ?, ?, ?)"));
    if (!s)
        return Status::failure(s.error());
    s.value()->bindAll({key, request.path, QString::fromStdString(request.body.dump()), QString::fromStdString(result.body.dump()),
                       result.promptTokens, result.completionTokens, QDateTime::currentDateTimeUtc().toString(Qt::ISODate)});
    return s.value()->run();
}

Status LlmStore::record(const QString &profile, const LlmRequest &request, const LlmResult &r)
{
    auto s = m_db.cached(m_record, QStringLiteral("INSERT INTO llm_call(profile, tag, path, cached, status, error_class, error, latency_ms, attempts, "
                                                  "prompt_tokens, completion_tokens, cost, at, usage_reported) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    if (!s)
        return Status::failure(s.error());
    s.value()->bindAll({profile, request.tag, request.path, r.cached, r.httpStatus, r.errorClass, r.error, r.latencyMs, r.attempts,
                        r.promptTokens, r.completionTokens, r.cost, QDateTime::currentDateTimeUtc().toString(Qt::ISODate), int(r.usageReported)});
    return s.value()->run();
}

Result<LlmUsage> LlmStore::usage(const QString &tag) const { return aggregate(QStringLiteral("tag"), tag); }
Result<LlmUsage> LlmStore::usageOfProfile(const QString &profile) const { return aggregate(QStringLiteral("profile"), profile); }

// Sums the ledger, over every call or those whose column equals value.
Result<LlmUsage> LlmStore::aggregate(const QString &column, const QString &value) const
{
    using R = Result<LlmUsage>;
    LlmUsage u;
    const QString where = value.isEmpty() ? QStringLiteral("1") : QStringLiteral("%1 = ?1").arg(column);
    auto s = m_db.prepare(QStringLiteral("SELECT count(*), sum(cached), sum(error_class != ''), sum(prompt_tokens), sum(completion_tokens), "
                                         "sum(cost), sum(latency_ms), sum(error_class = '' AND cached = 0 AND usage_reported = 0) FROM llm_call WHERE %1").arg(where));
    auto f = m_db.prepare(QStringLiteral("SELECT error_class, count(*) FROM llm_call WHERE error_class != '' AND %1 GROUP BY 1").arg(where));
    if (!s || !f)
        return !s ? R::failure(s) : R::failure(f);
    if (!value.isEmpty()) {
        s.value().bind(1, value);
        f.value().bind(1, value);
    }
    Status read = s.value().forEach([&](const Statement &r) {
        u = {r.integer(0), r.integer(1), r.integer(2), r.integer(3), r.integer(4), r.real(5), r.integer(6), {}, r.integer(7)};
    });
    if (read)
        read = f.value().forEach([&](const Statement &r) { u.failures.insert(r.text(0), r.integer(1)); });
    if (!read)
        return R::failure(read);
    return u;
}


} // namespace assay
