#include "irt/irtgauge.h"

#include <algorithm>
#include <cmath>

namespace assay {

void IrtGauge::move(const IrtLayout &l, const double *lower, const double *upper, const std::vector<char> &held, const double *x, double logScale,
                    double shift, double *out)
{
    const double s = std::exp(logScale);
    const int n = l.parameters();
    std::copy(x, x + n, out);
    for (int i = 0; i < l.items; ++i) {
        const int at = i * l.perItem;
        int k = at;
        if (l.hasA) {
            if (!held[size_t(k)])
                out[k] = x[k] / s;
            ++k;
        }
        if (!held[size_t(k)])
            out[k] = s * x[k] + shift;
    }
    for (int j = 0; j < l.abilities; ++j) {
        const int k = l.abilityOffset() + j;
        if (!held[size_t(k)])
            out[k] = s * x[k] + shift;
    }
    for (int k = 0; k < n; ++k)
        out[k] = std::clamp(out[k], lower[k], upper[k]);
}

namespace {

// −log P(y) of one answered cell.
double cellNll(double a, double b, double c, double theta, int y)
{
    const double z = a * (theta - b);
    // log σ(z) and log(1 − σ(z)) without overflow.
    const double logSigma = z >= 0 ? -std::log1p(std::exp(-z)) : z - std::log1p(std::exp(z));
    const double logOneMinus = logSigma - z;
    if (c <= 0)
        return -(y ? logSigma : logOneMinus);
    const double p = c + (1 - c) * std::exp(logSigma);
    return -(y ? std::log(p) : std::log1p(-c) + logOneMinus);
}

} // namespace

double IrtGauge::search(const IrtData &data, const IrtLayout &l, const double *lower, const double *upper, const std::vector<char> &held, double *x,
                        double nll)
{
    if (!l.studentLevels.isEmpty() || l.prior)
        return 0.0; // the priors hold the gauge already
    const int n = l.parameters();
    std::vector<double> trial(static_cast<size_t>(n)), exact(static_cast<size_t>(n));
    std::vector<double> origin(x, x + n);
    std::vector<char> movedItem(size_t(l.items)), movedStudent(size_t(l.abilities));
    std::vector<int> movedStudents;
    double best = nll, bestS = 0, bestT = 0;
    // Only the cells of a held or clipped variable change along the gauge: the likelihood
    // at a trial is the one at the origin plus their change, a few rows and columns.
    const std::vector<char> none(held.size(), 0);
    const std::vector<double> below(size_t(n), -HUGE_VAL), above(size_t(n), HUGE_VAL);
    auto cell = [&](const std::vector<double> &point, int student, int item, int y) {
        double a, b, c;
        l.itemParams(point.data(), item, &a, &b, &c);
        return cellNll(a, b, c, point[size_t(l.abilityOffset() + student)], y);
    };
    auto at = [&](double logScale, double shift) {
        move(l, lower, upper, held, origin.data(), logScale, shift, trial.data());
        move(l, below.data(), above.data(), none, origin.data(), logScale, shift, exact.data());
        for (int i = 0; i < l.items; ++i)
            movedItem[size_t(i)] = !std::equal(trial.begin() + i * l.perItem, trial.begin() + (i + 1) * l.perItem, exact.begin() + i * l.perItem);
        std::vector<int> &rows = movedStudents;
        rows.clear();
        for (int st = 0; st < l.abilities; ++st) {
            const size_t k = size_t(l.abilityOffset() + st);
            movedStudent[size_t(st)] = trial[k] != exact[k];
            if (movedStudent[size_t(st)])
                rows.push_back(st);
        }
        long double change = 0;
        for (int st : rows) {
            const QVector<qint8> &row = data.responses[st];
            for (int i = 0; i < l.items; ++i)
                if (row[i] >= 0)
                    change += cell(trial, st, i, row[i]) - cell(origin, st, i, row[i]);
        }
        for (int i = 0; i < l.items; ++i) {
            if (!movedItem[size_t(i)])
                continue;
            for (int st = 0; st < l.abilities; ++st)
                if (!movedStudent[size_t(st)] && data.responses[st][i] >= 0)
                    change += cell(trial, st, i, data.responses[st][i]) - cell(origin, st, i, data.responses[st][i]);
        }
        return nll + double(change);
    };
    // Coordinate searches, alternately on the scale and the shift: from the best point so
    // far, steps that double while they gain, then a parabola through the last three.
    for (int round = 0; round < 3; ++round) {
        bool gained = false;
        for (int axis = l.hasA ? 0 : 1; axis < 2; ++axis) {
            for (const double direction : {1.0, -1.0}) {
                double step = 0.01 * direction, last = best, lastPos = 0;
                double prevPos = 0, prevVal = best;
                bool moved = false;
                while (std::abs(step) < 4) {
                    const double pos = lastPos + step;
                    const double value = axis == 0 ? at(bestS + pos, bestT) : at(bestS, bestT + pos);
                    if (!(value < last)) {
                        // The parabola through (prev, last, pos) when this direction moved.
                        if (moved) {
                            const double u = lastPos - prevPos, w = lastPos - pos;
                            const double num = u * u * (last - value) - w * w * (last - prevVal);
                            const double den = u * (last - value) - w * (last - prevVal);
                            if (den != 0) {
                                const double vertex = lastPos - 0.5 * num / den;
                                const double v = axis == 0 ? at(bestS + vertex, bestT) : at(bestS, bestT + vertex);
                                if (v < last)
                                    last = v, lastPos = vertex;
                            }
                        }
                        break;
                    }
                    prevPos = lastPos, prevVal = last;
                    last = value, lastPos = pos, moved = true;
                    step *= 2;
                }
                if (moved && last < best - 1e-12 * std::abs(best)) {
                    best = last, gained = true;
                    (axis == 0 ? bestS : bestT) += lastPos;
                    break; // one direction gained: the other cannot
                }
            }
        }
        if (!gained)
            break;
    }
    if (!(best < nll))
        return 0.0;
    move(l, lower, upper, held, origin.data(), bestS, bestT, x);
    return nll - best;
}

} // namespace assay
