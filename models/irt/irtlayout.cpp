#include "irt/irtlayout.h"
#include "core/vectorstate.h"

#include "irt/irtfitter.h"

#include <QHash>

#include <algorithm>
#include <cmath>
#include <thread>
#include <vector>

namespace assay {

IrtLayout IrtLayout::of(const IrtData &data, const IrtOptions &options)
{
    IrtLayout l;
    l.hasA = options.model != IrtOptions::Model::OnePL;
    l.hasC = options.model == IrtOptions::Model::ThreePL;
    l.perItem = 1 + int(l.hasA) + int(l.hasC);
    l.prior = options.prior;
    l.items = int(data.items.size());
    if (!options.hierarchical) {
        l.abilities = int(data.students.size());
        return l;
    }
    QHash<QString, int> index;
    for (int s = 0; s < data.students.size(); ++s) {
        QVector<int> levels;
        for (int f = 0; f < data.factors.size(); ++f) {
            const QString key = data.factors[f] + QLatin1Char('\n') + data.levels[s].value(f);
            auto it = index.constFind(key);
            if (it == index.constEnd()) {
                it = index.insert(key, int(l.levelNames.size()));
                l.levelNames.append({data.factors[f], data.levels[s].value(f)});
            }
            levels << *it;
        }
        l.studentLevels << levels;
    }
    l.abilities = int(l.levelNames.size());
    return l;
}

double IrtLayout::priorTerms(const double *x, double *g, double *hDiag) const
{
    if (!prior)
        return 0;
    constexpr double aVariance = 0.25, bVariance = 4.0, cAlpha = 6.0, cBeta = 16.0;
    double total = 0;
    auto add = [&](qsizetype k, double value, double gradient, double curvature) {
        total += value;
        if (g)
            g[k] += gradient;
        if (hDiag)
            hDiag[k] += curvature;
    };
    for (int i = 0; i < items; ++i) {
        qsizetype k = qsizetype(i) * perItem;
        if (hasA) {
            // log a ~ N(0, σ²): −log density = (ln a)²/(2σ²) + ln a.
            const double a = std::max(x[k], 1e-12), v = std::log(a);
            add(k++, v * v / (2 * aVariance) + v, (v / aVariance + 1) / a, (1 / aVariance - v / aVariance - 1) / (a * a));
        }
        const double b = x[k];
        add(k++, b * b / (2 * bVariance), b / bVariance, 1 / bVariance);
        if (hasC) {
            const double c = std::clamp(x[k], 1e-9, 1 - 1e-9);
            add(k, -(cAlpha - 1) * std::log(c) - (cBeta - 1) * std::log1p(-c), -(cAlpha - 1) / c + (cBeta - 1) / (1 - c),
                (cAlpha - 1) / (c * c) + (cBeta - 1) / ((1 - c) * (1 - c)));
        }
    }
    for (int j = 0; j < abilities; ++j) {
        const double t = x[abilityOffset() + j];
        add(abilityOffset() + j, t * t / 2, t, 1);
    }
    return total;
}

long double IrtLayout::evaluateRows(const IrtData &data, const double *x, const double *as, const double *bs, const double *cs, int from, int to, double *g) const
{
    clearUpperVectorState(); // on both threads (core/vectorstate.h)
    long double nll = 0;
    for (int s = from; s < to; ++s) {
        const double theta = abilityOf(x, s);
        double gTheta = 0;
        long double rowNll = 0;
        const qint8 *row = data.responses[s].constData();
        for (int i = 0; i < items; ++i) {
            const qint8 y = row[i];
            if (y < 0)
                continue;
            const double a = as[i], b = bs[i], c = cs[i];
            const double e = std::exp(-a * (theta - b));
            const double sigma = 1.0 / (1.0 + e);
            const double p = std::clamp(c + (1.0 - c) * sigma, 1e-12, 1.0 - 1e-12);
            // 1 − P = (1 − c)(1 − σ) with 1 − σ = e·σ: exact without log1p (a third of a pass).
            rowNll -= std::log(y ? p : std::clamp((1.0 - c) * (std::isfinite(e) ? e * sigma : 1.0), 1e-12, 1.0 - 1e-12));
            if (!g)
                continue;
            // d(−log-lik)/dP = (P − y) / (P (1 − P))
            const double dP = (p - y) / (p * (1.0 - p));
            const double slope = (1.0 - c) * sigma * (1.0 - sigma);
            double *gi = g + qsizetype(i) * perItem;
            int k = 0;
            if (hasA)
                gi[k++] += dP * slope * (theta - b);
            gi[k++] += dP * (-slope * a);
            if (hasC)
                gi[k] += dP * (1.0 - sigma);
            gTheta += dP * slope * a;
        }
        nll += rowNll;
        if (!g)
            continue;
        addToAbilities(g + abilityOffset(), s, gTheta);
    }
    return nll;
}

bool IrtLayout::splitsRows(int students) const
{
    return qint64(students) * items >= 60000 && students >= 2 && std::thread::hardware_concurrency() > 1;
}

double IrtLayout::evaluate(const IrtData &data, const double *x, double *g) const { return double(evaluateExact(data, x, g)); }

long double IrtLayout::evaluateExact(const IrtData &data, const double *x, double *g) const
{
    if (g)
        std::fill(g, g + parameters(), 0.0);
    const size_t count = static_cast<size_t>(items);
    std::vector<double> as(count), bs(count), cs(count);
    for (int i = 0; i < items; ++i)
        itemParams(x, i, &as[size_t(i)], &bs[size_t(i)], &cs[size_t(i)]);
    const int students = int(data.students.size());
    // Large matrices: the second half of the students on a second core, into its own
    // gradient, added afterwards (the same split every time, so the sums are reproducible).
    const bool split = splitsRows(students);
    const long double prior = priorTerms(x, g, nullptr);
    if (!split)
        return prior + evaluateRows(data, x, as.data(), bs.data(), cs.data(), 0, students, g);
    const int half = students / 2;
    std::vector<double> g2(g ? size_t(parameters()) : 0, 0.0);
    long double second = 0;
    std::thread worker([&] { second = evaluateRows(data, x, as.data(), bs.data(), cs.data(), half, students, g ? g2.data() : nullptr); });
    const long double first = evaluateRows(data, x, as.data(), bs.data(), cs.data(), 0, half, g);
    worker.join();
    if (g)
        for (size_t k = 0; k < g2.size(); ++k)
            g[k] += g2[k];
    return prior + first + second;
}

} // namespace assay
