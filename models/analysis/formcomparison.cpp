#include "analysis/formcomparison.h"

#include "analysis/grammareval.h"

#include <QHash>
#include <QLocale>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <tuple>

namespace assay {

QString FormComparisonReport::basis() const
{
    return QStringLiteral("on the %1 groups that are not a gap in both runs (of %2; %3 are a gap in both). Each run's refined accuracy on the "
                          "Accuracy tab leaves out its own gaps instead, so the two can rank the runs differently; tick \"Refined on common groups\" there to measure them alike")
               .arg(QLocale().toString(groups - mutualGapGroups), QLocale().toString(groups), QLocale().toString(mutualGapGroups))
           + unevaluated();
}

QString FormComparisonReport::unevaluated() const
{
    QStringList parts;
    for (const auto &[name, failed, unread] : {std::tuple{QStringLiteral("A"), failedA, unreadA}, std::tuple{QStringLiteral("B"), failedB, unreadB}})
        if (failed + unread > 0)
            parts << QStringLiteral("%1: %2 failed, %3 unread").arg(name, QLocale().toString(failed), QLocale().toString(unread));
    return parts.isEmpty() ? QString() : QStringLiteral(". Items without a verdict are left out, never counted wrong (%1)").arg(parts.join(QStringLiteral("; ")));
}

FormComparisonReport FormComparison::compare(const QVector<Outcome> &a, const QVector<Outcome> &b, quint64 seed, int resamples)
{
    FormComparisonReport report;
    report.seed = seed;
    QHash<QString, int> index;
    const auto row = [&](const QString &group) -> PairedGroup & {
        auto it = index.constFind(group);
        if (it == index.constEnd()) {
            it = index.insert(group, int(report.table.size()));
            report.table.append(PairedGroup{group});
        }
        return report.table[*it];
    };
    // Only items with a verdict count; failed and unread ones are counted apart (docs/METHODS.md §5.3).
    for (const Outcome &o : a) {
        if (!o.error.isEmpty() || !o.verdict) {
            ++(o.error.isEmpty() ? report.unreadA : report.failedA);
            continue;
        }
        PairedGroup &g = row(o.group);
        ++g.totalA;
        g.correctA += o.correct();
    }
    for (const Outcome &o : b) {
        if (!o.error.isEmpty() || !o.verdict) {
            ++(o.error.isEmpty() ? report.unreadB : report.failedB);
            continue;
        }
        PairedGroup &g = row(o.group);
        ++g.totalB;
        g.correctB += o.correct();
    }
    QVector<int> kept; // rows of groups that are not mutual gaps
    for (int i = 0; i < report.table.size(); ++i) {
        PairedGroup &g = report.table[i];
        g.mutualGap = g.correctA + g.correctB == 0;
        if (!g.mutualGap)
            kept << i;
    }
    report.groups = int(report.table.size());
    report.mutualGapGroups = report.groups - int(kept.size());
    const auto refined = [&](const QVector<int> &rows, bool first) {
        qint64 correct = 0, total = 0;
        for (int r : rows) {
            correct += first ? report.table[r].correctA : report.table[r].correctB;
            total += first ? report.table[r].totalA : report.table[r].totalB;
        }
        return GrammarEval::ratio(correct, total);
    };
    report.refinedA = refined(kept, true);
    report.refinedB = refined(kept, false);
    if (report.refinedA && report.refinedB)
        report.difference = *report.refinedA - *report.refinedB;
    if (!report.difference || kept.isEmpty() || resamples <= 0)
        return report;
    // The bootstrap draws group indices with a 64-bit Mersenne Twister taken modulo the
    // number of groups, so the interval is the same on every platform for a seed.
    std::mt19937_64 random(seed);
    std::vector<double> differences;
    differences.reserve(size_t(resamples));
    QVector<int> sample(kept.size());
    for (int r = 0; r < resamples; ++r) {
        for (int i = 0; i < kept.size(); ++i)
            sample[i] = kept[int(random() % quint64(kept.size()))];
        const auto x = refined(sample, true), y = refined(sample, false);
        if (x && y)
            differences.push_back(*x - *y);
    }
    report.resamples = int(differences.size());
    if (differences.empty())
        return report;
    std::sort(differences.begin(), differences.end());
    const auto quantile = [&](double q) {
        // Linear interpolation between order statistics (the common "type 7" definition).
        const double h = (differences.size() - 1) * q;
        const size_t lo = size_t(std::floor(h));
        const size_t hi = std::min(differences.size() - 1, lo + 1);
        return differences[lo] + (h - double(lo)) * (differences[hi] - differences[lo]);
    };
    report.ciLow = quantile(0.025);
    report.ciHigh = quantile(0.975);
    return report;
}

nlohmann::json FormComparisonReport::toJson(bool withTable) const
{
    const auto value = [](const std::optional<double> &v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); };
    nlohmann::json out = {{"groups", groups},
                          {"mutual_gap_groups", mutualGapGroups},
                          {"refined_accuracy_a", value(refinedA)},
                          {"refined_accuracy_b", value(refinedB)},
                          {"difference", value(difference)},
                          {"ci95", {value(ciLow), value(ciHigh)}},
                          {"bootstrap", {{"resamples", resamples}, {"seed", seed}}},
                          {"compared_groups", groups - mutualGapGroups},
                          {"n_failed", {failedA, failedB}},
                          {"n_unread", {unreadA, unreadB}},
                          {"basis", basis().toStdString()}};
    if (withTable) {
        nlohmann::json rows = nlohmann::json::array();
        for (const PairedGroup &g : table)
            rows.push_back({{"group", g.group.toStdString()}, {"a", {g.correctA, g.totalA}}, {"b", {g.correctB, g.totalB}}, {"mutual_gap", g.mutualGap}});
        out["paired_groups"] = rows;
    }
    return out;
}

} // namespace assay
