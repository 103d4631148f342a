#include "irt/irtsimulation.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace assay {

IrtSimulation IrtSimulation::twoPl(int students, int items, quint64 seed)
{
    IrtSimulationSpec spec;
    spec.students = students;
    spec.items = items;
    spec.cMin = spec.cMax = 0;
    spec.seed = seed;
    return generate(spec);
}

IrtSimulation IrtSimulation::generate(const IrtSimulationSpec &spec)
{
    std::mt19937_64 random(spec.seed);
    std::normal_distribution<double> normal(0, 1);
    std::uniform_real_distribution<double> uniform(0, 1);
    IrtSimulation sim;
    IrtData &d = sim.data;
    if (spec.factorLevels.isEmpty()) {
        for (int s = 0; s < spec.students; ++s) {
            d.students << QStringLiteral("s%1").arg(s + 1);
            sim.theta.push_back(std::clamp(spec.thetaSd * normal(random), -spec.thetaLimit, spec.thetaLimit));
        }
    } else {
        int combinations = 1;
        for (const auto &[factor, levels] : spec.factorLevels) {
            d.factors << factor;
            std::vector<double> effect(size_t(std::max(levels, 1)), 0.0);
            for (size_t l = 1; l < effect.size(); ++l)
                effect[l] = 0.8 * normal(random);
            sim.effects.insert(factor, effect);
            combinations *= std::max(levels, 1);
        }
        for (int s = 0; s < combinations; ++s) {
            QStringList levels;
            double theta = 0;
            int rest = s;
            for (const auto &[factor, count] : spec.factorLevels) {
                const int level = rest % std::max(count, 1);
                rest /= std::max(count, 1);
                levels << QStringLiteral("%1%2").arg(factor).arg(level + 1);
                theta += sim.effects.value(factor)[size_t(level)];
            }
            d.students << levels.join(QLatin1Char('-'));
            d.levels << levels;
            sim.theta.push_back(theta);
        }
        // Centre the abilities so the items' b sit around the students.
        double mean = 0;
        for (double t : sim.theta)
            mean += t;
        mean /= double(sim.theta.size());
        for (double &t : sim.theta)
            t -= mean;
    }
    for (int i = 0; i < spec.items; ++i) {
        d.items << QStringLiteral("q%1").arg(i + 1);
        IrtItem it{d.items.last()};
        it.a = spec.aMin + (spec.aMax - spec.aMin) * uniform(random);
        it.b = std::clamp(spec.bMean + spec.bSd * normal(random), spec.bMin, spec.bMax);
        it.c = spec.cMin + (spec.cMax - spec.cMin) * uniform(random);
        sim.items.push_back(it);
    }
    for (size_t s = 0; s < sim.theta.size(); ++s) {
        QVector<qint8> row;
        row.reserve(spec.items);
        for (const IrtItem &it : sim.items) {
            const bool missing = spec.missing > 0 && uniform(random) < spec.missing;
            const bool correct = uniform(random) < IrtFitter::probability(it.a, it.b, it.c, sim.theta[s]);
            row << qint8(missing ? -1 : correct ? 1 : 0);
        }
        d.responses << row;
    }
    return sim;
}

double IrtSimulation::correlation(const std::vector<double> &x, const std::vector<double> &y)
{
    const size_t n = std::min(x.size(), y.size());
    if (n < 2)
        return std::numeric_limits<double>::quiet_NaN();
    double mx = 0, my = 0;
    for (size_t i = 0; i < n; ++i)
        mx += x[i], my += y[i];
    mx /= double(n), my /= double(n);
    double sxy = 0, sxx = 0, syy = 0;
    for (size_t i = 0; i < n; ++i) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
        syy += (y[i] - my) * (y[i] - my);
    }
    if (sxx <= 0 || syy <= 0)
        return std::numeric_limits<double>::quiet_NaN();
    return sxy / std::sqrt(sxx * syy);
}

} // namespace assay
