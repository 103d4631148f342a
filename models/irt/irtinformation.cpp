#include "irt/irtinformation.h"
#include "core/vectorstate.h"

#include <algorithm>
#include <cmath>

namespace assay {

std::vector<double> IrtInformation::grid(double from, double to, int points)
{
    points = std::max(points, 2);
    std::vector<double> g(static_cast<size_t>(points));
    for (int k = 0; k < points; ++k)
        g[size_t(k)] = from + (to - from) * k / (points - 1);
    return g;
}

namespace {

// f(a, b, c, θ) of one item over the grid.
std::vector<double> curve(double (*f)(double, double, double, double), const IrtItem &item, const std::vector<double> &grid)
{
    std::vector<double> v;
    v.reserve(grid.size());
    clearUpperVectorState(); // core/vectorstate.h
    for (double t : grid)
        v.push_back(f(item.a, item.b, item.c, t));
    return v;
}

} // namespace

std::vector<double> IrtInformation::characteristic(const IrtItem &item, const std::vector<double> &grid) { return curve(&IrtFitter::probability, item, grid); }

std::vector<double> IrtInformation::item(const IrtItem &item, const std::vector<double> &grid) { return curve(&IrtFitter::information, item, grid); }

std::pair<std::vector<double>, std::vector<double>> IrtInformation::characteristicBand(const IrtItem &it, const std::vector<double> &grid)
{
    std::vector<double> low(grid.size(), qQNaN()), high(grid.size(), qQNaN());
    const bool any = std::any_of(it.covariance.begin(), it.covariance.end(), [](double v) { return v != 0; });
    if (!any)
        return {low, high};
    for (size_t k = 0; k < grid.size(); ++k) {
        const double s = 1.0 / (1.0 + std::exp(-it.a * (grid[k] - it.b)));
        const double p = it.c + (1 - it.c) * s;
        const double g[3] = {(1 - it.c) * s * (1 - s) * (grid[k] - it.b), -(1 - it.c) * s * (1 - s) * it.a, 1 - s};
        double v = 0;
        for (int u = 0; u < 3; ++u)
            for (int w = 0; w < 3; ++w)
                v += g[u] * it.covariance[size_t(u * 3 + w)] * g[w];
        const double half = 1.959964 * std::sqrt(std::max(v, 0.0));
        low[k] = std::max(0.0, p - half), high[k] = std::min(1.0, p + half);
    }
    return {low, high};
}

IrtCurve IrtInformation::standardError(const IrtCurve &information)
{
    IrtCurve c{QStringLiteral("SE(θ)"), information.items, information.values};
    for (double &v : c.values)
        v = v > 0 ? 1.0 / std::sqrt(v) : qQNaN();
    return c;
}

IrtCurve IrtInformation::test(const QVector<IrtItem> &items, const std::vector<double> &grid, bool mean)
{
    IrtCurve curve{mean ? QStringLiteral("mean item information") : QStringLiteral("test information"), int(items.size()), std::vector<double>(grid.size(), 0.0)};
    clearUpperVectorState(); // core/vectorstate.h
    for (const IrtItem &it : items)
        for (size_t k = 0; k < grid.size(); ++k)
            curve.values[k] += IrtFitter::information(it.a, it.b, it.c, grid[k]);
    if (mean && !items.isEmpty())
        for (double &v : curve.values)
            v /= double(items.size());
    return curve;
}

IrtCurve IrtInformation::meanOf(const IrtCurve &testInformation)
{
    IrtCurve curve = testInformation;
    curve.name = QStringLiteral("mean item information");
    if (curve.items > 0)
        for (double &v : curve.values)
            v /= double(curve.items);
    return curve;
}

QVector<IrtCurve> IrtInformation::byGroup(const QVector<IrtItem> &items, const QHash<QString, QStringList> &groups, const std::vector<double> &grid, bool mean)
{
    QMap<QString, QVector<IrtItem>> members;
    for (const IrtItem &it : items)
        for (const QString &g : groups.value(it.id))
            members[g] << it;
    QVector<IrtCurve> curves;
    for (auto it = members.constBegin(); it != members.constEnd(); ++it) {
        IrtCurve c = test(it.value(), grid, mean);
        c.name = it.key();
        curves << c;
    }
    return curves;
}

} // namespace assay
