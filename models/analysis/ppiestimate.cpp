#include "analysis/ppiestimate.h"

#include "analysis/judgeagreement.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace assay {

namespace {

// The few-labels rule (docs/METHODS.md §5.10): the interval `ci` made to hold `labels` as well;
// whether an end moved.
bool widen(std::pair<double, double> *ci, const std::pair<double, double> &labels)
{
    if (labels.first >= ci->first && labels.second <= ci->second)
        return false;
    *ci = {std::min(ci->first, labels.first), std::max(ci->second, labels.second)};
    return true;
}

QString widthName(PpiEstimate::Width width) { return width == PpiEstimate::Width::LabelsWilson ? QStringLiteral("labels-wilson") : QStringLiteral("prediction-powered"); }

// "not yet reliable: 3 labels, fewer than the 30 …; widened to hold THEIRS [l, h] (prediction-powered alone: [l, h])".
QString cautionText(const QString &count, const QString &theirs, PpiEstimate::Width width, const std::pair<double, double> &labels,
                    const std::pair<double, double> &predictionPowered)
{
    const QString head = QStringLiteral("not yet reliable: %1, fewer than the %2 the prediction-powered interval needs").arg(count).arg(PpiEstimate::ReliableLabels);
    if (width != PpiEstimate::Width::LabelsWilson)
        return head + QStringLiteral("; it already holds %1").arg(theirs);
    return head + QStringLiteral("; widened to hold %1 [%2, %3] (prediction-powered alone: [%4, %5])")
                      .arg(theirs)
                      .arg(labels.first, 0, 'f', 3)
                      .arg(labels.second, 0, 'f', 3)
                      .arg(predictionPowered.first, 0, 'f', 3)
                      .arg(predictionPowered.second, 0, 'f', 3);
}

struct Moments {
    double n = 0, sum = 0, squares = 0;
    void add(double x) { ++n, sum += x, squares += x * x; }
    double mean() const { return n > 0 ? sum / n : 0; }
    // Sample variance (n − 1).
    double variance() const { return n > 1 ? std::max(0.0, (squares - sum * sum / n) / (n - 1)) : 0; }
};

} // namespace

PpiEstimate PpiEstimator::estimate(const QHash<QString, int> &judge, const QHash<QString, int> &human, double z)
{
    qint64 right = 0;
    for (auto it = judge.cbegin(); it != judge.cend(); ++it)
        right += it.value() == 1;
    QVector<std::pair<int, int>> labelled;
    for (auto h = human.cbegin(); h != human.cend(); ++h)
        if (const auto j = judge.constFind(h.key()); j != judge.cend())
            labelled.append({j.value(), h.value()});
    return estimate(judge.size(), right, labelled, z);
}

PpiEstimate PpiEstimator::estimate(qint64 judged, qint64 judgedRight, const QVector<std::pair<int, int>> &labelled, double z)
{
    PpiEstimate e;
    // The judge's 0/1 verdicts on every item: their sums are exact counts.
    Moments f, rectifier, y;
    f.n = double(judged);
    f.sum = f.squares = double(judgedRight);
    for (const auto &[verdict, label] : labelled) {
        rectifier.add(double(verdict == 1) - double(label == 1));
        e.disagreements += (verdict == 1) != (label == 1);
        y.add(label == 1);
    }
    e.n = qint64(f.n);
    e.labelled = qint64(y.n);
    if (e.n == 0) {
        e.missing = QStringLiteral("the run has no judged items: score it first");
        return e;
    }
    e.judgeAccuracy = f.mean();
    e.judgeCi = JudgeAgreement::wilson(qint64(f.sum), e.n, z);
    if (e.labelled == 0) {
        e.missing = QStringLiteral("no item of the run has a human label: label some on Analysis → Labels");
        return e;
    }
    e.humanAccuracy = y.mean();
    e.humanCi = JudgeAgreement::wilson(qint64(y.sum), e.labelled, z);
    if (e.labelled < 2) {
        e.missing = QStringLiteral("one labelled item cannot estimate the judge's error: label at least one more");
        return e;
    }
    const double estimate = f.mean() - rectifier.mean();
    e.judgeVariance = f.variance();
    e.rectifierVariance = rectifier.variance();
    const double variance = f.variance() / f.n + rectifier.variance() / rectifier.n;
    const double half = z * std::sqrt(variance);
    // The estimate is clipped to [0, 1] before the interval is built around it, and both ends
    // are clipped too: with few labels the raw estimate can leave [0, 1] (the rectifier's mean
    // is large), and clipping only the lower end would put it above the upper one.
    e.ppiAccuracy = std::clamp(estimate, 0.0, 1.0);
    e.predictionPoweredCi = {std::clamp(estimate - half, 0.0, 1.0), std::clamp(estimate + half, 0.0, 1.0)};
    e.ppiCi = e.predictionPoweredCi;
    // Few labels (docs/METHODS.md §5.10, "Few labels"): var(f − Y) from a handful of items is
    // no estimate (two labels that agree with the judge make it 0, and the interval the
    // judge's own), so the interval is widened to hold the labels' own Wilson interval. Both
    // are intervals for the same accuracy, and a union covers whenever either does.
    if (!e.reliable() && widen(&e.ppiCi, e.humanCi)) {
        e.width = PpiEstimate::Width::LabelsWilson;
        return e; // no "as precise as N labels": the labels set the width
    }
    // "As precise as N labels alone": only where the labels alone have a width to compare with.
    if (variance > 0 && y.variance() > 0)
        e.effectiveLabels = std::max(1.0, y.variance() / variance);
    return e;
}

PpiDifference PpiEstimator::difference(const QHash<QString, int> &judge1, const QHash<QString, int> &human1, const QHash<QString, int> &judge2,
                                       const QHash<QString, int> &human2, double z)
{
    PpiDifference d;
    Moments f, rectifier;
    qint64 right1 = 0, right2 = 0; // labelled right, on the items labelled in both
    for (auto it = judge1.cbegin(); it != judge1.cend(); ++it) {
        const auto other = judge2.constFind(it.key());
        if (other == judge2.cend())
            continue;
        const double f1 = it.value() == 1, f2 = other.value() == 1;
        f.add(f1 - f2);
        const auto h1 = human1.constFind(it.key()), h2 = human2.constFind(it.key());
        if (h1 != human1.cend() && h2 != human2.cend()) {
            rectifier.add((f1 - double(h1.value() == 1)) - (f2 - double(h2.value() == 1)));
            right1 += h1.value() == 1;
            right2 += h2.value() == 1;
        }
    }
    d.shared = qint64(f.n);
    d.labelled = qint64(rectifier.n);
    if (d.shared == 0) {
        d.missing = QStringLiteral("the two runs share no item (compare runs over the same queries)");
        return d;
    }
    if (d.labelled < 2) {
        d.missing = QStringLiteral("fewer than two shared items are labelled in both runs: label the same items in both");
        return d;
    }
    const double estimate = f.mean() - rectifier.mean();
    const double half = z * std::sqrt(f.variance() / f.n + rectifier.variance() / rectifier.n);
    d.ppi = std::clamp(estimate, -1.0, 1.0);
    d.predictionPoweredCi = {std::clamp(estimate - half, -1.0, 1.0), std::clamp(estimate + half, -1.0, 1.0)};
    d.ppiCi = d.predictionPoweredCi;
    const auto w1 = JudgeAgreement::wilson(right1, d.labelled, z), w2 = JudgeAgreement::wilson(right2, d.labelled, z);
    d.labelsCi = {w1.first - w2.second, w1.second - w2.first};
    // Few labels (§5.10): as for one run, the interval is never narrower than the labels' own.
    if (!d.reliable() && widen(&d.ppiCi, d.labelsCi))
        d.width = PpiEstimate::Width::LabelsWilson;
    return d;
}

std::optional<double> PpiEstimate::halfWidthWith(qint64 more, double z) const
{
    if (!ppiAccuracy || n == 0)
        return std::nullopt;
    const qint64 labels = std::min(labelled + more, n);
    // A few labels' var(f − Y) can be 0 by chance; var(f − Y) ≤ E[(f − Y)²] = P(f ≠ Y), so
    // the disagreement rate's upper bound stands in until there are enough (§5.10).
    const double rectifier = reliable() ? rectifierVariance : std::max(rectifierVariance, JudgeAgreement::wilson(disagreements, labelled, z).second);
    return z * std::sqrt(judgeVariance / double(n) + rectifier / double(labels));
}

nlohmann::json PpiEstimate::toJson() const
{
    const auto pair = [](const std::pair<double, double> &p) { return nlohmann::json::array({p.first, p.second}); };
    const nlohmann::json none = nullptr;
    return {{"run", run.toStdString()},
            {"n", n},
            {"labelled", labelled},
            {"judge_accuracy", judgeAccuracy},
            {"judge_ci", pair(judgeCi)},
            {"human_accuracy", humanAccuracy ? nlohmann::json(*humanAccuracy) : none},
            {"human_ci", humanAccuracy ? pair(humanCi) : none},
            {"ppi_accuracy", ppiAccuracy ? nlohmann::json(*ppiAccuracy) : none},
            {"ppi_ci", ppiAccuracy ? pair(ppiCi) : none},
            {"ci_rule", ppiAccuracy ? nlohmann::json(widthRule().toStdString()) : none},
            {"prediction_powered_ci", ppiAccuracy ? pair(predictionPoweredCi) : none},
            {"effective_labels", effectiveLabels ? nlohmann::json(*effectiveLabels) : none},
            {"half_width_with_100_more", halfWidthWith(100) ? nlohmann::json(*halfWidthWith(100)) : none},
            {"non_random_labels", nonRandom},
            {"simulated_labels", simulated},
            {"tied_items", ties},
            {"reliable", reliable()},
            {"missing", missing.toStdString()}};
}

QString PpiEstimate::widthRule() const { return widthName(width); }

QString PpiEstimate::caution() const
{
    if (!ppiAccuracy || reliable())
        return {};
    return cautionText(QStringLiteral("%1 labels").arg(labelled), QStringLiteral("the labels' own Wilson interval"), width, humanCi, predictionPoweredCi);
}

QString PpiEstimate::text() const
{
    const auto ci = [](const std::pair<double, double> &p) { return QStringLiteral("[%1, %2]").arg(p.first, 0, 'f', 3).arg(p.second, 0, 'f', 3); };
    QString out = QStringLiteral("judge %1 %2 on %3 items").arg(judgeAccuracy, 0, 'f', 3).arg(ci(judgeCi)).arg(n);
    if (humanAccuracy)
        out += QStringLiteral(" · humans %1 %2 on %3 labelled").arg(*humanAccuracy, 0, 'f', 3).arg(ci(humanCi)).arg(labelled);
    if (ppiAccuracy) {
        out += QStringLiteral(" · corrected %1 %2").arg(*ppiAccuracy, 0, 'f', 3).arg(ci(ppiCi));
        if (effectiveLabels)
            out += QStringLiteral(", as precise as %1 labels alone").arg(*effectiveLabels, 0, 'f', 0);
        if (!reliable())
            out += QStringLiteral(" · ") + caution();
    }
    if (!missing.isEmpty())
        out += QStringLiteral(" · no corrected estimate: ") + missing;
    if (ties > 0)
        out += QStringLiteral(" · %1 labelled item(s) left out: their labellers disagree evenly").arg(ties);
    if (simulated > 0)
        out += QStringLiteral(" · %1 of the labels are simulated (the demo's labeller), not a person's").arg(simulated);
    if (nonRandom > 0)
        out += QStringLiteral(" · %1 of the labels were not chosen at random: the corrected interval assumes a random sample").arg(nonRandom);
    return out;
}

QString PpiDifference::caution() const
{
    if (!ppi || reliable())
        return {};
    return cautionText(QStringLiteral("%1 items labelled in both runs").arg(labelled), QStringLiteral("what the labels alone support"), width, labelsCi,
                       predictionPoweredCi);
}

nlohmann::json PpiDifference::toJson() const
{
    const nlohmann::json none = nullptr;
    const auto pair = [&](const std::pair<double, double> &p) { return ppi ? nlohmann::json::array({p.first, p.second}) : none; };
    return {{"shared", shared},
            {"labelled", labelled},
            {"ppi", ppi ? nlohmann::json(*ppi) : none},
            {"ppi_ci", pair(ppiCi)},
            {"ci_rule", widthName(width).toStdString()},
            {"prediction_powered_ci", pair(predictionPoweredCi)},
            {"labels_ci", pair(labelsCi)},
            {"reliable", reliable()},
            {"caution", caution().toStdString()},
            {"missing", missing.toStdString()}};
}

} // namespace assay
