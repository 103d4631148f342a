#include "irt/irtcharts.h"

#include "irt/irtaliasedlevels.h"

#include <algorithm>
#include <cmath>
#include <QSet>

namespace assay {

namespace {

// A chart over the θ grid: its axis spans the grid even before there is a curve to draw.
ChartData lines(const char *id, const QString &title, const QString &subtitle, const QString &yTitle, const std::vector<double> &grid)
{
    ChartData c;
    if (!grid.empty()) {
        c.xMin = grid.front();
        c.xMax = grid.back();
    }
    c.kind = ChartData::Kind::Lines;
    c.id = QString::fromLatin1(id);
    c.title = title;
    c.subtitle = subtitle;
    c.xTitle = QStringLiteral("ability θ");
    c.yTitle = yTitle;
    c.yMax = 0;
    return c;
}

void addCurve(ChartData &c, const QString &name, const std::vector<double> &grid, const std::vector<double> &values)
{
    ChartSeries s;
    s.name = name;
    s.color = ChartBuilder::paletteColor(int(c.series.size()));
    s.x = QVector<double>(grid.begin(), grid.end());
    s.values = QVector<double>(values.begin(), values.end());
    for (double v : values)
        c.yMax = std::max(c.yMax, v);
    c.series << s;
}

// The item's key: its a, b and c stand in the grid beside it (in the legend they were cut
// to "q130 (a 1.00, b -2.75, c 0.…" in the pane beside the grid).
QString itemName(const IrtItem &it) { return it.id; }

QString shown(const QVector<IrtItem> &items)
{
    return items.size() > IrtCharts::MaxItemCurves ? QStringLiteral("the first %1 of %2 selected items").arg(IrtCharts::MaxItemCurves).arg(items.size())
                                                   : QStringLiteral("%1 selected item(s)").arg(items.size());
}

} // namespace

ChartData IrtCharts::characteristicCurves(const QVector<IrtItem> &items, const std::vector<double> &grid)
{
    ChartData c = lines("item-characteristic", QStringLiteral("Item characteristic curves"),
                        shown(items) + QStringLiteral("; P(θ) = c + (1 − c)·σ(a(θ − b))"), QStringLiteral("P(correct)"), grid);
    bool banded = false;
    for (int i = 0; i < std::min<int>(int(items.size()), MaxItemCurves); ++i) {
        addCurve(c, itemName(items[i]), grid, IrtInformation::characteristic(items[i], grid));
        const auto [low, high] = IrtInformation::characteristicBand(items[i], grid);
        c.series.last().low = QVector<double>(low.begin(), low.end());
        c.series.last().high = QVector<double>(high.begin(), high.end());
        banded = banded || std::any_of(low.begin(), low.end(), [](double v) { return std::isfinite(v); });
    }
    // Bands need the fit's covariance, which only a fit of this session has: the subtitle says
    // which of the two the chart shows.
    c.subtitle += banded ? QStringLiteral("; bands: 95% pointwise (delta method)") : QStringLiteral("; no bands: Fit IRT in this session gives their standard errors");
    c.yMax = 1.0;
    return c;
}

ChartData IrtCharts::itemInformation(const QVector<IrtItem> &items, const std::vector<double> &grid)
{
    ChartData c = lines("item-information", QStringLiteral("Item information curves"), shown(items) + QStringLiteral("; Lord's 3PL information"),
                        QStringLiteral("information"), grid);
    for (int i = 0; i < std::min<int>(int(items.size()), MaxItemCurves); ++i)
        addCurve(c, itemName(items[i]), grid, IrtInformation::item(items[i], grid));
    return c;
}

ChartData IrtCharts::testInformation(const QVector<IrtItem> &items, const std::vector<double> &grid)
{
    const IrtCurve sum = IrtInformation::test(items, grid, false);
    const auto peak = std::max_element(sum.values.begin(), sum.values.end());
    const double at = peak == sum.values.end() ? 0.0 : grid[size_t(peak - sum.values.begin())];
    ChartData c = lines("test-information", QStringLiteral("Test information"),
                        QStringLiteral("the sum of the items' information; %1 items; peak %2 at θ = %3 (mean per item %4)")
                            .arg(items.size())
                            .arg(peak == sum.values.end() ? 0.0 : *peak, 0, 'f', 2)
                            .arg(at, 0, 'f', 2)
                            .arg(items.isEmpty() || peak == sum.values.end() ? 0.0 : *peak / double(items.size()), 0, 'f', 3),
                        QStringLiteral("information"), grid);
    addCurve(c, QStringLiteral("test information"), grid, sum.values);
    return c;
}

ChartData IrtCharts::groupInformation(const char *id, const QString &title, const QVector<IrtItem> &items, const QHash<QString, QStringList> &groups,
                                      const std::vector<double> &grid)
{
    ChartData c = lines(id, title, QStringLiteral("mean item information per group; an item may count in several groups"),
                        QStringLiteral("mean information"), grid);
    for (const IrtCurve &curve : IrtInformation::byGroup(items, groups, grid))
        addCurve(c, QStringLiteral("%1 (%2 items)").arg(curve.name).arg(curve.items), grid, curve.values);
    return c;
}

ChartData IrtCharts::standardError(const char *id, const QString &title, const QVector<IrtItem> &items, const QHash<QString, QStringList> &groups,
                                   const std::vector<double> &grid)
{
    ChartData c = lines(id, title,
                        groups.isEmpty() ? QStringLiteral("SE(θ) = 1/√I(θ) of the whole exam")
                                         : QStringLiteral("SE(θ) = 1/√I(θ) of the whole exam and of each group's items alone (items in brackets)"),
                        QStringLiteral("SE(θ)"), grid);
    auto add = [&](const QString &name, const IrtCurve &information) {
        const IrtCurve se = IrtInformation::standardError(information);
        addCurve(c, name, grid, se.values);
    };
    // Short legend entries: four groups and the whole exam fit beside each other at 1366 px.
    add(QStringLiteral("whole exam (%1)").arg(items.size()), IrtInformation::test(items, grid, false));
    for (const IrtCurve &curve : IrtInformation::byGroup(items, groups, grid, false))
        add(QStringLiteral("%1 (%2)").arg(curve.name).arg(curve.items), curve);
    // Where information vanishes the SE runs off to infinity: the axis stops at 2.5.
    c.yMax = std::min(c.yMax, 2.5);
    return c;
}

ChartData IrtCharts::improvement(const QVector<IrtStep> &steps, const std::vector<double> &grid)
{
    ChartData c = lines("improvement", QStringLiteral("Iterative exam improvement"),
                        QStringLiteral("mean item information per step; each step drops items by its rule (%1) and refits").arg(steps.size() > 1 ? steps[1].rule : QStringLiteral("none")),
                        QStringLiteral("mean information"), grid);
    for (const IrtStep &s : steps)
        addCurve(c, s.step == 0 ? QStringLiteral("step 0: %1 items").arg(s.fit.items.size())
                                : QStringLiteral("step %1: %2 items (dropped %3)").arg(s.step).arg(s.fit.items.size()).arg(s.dropped.size()),
                 grid, s.meanInformation.values);
    return c;
}

ChartData IrtCharts::abilities(const IrtFit &fit, const IrtData &data)
{
    ChartData c;
    c.kind = ChartData::Kind::StackedBars;
    c.id = QStringLiteral("abilities");
    c.title = QStringLiteral("Abilities per factor level");
    // Each factor's first level is its reference, at 0 by construction: a bar of its own would
    // be an empty slot, so the references are named in the subtitle instead.
    // A factor with one level among the takers (every taker's llm "none") has nothing to
    // compare: it gets no series, no legend entry and no reference.
    QMap<QString, QVector<QPair<QString, double>>> factors;
    for (auto it = fit.factors.constBegin(); it != fit.factors.constEnd(); ++it)
        if (it.value().size() > 1)
            factors.insert(it.key(), it.value());
    QStringList references;
    for (auto it = factors.constBegin(); it != factors.constEnd(); ++it)
        references << QStringLiteral("%1 %2").arg(it.key(), it.value().first().first);
    c.subtitle = QStringLiteral("hierarchical %1 fit; each level against its factor's reference (%2, at 0), with its 95% interval")
                     .arg(fit.model.toUpper(), references.join(QStringLiteral(", ")));
    // Two levels held by the same takers (the oracle's retriever and k): the answers fix their
    // sum only, so one bar shows the sum, without an interval, and the other none.
    const auto position = [&](const QString &factor, const QString &level) {
        const auto &levels = factors.value(factor);
        for (int l = 0; l < levels.size(); ++l)
            if (levels[l].first == level)
                return l;
        return -1;
    };
    QHash<QString, QPair<QString, double>> folded; // "factor\nlevel" → (the level folded in, its value)
    QSet<QString> dropped;
    for (const IrtAliasedLevels::Alias &a : IrtAliasedLevels::find(data)) {
        const int kept = position(a.otherFactor, a.otherLevel), gone = position(a.factor, a.level);
        if (kept < 1 || gone < 1)
            continue; // one of them is a reference: the other's bar is the sum already
        folded.insert(a.otherFactor + QLatin1Char('\n') + a.otherLevel, {QStringLiteral("%1 %2").arg(a.factor, a.level), factors[a.factor][gone].second});
        dropped << a.factor + QLatin1Char('\n') + a.level;
        c.subtitle += QStringLiteral("; %1 %2 and %3 %4 are the same takers': their sum is shown").arg(a.otherFactor, a.otherLevel, a.factor, a.level);
    }
    if (const QString rank = fit.dimensionality.rankingNote(); !rank.isEmpty())
        c.subtitle += QStringLiteral("; ") + rank;
    c.yTitle = QStringLiteral("θ vs reference");
    struct Bar {
        int factor;
        double value, se;
    };
    QVector<Bar> bars;
    int f = 0;
    for (auto it = factors.constBegin(); it != factors.constEnd(); ++it, ++f) {
        const QVector<double> se = fit.factorSe.value(it.key());
        for (int l = 1; l < it.value().size(); ++l) {
            const QString key = it.key() + QLatin1Char('\n') + it.value()[l].first;
            if (dropped.contains(key))
                continue;
            QString label = QStringLiteral("%1<br>%2").arg(it.key().toHtmlEscaped(), it.value()[l].first.toHtmlEscaped());
            Bar bar{f, it.value()[l].second, se.value(l, qQNaN())};
            if (const auto other = folded.constFind(key); other != folded.constEnd()) {
                label += QStringLiteral(" + %1").arg(other->first.toHtmlEscaped());
                bar.value += other->second;
                bar.se = qQNaN();
            }
            c.categories << label;
            bars << bar;
        }
    }
    c.yMax = 0;
    f = 0;
    for (auto it = factors.constBegin(); it != factors.constEnd(); ++it, ++f) {
        ChartSeries s;
        s.name = it.key();
        s.color = ChartBuilder::paletteColor(f);
        s.values = QVector<double>(c.categories.size(), 0.0);
        // 95% intervals from the levels' standard errors (relative to the first level).
        s.low = s.high = QVector<double>(c.categories.size(), qQNaN());
        for (int at = 0; at < bars.size(); ++at) {
            if (bars[at].factor != f)
                continue;
            const double v = bars[at].value;
            s.values[at] = v;
            if (std::isfinite(bars[at].se)) {
                s.low[at] = v - 1.959964 * bars[at].se, s.high[at] = v + 1.959964 * bars[at].se;
                c.yMax = std::max(c.yMax, s.high[at]);
                c.yMin = std::min(c.yMin, s.low[at]);
            }
            c.yMax = std::max(c.yMax, v);
            c.yMin = std::min(c.yMin, v);
        }
        c.series << s;
    }
    return c;
}

QVector<ChartData> IrtCharts::all(const QVector<IrtStep> &steps, const QHash<QString, QStringList> &bloom, const QHash<QString, QStringList> &types, const IrtData &data)
{
    if (steps.isEmpty())
        return {};
    const auto grid = IrtInformation::grid();
    QVector<IrtItem> items = steps.last().fit.items;
    // Items whose curves differ: equal parameters would draw one curve twice (a 1PL's items
    // differ by b alone, and many share it).
    QVector<IrtItem> distinct;
    QSet<QString> seen;
    for (const IrtItem &it : items)
        if (const QString key = QStringLiteral("%1 %2 %3").arg(it.a, 0, 'f', 2).arg(it.b, 0, 'f', 2).arg(it.c, 0, 'f', 2); !seen.contains(key)) {
            seen.insert(key);
            distinct << it;
        }
    const bool oneDiscrimination = std::all_of(distinct.cbegin(), distinct.cend(), [&](const IrtItem &it) { return std::abs(it.a - distinct.first().a) < 1e-6; });
    QVector<IrtItem> chosen = distinct;
    QString which = QStringLiteral("the %1 items with distinct parameters").arg(distinct.size());
    if (oneDiscrimination) {
        // One slope: the curves differ by difficulty, so they are spread over its range.
        std::stable_sort(chosen.begin(), chosen.end(), [](const IrtItem &x, const IrtItem &y) { return x.b < y.b; });
        if (chosen.size() > MaxItemCurves) {
            QVector<IrtItem> spread;
            for (int k = 0; k < MaxItemCurves; ++k)
                spread << chosen[int(std::lround(double(k) * double(chosen.size() - 1) / (MaxItemCurves - 1)))];
            chosen = spread;
            which = QStringLiteral("%1 items spread over the difficulties (one discrimination)").arg(MaxItemCurves);
        }
    } else {
        std::stable_sort(chosen.begin(), chosen.end(), [](const IrtItem &x, const IrtItem &y) { return x.a < y.a || (x.a == y.a && x.b < y.b); });
        if (chosen.size() > MaxItemCurves) {
            chosen = chosen.mid(0, MaxItemCurves / 2) + chosen.mid(chosen.size() - MaxItemCurves / 2);
            which = QStringLiteral("the %1 least and %1 most discriminating items").arg(MaxItemCurves / 2);
        }
    }
    ChartData icc = characteristicCurves(chosen, grid), info = itemInformation(chosen, grid);
    icc.subtitle = info.subtitle = which;
    QVector<ChartData> out{icc, info, testInformation(items, grid),
                           groupInformation("bloom-information", QStringLiteral("Information by Bloom level"), items, bloom, grid),
                           groupInformation("type-information", QStringLiteral("Information by question type"), items, types, grid),
                           standardError("bloom-standard-error", QStringLiteral("Measurement error by Bloom level"), items, bloom, grid),
                           standardError("type-standard-error", QStringLiteral("Measurement error by question type"), items, types, grid)};
    if (steps.size() > 1)
        out << improvement(steps, grid);
    if (!steps.last().fit.factors.isEmpty())
        out << abilities(steps.last().fit, data);
    return out;
}

} // namespace assay
