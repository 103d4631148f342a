#include "demo/demolabels.h"

#include "analysis/labelqueue.h"
#include "runs/labelstore.h"
#include "runs/runstore.h"

#include <random>

namespace assay {

Result<qint64> DemoLabels::label(Database &db, const QStringList &runs, const QString &judge, int sample, double agreement, quint64 seed)
{
    using R = Result<qint64>;
    if (runs.isEmpty())
        return qint64(0);
    RunStore runStore(db);
    LabelStore labels(db);
    // The sample: the first items of a run's random labelling order, by key, kept for every
    // run over the same queries (a run over other queries draws its own).
    const auto sampleOf = [&](const QString &run, QStringList *keys) -> Status {
        auto order = LabelQueue::order(db, run, LabelQueue::Rule::Random, seed);
        if (!order)
            return Status::failure(order);
        auto id = runStore.idOf(run);
        if (!id)
            return Status::failure(id);
        auto ids = labels.itemIds(id.value());
        if (!ids)
            return Status::failure(ids);
        QHash<qint64, QString> keyOf;
        for (auto it = ids.value().cbegin(); it != ids.value().cend(); ++it)
            keyOf.insert(it.value(), it.key());
        keys->clear();
        for (qsizetype i = 0; i < order.value().items.size() && keys->size() < sample; ++i)
            *keys << keyOf.value(order.value().items[i]);
        return Status();
    };
    QStringList keys;
    std::mt19937_64 random(seed);
    std::bernoulli_distribution agrees(agreement);
    QVector<HumanLabel> all;
    const QString at = QStringLiteral("2026-01-01T00:00:00.000Z");
    for (const QString &run : runs) {
        auto id = runStore.idOf(run);
        if (!id)
            return R::failure(id);
        auto ids = labels.itemIds(id.value());
        if (!ids)
            return R::failure(ids);
        if (keys.isEmpty() || !ids.value().contains(keys.first()))
            if (auto s = sampleOf(run, &keys); !s)
                return R::failure(s);
        auto verdicts = runStore.verdicts(id.value(), judge, QStringLiteral("answer"));
        if (!verdicts)
            return R::failure(verdicts);
        for (const QString &key : std::as_const(keys)) {
            if (!ids.value().contains(key))
                continue;
            HumanLabel l;
            l.itemId = ids.value().value(key);
            l.itemKey = key;
            l.labeller = labeller();
            const int judged = verdicts.value().value(l.itemId, 0);
            l.verdict = agrees(random) ? judged : 1 - judged;
            l.at = at;
            l.rule = LabelQueue::ruleName(LabelQueue::Rule::Random);
            l.simulated = true;
            all << l;
        }
    }
    auto written = labels.setMany(all);
    if (!written)
        return R::failure(written);
    return qint64(all.size());
}

} // namespace assay
