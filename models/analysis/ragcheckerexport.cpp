#include "analysis/ragcheckerexport.h"

#include "claims/claimstore.h"
#include "claims/ragcheckerfile.h"
#include "io/filewriter.h"
#include "runs/runcontexts.h"
#include "runs/runresultstore.h"

namespace assay {

Result<QByteArray> RagCheckerExport::bytes(Database &db, qint64 runId, const QString &checker, Report *report)
{
    using R = Result<QByteArray>;
    auto items = RunResultStore(db).executed(runId);
    if (!items)
        return R::failure(items);
    ClaimStore claims(db);
    Report counts;
    QVector<RagCheckerFile::Item> out;
    for (const StoredRunItem &item : items.value()) {
        RagCheckerFile::Item r;
        r.queryId = item.key;
        r.query = item.query;
        r.gtAnswer = item.gold;
        r.response = item.answer;
        r.chunkTexts = RunContexts::chunkTexts(item.retrievedIds, item.retrievedText, item.retrievedTexts);
        for (int k = 0; k < r.chunkTexts.size(); ++k)
            r.chunkIds << item.retrievedIds.value(k);
        if (!checker.isEmpty()) {
            auto set = claims.item(item.id, checker);
            if (!set)
                return R::failure(set);
            if (!set.value()) {
                ++counts.withoutClaims;
                continue;
            }
            const ClaimSet &s = *set.value();
            if (!s.chunkTexts.isEmpty() || s.checks.chunks == 0) {
                r.chunkIds = s.chunkIds;
                r.chunkTexts = s.chunkTexts;
            }
            if (r.chunkTexts.size() != s.checks.chunks)
                return R::failure(QStringLiteral("item %1: %2 chunks checked, but its context now has %3 (the corpus changed?)")
                                      .arg(item.key).arg(s.checks.chunks).arg(r.chunkTexts.size()));
            r.hasChecks = true;
            r.responseClaims = s.responseClaims;
            r.answerClaims = s.answerClaims;
            r.checks = s.checks;
        }
        out << r;
    }
    counts.written = out.size();
    if (report)
        *report = counts;
    return RagCheckerFile::write(out);
}

Result<RagCheckerExport::Report> RagCheckerExport::write(Database &db, qint64 runId, const QString &checker, const QString &path)
{
    Report report;
    auto data = bytes(db, runId, checker, &report);
    if (!data)
        return Result<Report>::failure(data);
    if (auto s = FileWriter::write(path, data.value()); !s)
        return Result<Report>::failure(s);
    return report;
}

} // namespace assay
