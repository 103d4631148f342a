#include "runs/runexporter.h"

#include "core/job.h"
#include "project/heldfiles.h"
#include "runs/runresultstore.h"
#include "runs/tasklevels.h"

#include <QSaveFile>

#include <nlohmann/json.hpp>

namespace assay {

namespace {

nlohmann::json ids(const QStringList &list)
{
    nlohmann::json out = nlohmann::json::array();
    for (const QString &id : list)
        out.push_back(id.toStdString());
    return out;
}

} // namespace

Result<qint64> RunExporter::writeJsonl(Database &db, qint64 runId, const QString &path, const QString &judge, Job *job)
{
    using R = Result<qint64>;
    auto items = RunResultStore(db).executed(runId, judge, judge);
    if (!items)
        return R::failure(items.error());
    auto levels = TaskLevels::load(db);
    if (!levels)
        return R::failure(levels.error());
    if (auto free = HeldFiles::checkFree(path); !free)
        return R::failure(free);
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return R::failure(QStringLiteral("%1: cannot write: %2").arg(path, f.errorString()));
    qint64 n = 0;
    for (const StoredRunItem &it : items.value()) {
        if (job && job->isCancelled())
            return R::failure(QStringLiteral("cancelled"), ErrorCode::Cancelled); // the QSaveFile is discarded
        nlohmann::json line{{"id", it.key.toStdString()},
                            {"query", it.query.toStdString()},
                            {"answer", it.answer.toStdString()},
                            {"gold", it.gold.toStdString()},
                            {"form", it.form.toStdString()},
                            {"group", it.group.toStdString()},
                            {"retrieved_ids", ids(it.retrievedIds)},
                            {"context", it.retrievedText.toStdString()},
                            {"trace", it.trace.toStdString()},
                            {"halted", it.halted},
                            {"error", it.error.toStdString()},
                            {"latency_ms", it.latencyMs},
                            {"level", levels.value().resolve(it.level, it.form, it.sqlTemplateId).toStdString()}};
        if (it.trueDocIdsKnown)
            line["true_doc_ids"] = ids(it.trueDocIds);
        if (!it.identity.isEmpty())
            line["identity"] = it.identity.toStdString();
        if (it.sqlTemplateId > 0)
            line["template"] = it.sqlTemplateId;
        if (it.verdict)
            line["verdict"] = *it.verdict;
        if (it.retrievalVerdict)
            line["retrieval_verdict"] = *it.retrievalVerdict;
        const std::string text = line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + '\n';
        if (f.write(text.data(), qint64(text.size())) != qint64(text.size()))
            return R::failure(QStringLiteral("%1: cannot write: %2").arg(path, f.errorString()));
        ++n;
        if (job && n % 1000 == 0)
            job->reportProgress(n, items.value().size(), QString());
    }
    if (!f.commit())
        return R::failure(QStringLiteral("%1: cannot write: %2").arg(path, f.errorString()));
    return n;
}

} // namespace assay
