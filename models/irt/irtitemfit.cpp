#include "irt/irtitemfit.h"

#include "core/twohalves.h"
#include "irt/irtrestscores.h"
#include "irt/irtstatistics.h"

#include <algorithm>
#include <cmath>

namespace assay {

namespace {

constexpr int ItemFitNodes = 31;
// Both expected counts of a group at least this: Orlando and Thissen merged down to 1, but
// then the statistic's tail is heavier than χ² (7.8% rejected at 5% with the generating
// parameters in our check, 5.6% with 3).
constexpr double MinExpected = 3.0;

// The distribution of the summed score over `probabilities` (one per item) at one θ.
void lordWingersky(const std::vector<double> &probabilities, double *f, int items)
{
    std::fill(f, f + items + 1, 0.0);
    f[0] = 1;
    for (int i = 0; i < items; ++i) {
        const double p = probabilities[size_t(i)];
        for (int k = i + 1; k > 0; --k)
            f[k] = f[k] * (1 - p) + f[k - 1] * p;
        f[0] *= 1 - p;
    }
}

} // namespace

double IrtItemFit::lz(const std::vector<double> &p, const std::vector<int> &y)
{
    double l = 0, e = 0, v = 0;
    for (size_t i = 0; i < p.size(); ++i) {
        const double q = std::clamp(p[i], 1e-9, 1 - 1e-9);
        const double logit = std::log(q / (1 - q));
        l += y[i] ? std::log(q) : std::log(1 - q);
        e += q * std::log(q) + (1 - q) * std::log(1 - q);
        v += q * (1 - q) * logit * logit;
    }
    return v > 0 ? (l - e) / std::sqrt(v) : qQNaN();
}

void IrtItemFit::apply(const IrtData &data, IrtFit *fit)
{
    const int items = int(fit->items.size()), students = int(data.students.size());
    // Person fit.
    fit->studentLz.assign(size_t(students), qQNaN());
    double mean = 0, square = 0;
    for (int s = 0; s < students; ++s) {
        const double theta = fit->students.value(s).second;
        mean += theta, square += theta * theta;
        std::vector<double> p;
        std::vector<int> y;
        for (int i = 0; i < items; ++i) {
            if (data.responses[s][i] < 0)
                continue;
            const IrtItem &it = fit->items[i];
            p.push_back(IrtFitter::probability(it.a, it.b, it.c, theta));
            y.push_back(data.responses[s][i]);
        }
        fit->studentLz[size_t(s)] = lz(p, y);
    }
    // S-X² on the students who answered everything.
    QVector<int> complete;
    for (int s = 0; s < students; ++s)
        if (std::none_of(data.responses[s].cbegin(), data.responses[s].cend(), [](qint8 y) { return y < 0; }))
            complete << s;
    if (items < 3 || complete.size() < 10) {
        fit->itemFitNote = QStringLiteral("S-X² needs at least 10 students who answered all of at least 3 items (%1 did)").arg(complete.size());
        return;
    }
    fit->itemFitNote.clear();
    mean /= students;
    // The latent spread, not the estimates': var(θ̂) ≈ var(θ) + E[SE(θ̂)²], so the mean
    // squared standard error comes off when the fit has them.
    double variance = std::max(square / students - mean * mean, 0.0), noise = 0;
    int known = 0;
    for (double se : fit->studentSe)
        if (std::isfinite(se))
            noise += se * se, ++known;
    if (known > 0)
        variance = std::max(variance - noise / known, 0.25 * variance);
    const double sd = std::max(std::sqrt(variance), 0.1);
    std::vector<double> nodes, weights;
    IrtStatistics::normalGrid(mean, sd, ItemFitNodes, &nodes, &weights);
    // P per node and item; the full score distribution per node; its marginal.
    std::vector<double> P(size_t(ItemFitNodes) * items), F(size_t(ItemFitNodes) * (items + 1)), marginal(size_t(items) + 1, 0.0);
    for (int q = 0; q < ItemFitNodes; ++q) {
        std::vector<double> column(static_cast<size_t>(items));
        for (int i = 0; i < items; ++i) {
            const IrtItem &it = fit->items[i];
            column[size_t(i)] = P[size_t(q) * items + i] = std::clamp(IrtFitter::probability(it.a, it.b, it.c, nodes[size_t(q)]), 1e-12, 1 - 1e-12);
        }
        double *f = F.data() + size_t(q) * (items + 1);
        lordWingersky(column, f, items);
        for (int k = 0; k <= items; ++k)
            marginal[size_t(k)] += weights[size_t(q)] * f[k];
    }
    // Observed: students per summed score, and per score the correct answers to each item.
    std::vector<int> count(size_t(items) + 1, 0), score(size_t(complete.size()));
    for (int r = 0; r < complete.size(); ++r) {
        const auto &row = data.responses[complete[r]];
        score[size_t(r)] = int(std::count(row.cbegin(), row.cend(), qint8(1)));
        ++count[size_t(score[size_t(r)])];
    }
    const double N = complete.size();
    std::vector<double> pValues(static_cast<size_t>(items));
    const int parameters = fit->model == QLatin1String("1pl") ? 1 : fit->model == QLatin1String("2pl") ? 2 : 3;
    // The scores some student has (between 0 and all): only there are expectations needed.
    std::vector<int> observed;
    for (int k = 1; k < items; ++k)
        if (count[size_t(k)] > 0)
            observed.push_back(k);
    // S-X² of item i from its expected proportions correct per score (numerators).
    auto itemStatistic = [&](int i, const double *expected, std::vector<double> &correct) {
        std::fill(correct.begin(), correct.end(), 0.0);
        for (int r = 0; r < complete.size(); ++r)
            correct[size_t(score[size_t(r)])] += data.responses[complete[r]][i];
        // Groups of adjacent scores, each closed once both expected counts reach the
        // minimum; what is left at the top joins the last group.
        struct Group {
            double n = 0, o = 0, e = 0; // students, observed and expected correct
        };
        std::vector<Group> groups(1);
        for (int k : observed) {
            const double ek = marginal[size_t(k)] > 0 ? std::clamp(expected[k] / marginal[size_t(k)], 0.0, 1.0) : 0.0;
            Group &open = groups.back();
            open.n += count[size_t(k)], open.o += correct[size_t(k)], open.e += count[size_t(k)] * ek;
            if (open.e >= MinExpected && open.n - open.e >= MinExpected)
                groups.emplace_back();
        }
        if (groups.size() > 1) {
            const Group rest = groups.back();
            groups.pop_back();
            groups.back().n += rest.n, groups.back().o += rest.o, groups.back().e += rest.e;
        }
        double x2 = 0;
        int used = 0;
        for (const Group &gr : groups) {
            if (gr.n <= 0)
                continue;
            const double share = gr.e / gr.n, seen = gr.o / gr.n;
            x2 += gr.n * (seen - share) * (seen - share) / std::max(share * (1 - share), 1e-12);
            ++used;
        }
        IrtItem &it = fit->items[i];
        it.sx2Df = used - parameters;
        it.sx2 = x2;
        it.sx2P = it.sx2Df > 0 ? IrtStatistics::chiSquareSurvival(x2, it.sx2Df) : qQNaN();
        it.rmsea = it.sx2Df > 0 && N > 1 ? std::sqrt(std::max(0.0, (x2 - it.sx2Df) / (it.sx2Df * (N - 1)))) : qQNaN();
        pValues[size_t(i)] = it.sx2P;
    };
    // Items are independent here: two cores take half each when there is enough work.
    std::vector<IrtRestScores::Window> windows(static_cast<size_t>(ItemFitNodes));
    for (int q = 0; q < ItemFitNodes; ++q)
        windows[size_t(q)] = IrtRestScores::windowOf(F.data() + size_t(q) * (items + 1), items);
    auto work = [&](int from, int to) {
        std::vector<double> g(size_t(IrtRestScores::Lanes) * items), expectedOf(size_t(IrtRestScores::Lanes) * (items + 1));
        std::vector<double> correct(size_t(items) + 1);
        double *lanes[IrtRestScores::Lanes];
        for (int l = 0; l < IrtRestScores::Lanes; ++l)
            lanes[l] = g.data() + size_t(l) * items;
        for (int first = from; first < to; first += IrtRestScores::Lanes) {
            // E_ik = ∫ P_i(θ) f₋ᵢ(k − 1 | θ) φ(θ) dθ / ∫ f(k | θ) φ(θ) dθ, for IrtRestScores::Lanes items at once.
            const int width = std::min(IrtRestScores::Lanes, to - first);
            std::fill(expectedOf.begin(), expectedOf.end(), 0.0);
            for (int q = 0; q < ItemFitNodes; ++q) {
                const double *p = P.data() + size_t(q) * items + first;
                const IrtRestScores::Window w = windows[size_t(q)];
                IrtRestScores::remove(F.data() + size_t(q) * (items + 1), w, p, lanes, width);
                for (int l = 0; l < width; ++l) {
                    const double wp = weights[size_t(q)] * p[l];
                    double *expected = expectedOf.data() + size_t(l) * (items + 1);
                    for (int k : observed)
                        if (k - 1 >= w.lo && k - 1 <= w.hi) // outside, g is 0 (IrtRestScores::Window)
                            expected[k] += wp * lanes[l][k - 1];
                }
            }
            for (int i = first; i < first + width; ++i)
                itemStatistic(i, expectedOf.data() + size_t(i - first) * (items + 1), correct);
        }
    };
    inTwoHalves(double(items) * items * ItemFitNodes > 2e7, items, work);
    if (std::none_of(pValues.cbegin(), pValues.cend(), [](double p) { return std::isfinite(p); }))
        fit->itemFitNote = QStringLiteral("S-X² could not be computed: with %1 students who answered everything, the score groups (expected counts ≥ %2) "
                                          "do not outnumber an item's parameters")
                               .arg(complete.size())
                               .arg(MinExpected);
    const std::vector<double> adjusted = IrtStatistics::benjaminiHochberg(pValues);
    for (int i = 0; i < items; ++i)
        fit->items[i].sx2PAdjusted = adjusted[size_t(i)];
}

} // namespace assay
