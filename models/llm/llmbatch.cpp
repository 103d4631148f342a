#include "llm/llmbatch.h"

#include "io/filereader.h"
#include "llm/llmstore.h"
#include "project/heldfiles.h"

#include <QHash>
#include <QSaveFile>
#include <QSet>

namespace assay {

namespace {
// Batch URLs carry the /v1 prefix; the client's paths are relative to the base URL.
QString relativePath(const QString &url) { return url.startsWith(QLatin1String("/v1/")) ? url.mid(3) : url; }
} // namespace

Status LlmBatch::writeRequests(const QString &path, const QVector<Item> &items, const LlmProfile &profile)
{
    if (auto free = HeldFiles::checkFree(path); !free)
        return Status::failure(free);
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return Status::failure(QStringLiteral("%1: cannot write: %2").arg(path, f.errorString()));
    QSet<QString> ids;
    for (const auto &[id, request] : items) {
        if (ids.contains(id))
            return Status::failure(QStringLiteral("%1: custom_id '%2' appears twice").arg(path, id));
        ids.insert(id);
        nlohmann::json body = request.body;
        if (!body.contains("model"))
            body["model"] = profile.model.toStdString();
        const nlohmann::json line{{"custom_id", id.toStdString()}, {"method", "POST"}, {"url", "/v1" + request.path.toStdString()}, {"body", body}};
        f.write(QByteArray::fromStdString(line.dump()) + '\n');
    }
    if (!f.commit())
        return Status::failure(QStringLiteral("%1: cannot write: %2").arg(path, f.errorString()));
    return {};
}

Result<int> LlmBatch::ingestResults(const QString &requestsPath, const QString &resultsPath, LlmStore &store, const LlmProfile &profile)
{
    using R = Result<int>;
    QHash<QString, LlmRequest> requests;
    auto requestBytes = FileReader::readAll(requestsPath);
    if (!requestBytes)
        return R::failure(requestBytes.error());
    int lineNo = 0;
    for (const QByteArray &line : requestBytes.value().split('\n')) {
        ++lineNo;
        if (line.trimmed().isEmpty())
            continue;
        const auto j = nlohmann::json::parse(line.toStdString(), nullptr, false);
        if (!j.is_object() || !j.contains("custom_id") || !j.contains("body") || !j.contains("url"))
            return R::failure(QStringLiteral("%1:%2: not a Batch-API request line").arg(requestsPath).arg(lineNo));
        LlmRequest r;
        r.path = relativePath(QString::fromStdString(j["url"].get<std::string>()));
        r.body = j["body"];
        requests.insert(QString::fromStdString(j["custom_id"].get<std::string>()), r);
    }
    auto resultBytes = FileReader::readAll(resultsPath);
    if (!resultBytes)
        return R::failure(resultBytes.error());
    int stored = 0;
    lineNo = 0;
    for (const QByteArray &line : resultBytes.value().split('\n')) {
        ++lineNo;
        if (line.trimmed().isEmpty())
            continue;
        const auto j = nlohmann::json::parse(line.toStdString(), nullptr, false);
        if (!j.is_object() || !j.contains("custom_id"))
            return R::failure(QStringLiteral("%1:%2: not a Batch-API output line").arg(resultsPath).arg(lineNo));
        const QString id = QString::fromStdString(j["custom_id"].get<std::string>());
        if (!requests.contains(id))
            return R::failure(QStringLiteral("%1:%2: custom_id '%3' is not in %4").arg(resultsPath).arg(lineNo).arg(id, requestsPath));
        const auto response = j.value("response", nlohmann::json());
        if (!response.is_object() || response.value("status_code", 0) != 200 || !response.contains("body"))
            continue; // failed items are re-sent by a normal run
        LlmResult result;
        result.ok = true;
        result.body = response["body"];
        const auto usage = result.body.value("usage", nlohmann::json::object());
        result.usageReported = usage.is_object() && usage.contains("prompt_tokens");
        result.promptTokens = usage.value("prompt_tokens", 0);
        result.completionTokens = usage.value("completion_tokens", 0);
        const LlmRequest &request = requests[id];
        if (auto s = store.store(LlmStore::cacheKey(profile.baseUrl, request), request, result); !s)
            return R::failure(s.error());
        ++stored;
    }
    return stored;
}

} // namespace assay
