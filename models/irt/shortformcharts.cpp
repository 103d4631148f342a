#include "irt/shortformcharts.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <map>

namespace assay {

ChartData ShortFormCharts::validation(const nlohmann::json &report, bool tau)
{
    ChartData c;
    c.kind = ChartData::Kind::Lines;
    c.id = tau ? QStringLiteral("shortform-kendall") : QStringLiteral("shortform-error");
    c.title = tau ? QStringLiteral("Ranking of the takers from N items") : QStringLiteral("Error of the estimated accuracy from N items");
    c.xTitle = QStringLiteral("items answered (N)");
    c.yTitle = tau ? QStringLiteral("Kendall's τ") : QStringLiteral("accuracy MAE");
    c.xFormat = QStringLiteral("%.0f");
    c.xLog = true; // 5 to 200 items: each size gets room
    c.yMax = tau ? 1.0 : 0.0;
    if (!report.is_object() || !report.contains("methods"))
        return c;
    const int folds = report.value("folds", 0), students = report.value("students", 0);
    c.subtitle = QStringLiteral("%1 takers × %2 items, %3, refitted without each %4")
                     .arg(students).arg(report.value("items", 0))
                     .arg(QString::fromStdString(report.value("model", std::string())).toUpper())
                     .arg(folds >= students ? QStringLiteral("taker (leave one out)") : QStringLiteral("of %1 folds").arg(folds));
    // The methods in a fixed order, so each keeps its colour from chart to chart.
    const char *order[] = {"random", "information", "anchors", "adaptive", "plain"};
    // Plain (the share correct on random items, no model) is the baseline: the methods worse than
    // it at the largest N both have are named in the subtitle (in the legend's names they made
    // it too wide for the pane beside the Exams grid, and QtCharts elided every name).
    std::map<int, double> baseline;
    if (report["methods"].contains("plain"))
        for (const auto &[n, cell] : report["methods"]["plain"].items())
            baseline[std::stoi(n)] = cell.value(tau ? "kendall_tau" : "mae", 0.0);
    int colour = 0;
    QStringList worse;
    for (const char *method : order) {
        ++colour;
        if (!report["methods"].contains(method))
            continue;
        std::map<int, double> points;
        for (const auto &[n, cell] : report["methods"][method].items())
            points[std::stoi(n)] = cell.value(tau ? "kendall_tau" : "mae", 0.0);
        ChartSeries s;
        s.name = QString::fromLatin1(method);
        s.color = ChartBuilder::paletteColor(colour - 1);
        s.nUnit = QStringLiteral("takers"); // each point is over every taker left out
        for (const auto &[n, v] : points) {
            s.x << n;
            s.values << v;
            s.n << (students > 0 ? students : -1);
            if (!tau)
                c.yMax = std::max(c.yMax, v);
        }
        if (std::strcmp(method, "plain") != 0 && !points.empty() && !baseline.empty()) {
            // The largest N both were measured at.
            for (auto it = points.rbegin(); it != points.rend(); ++it)
                if (const auto b = baseline.find(it->first); b != baseline.end()) {
                    if (tau ? it->second < b->second : it->second > b->second)
                        worse << s.name;
                    break;
                }
        }
        c.series << s;
    }
    if (!worse.isEmpty())
        c.subtitle += QStringLiteral("; worse than plain: %1").arg(worse.join(QStringLiteral(", ")));
    return c;
}

ChartData ShortFormCharts::adaptiveTrace(const QString &taker, const QVector<IrtAdaptiveStep> &steps, const QString &note)
{
    ChartData c;
    c.kind = ChartData::Kind::Lines;
    c.id = QStringLiteral("adaptive-trace");
    c.title = QStringLiteral("Adaptive take: ability after each item");
    c.subtitle = taker.isEmpty()   ? QStringLiteral("Take Exam… with Adaptive checked: each taker's ability and its SE follow here, item by item")
                 : steps.isEmpty() ? QStringLiteral("%1: waiting for its first answer").arg(taker)
                                   : QStringLiteral("%1: ability %2 ± %3 after %4 items")
                                       .arg(taker).arg(steps.last().ability.theta, 0, 'f', 2).arg(steps.last().ability.se, 0, 'f', 2).arg(steps.size());
    if (!note.isEmpty())
        c.subtitle = note;
    c.xTitle = QStringLiteral("items answered");
    // No θ̂: QtCharts clips the hat of a rotated axis title.
    c.yTitle = QStringLiteral("ability ± SE"); // short enough for a 220 px chart (issue 50 item 6)
    c.xFormat = QStringLiteral("%.0f");
    ChartSeries s;
    s.name = QStringLiteral("ability");
    s.color = ChartBuilder::paletteColor(0);
    double lo = -1, hi = 1;
    for (int k = 0; k < steps.size(); ++k) {
        const IrtAbilityEstimate &a = steps[k].ability;
        s.x << k + 1;
        s.values << a.theta;
        s.low << a.theta - a.se;
        s.high << a.theta + a.se;
        lo = std::min(lo, a.theta - a.se);
        hi = std::max(hi, a.theta + a.se);
    }
    c.yMin = lo;
    c.yMax = hi;
    c.series << s;
    return c;
}

} // namespace assay
