#pragma once
// What each chart panel draws, computed from run analyses without any chart library: the
// series values, colours, titles and axis labels. The widgets turn these into QtCharts; the
// tests assert the numbers here. Colours are the Okabe–Ito palette (colour-blind safe), and
// gap / robust / non-robust always have the same three.
#include "analysis/runanalysis.h"

#include <QColor>

namespace assay {

struct ChartSeries {
    QString name;
    QColor color;
    QVector<double> values;
    QVector<double> low, high; // error bars (NaN where none)
    QStringList labels;        // per value (scatter points)
    QVector<double> x;         // scatter and lines: x per value
    int marker = 0;            // scatter: 0 circle, 1 square, 2 triangle, 3 star (one per form)
    // Bars: what each value was computed on (n, in nUnit: "items", "groups", "labels"); -1 or
    // missing where the chart does not say.
    QVector<qint64> n = {};
    QString nUnit = {};
    QStringList nUnits = {}; // per value, where the values count different things (a radar's axes)
    // " · n = 10,932 items" for value i, empty where n is not said (hover tooltips, SVG titles).
    QString countText(int i) const;
    // Value i as a hover says it: "0.612 [0.581, 0.640] · n = 10,932 items", with the interval
    // and the count where the series has them; "n/a" for an unknown value (never 0).
    QString valueText(int i) const;
    // A number as hovers and SVG titles write it: three decimals below 10, else six digits.
    static QString numberText(double v);
};

struct ChartData {
    enum class Kind { StackedBars, Bars, Radar, Scatter, Lines };
    Kind kind = Kind::Bars;
    QString id;    // file name stem: group-breakdown, accuracy, error-types, radar, time-vs-score
    QString title;
    QString subtitle; // what was judged by whom
    QString xTitle, yTitle;
    QStringList categories; // bars: one per run; radar: the axes
    QVector<ChartSeries> series;
    double yMax = 1.0;
    double yMin = 0.0;       // bars below zero (abilities relative to a first level)
    QString yFormat;         // axis label format; empty: chosen from yMax
    QString xFormat;         // lines: x axis label format; empty: "%.1f"
    bool xLog = false;       // lines: x on a log scale, labelled at the measured values (all x > 0)
    double xMin = 0, xMax = 0; // lines: the x range known ahead (θ from −3 to 3); equal: from the data
    // For a click on a bar: the run behind each category.
    QStringList runs;
    // Per category, what the hover tooltip adds under the run's name (its pipeline and form).
    QStringList details;
};

class ChartBuilder {
public:
    static QColor tagColor(GroupResult::Tag tag);
    static QColor paletteColor(int i); // Okabe–Ito, skipping black
    // The colour of a response type (EM, AM, GE, RE, ME, TE) in every taxonomy chart.
    static QColor taxonomyColor(const QString &type);

    // Runs sorted by pipeline then form, so short and long of a pipeline stand side by side.
    static QVector<RunAnalysis> ordered(QVector<RunAnalysis> runs);
    static QString categoryLabel(const RunAnalysis &run); // "bm25<br>k=3<br>short" (axis labels take HTML)
    // The label of a run's bar: its name, less the prefix every run of the chart shares, wrapped
    // at '/', '-', '_' and spaces into lines of about eight characters (HTML; issue 77: bars named
    // by pipeline could not tell two runs of one pipeline apart).
    static QString runCategory(const QString &run, const QString &sharedPrefix);
    // The prefix all `runs` share, up to and with its last slash (empty for fewer than two).
    static QString sharedPrefix(const QStringList &runs);

    static ChartData groupBreakdown(const QVector<RunAnalysis> &runs, bool shares);
    // commonBasis: the refined accuracy of every run over the same groups, those that are not a
    // gap in every run together (Compare's basis for two runs, docs/METHODS.md §5.6), instead of
    // each run leaving out its own gaps; its bootstrap interval is then not drawn.
    static ChartData accuracyPanel(const QVector<RunAnalysis> &runs, bool commonBasis = false);
    static ChartData errorTypeMix(const QVector<RunAnalysis> &runs);
    // One polygon per pipeline; axes are the forms (refined accuracy) when there are three or
    // more, else form × the four accuracies.
    static ChartData radar(const QVector<RunAnalysis> &runs);
    static ChartData timeVsScore(const QVector<RunAnalysis> &runs);
    static QVector<ChartData> all(const QVector<RunAnalysis> &runs);

    // The items a run's refined accuracy is computed on: those of its groups that are not a gap.
    static qint64 refinedItems(const RunAnalysis &run);

private:
    static QString judgedBy(const QVector<RunAnalysis> &runs);
    static ChartData header(ChartData::Kind kind, const char *id, const QString &title, const QString &subtitle, const QString &yTitle);
};

} // namespace assay
