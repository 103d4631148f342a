#include "runs/ragcheckerimporter.h"

#include "claims/claimstore.h"
#include "claims/ragcheckerfile.h"
#include "project/transaction.h"
#include "runs/importedrunitem.h"
#include "runs/runcontexts.h"
#include "runs/runstore.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

namespace assay {

Result<qint64> RagCheckerImporter::check(const QString &path)
{
    auto file = RagCheckerFile::readFile(path);
    if (!file)
        return Result<qint64>::failure(file);
    return qint64(file.value().items.size());
}

Result<RagCheckerImporter::Report> RagCheckerImporter::import(Database &db, const QString &path, const QString &runName, const QString &querySet)
{
    using R = Result<Report>;
    auto file = RagCheckerFile::readFile(path);
    if (!file)
        return R::failure(file);
    const RagCheckerFile::Contents &contents = file.value();
    if (contents.items.isEmpty())
        return R::failure(QStringLiteral("%1: no results").arg(path));

    QVector<ImportedRunItem> items;
    items.reserve(contents.items.size());
    for (const RagCheckerFile::Item &r : contents.items) {
        ImportedRunItem item;
        item.key = r.queryId;
        item.group = r.queryId;
        item.query = r.query;
        item.gold = r.gtAnswer;
        item.answer = r.response;
        QJsonArray ids;
        for (const QString &id : r.chunkIds)
            if (!id.isEmpty())
                ids.append(id);
        item.retrievedIdsJson = QString::fromUtf8(QJsonDocument(ids).toJson(QJsonDocument::Compact));
        item.retrievedText = r.chunkTexts.join(RunContexts::separator());
        items << item;
    }

    Report report;
    Transaction tx(db);
    if (!tx.began())
        return R::failure(tx.beginStatus());
    auto stored = RunStore(db).createImported(runName, querySet, QStringLiteral("ragchecker:%1").arg(path.section(QLatin1Char('/'), -1)), items);
    if (!stored)
        return R::failure(stored.error().startsWith(QLatin1String("record ")) ? QStringLiteral("%1: %2").arg(path, stored.error()) : stored.error(),
                          stored.code());
    report.runId = stored.value().runId;
    report.items = stored.value().items;

    if (contents.hasChecks) {
        ClaimStore claims(db);
        auto ids = claims.itemIds(report.runId);
        if (!ids)
            return R::failure(ids);
        QVector<ClaimSet> sets;
        QVector<ClaimMetrics::Values> values;
        sets.reserve(contents.items.size());
        for (const RagCheckerFile::Item &r : contents.items) {
            ClaimSet set;
            set.itemId = ids.value().value(r.queryId);
            set.itemKey = r.queryId;
            set.checker = checker();
            set.responseClaims = r.responseClaims;
            set.answerClaims = r.answerClaims;
            set.chunkIds = r.chunkIds;
            set.chunkTexts = r.chunkTexts;
            set.checks = r.checks;
            sets << set;
            report.unreadableChecks += r.unreadableChecks;
            const ClaimMetrics::Values v = ClaimMetrics::item(r.checks);
            values << v;
            for (int m = 0; m < ClaimMetrics::MetricCount; ++m) {
                const auto given = r.metrics.constFind(QLatin1String(ClaimMetrics::key(ClaimMetrics::Metric(m))));
                if (given == r.metrics.constEnd() || std::isnan(v[m]))
                    continue;
                ++report.itemValuesCompared;
                report.largestItemDifference = std::max(report.largestItemDifference, 100 * std::abs(given.value() - v[m]));
            }
        }
        if (auto s = claims.replace(report.runId, checker(), sets); !s)
            return R::failure(QStringLiteral("%1: %2").arg(path, s.error()));
        report.claimItems = sets.size();
        const ClaimMetrics::Means means = ClaimMetrics::mean(values);
        for (int m = 0; m < ClaimMetrics::MetricCount; ++m) {
            const auto given = contents.metrics.constFind(QLatin1String(ClaimMetrics::key(ClaimMetrics::Metric(m))));
            if (given == contents.metrics.constEnd() || std::isnan(means[m].value))
                continue;
            ++report.runValuesCompared;
            // The file rounds to one decimal: compare Assay's figure rounded the same way.
            const double difference = std::abs(given.value() - std::round(1000 * means[m].value) / 10);
            if (difference >= report.largestRunDifference) {
                report.largestRunDifference = difference;
                report.largestRunMetric = QLatin1String(ClaimMetrics::key(ClaimMetrics::Metric(m)));
            }
        }
    }
    if (auto s = tx.commit(); !s)
        return R::failure(s);
    return report;
}

} // namespace assay
