#pragma once
// A mean's 95% interval, as the claim and metric figures give it: a percentile bootstrap
// (seeded, so the same values give the same interval) up to 5,000 values; beyond, where the
// bootstrap's cost grows and the mean is close to normal, mean ± 1.96 standard errors, clipped
// to [lower, upper]. NaN for no values; the value itself for one.
#include <QVector>
#include <QtNumeric>

#include <algorithm>
#include <cmath>
#include <random>

namespace assay {

inline void meanInterval(const QVector<double> &values, double *low, double *high, double lower = 0, double upper = 1)
{
    const int n = int(values.size());
    if (n < 2) {
        *low = *high = n == 1 ? values[0] : qQNaN();
        return;
    }
    if (n > 5000) {
        double sum = 0, squares = 0;
        for (double x : values) {
            sum += x;
            squares += x * x;
        }
        const double mean = sum / n, variance = std::max(0.0, (squares - n * mean * mean) / (n - 1));
        const double half = 1.96 * std::sqrt(variance / n);
        *low = std::max(lower, mean - half);
        *high = std::min(upper, mean + half);
        return;
    }
    constexpr int resamples = 1000;
    std::mt19937_64 rng(0x5eedULL + quint64(n));
    std::uniform_int_distribution<int> pick(0, n - 1);
    QVector<double> means(resamples);
    for (double &m : means) {
        double sum = 0;
        for (int i = 0; i < n; ++i)
            sum += values[pick(rng)];
        m = sum / n;
    }
    std::sort(means.begin(), means.end());
    *low = means[int(0.025 * (resamples - 1))];
    *high = means[int(std::ceil(0.975 * (resamples - 1)))];
}

} // namespace assay
