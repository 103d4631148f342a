#pragma once
// What a chart's value axes read: the tick labels as QtCharts writes them (the axis's
// printf-style label format over its evenly spaced ticks), and what is wrong with them —
// whole numbers written with ".0" ("800.0"), or neighbouring ticks that read the same
// ("0.00 0.00 0.00 0.01").
#include <QCategoryAxis>
#include <QChart>
#include <QRegularExpression>
#include <QSet>
#include <QStringList>
#include <QValueAxis>

#include <cmath>

namespace assay::test {

inline QStringList tickLabels(const QValueAxis *axis)
{
    QStringList out;
    const int n = axis->tickCount();
    if (axis->tickType() != QValueAxis::TicksFixed || n < 2)
        return out;
    const QByteArray format = axis->labelFormat().toLatin1();
    const bool integral = format.contains('d') || format.contains('i');
    const double step = (axis->max() - axis->min()) / (n - 1);
    for (int i = 0; i < n; ++i) {
        const double v = axis->min() + i * step;
        out << (integral ? QString::asprintf(format.constData(), int(std::lround(v))) : QString::asprintf(format.constData(), v));
    }
    return out;
}

// "'title' axis 'y': 0.0 200.0 400.0 …" for every visible value axis whose ticks read badly.
inline QStringList badTicks(const QChart *chart)
{
    QStringList out;
    for (QAbstractAxis *axis : chart->axes()) {
        auto *values = qobject_cast<QValueAxis *>(axis);
        // A category axis (a log scale, a radar's angles) is labelled by its categories.
        if (!values || qobject_cast<QCategoryAxis *>(axis) || !values->isVisible() || !values->labelsVisible())
            continue;
        const QStringList ticks = tickLabels(values);
        if (ticks.size() < 2)
            continue;
        static const QRegularExpression wholeWithDecimals(QStringLiteral("\\.0+$"));
        bool allWholeWithDecimals = true;
        for (const QString &t : ticks)
            allWholeWithDecimals = allWholeWithDecimals && wholeWithDecimals.match(t).hasMatch();
        const bool repeated = QSet<QString>(ticks.cbegin(), ticks.cend()).size() < ticks.size();
        if (allWholeWithDecimals || repeated)
            out << QStringLiteral("'%1' axis '%2' (%3, %4 ticks from %5 to %6): %7")
                       .arg(chart->title().left(60), values->titleText(), values->labelFormat())
                       .arg(values->tickCount())
                       .arg(values->min())
                       .arg(values->max())
                       .arg(ticks.join(QLatin1Char(' ')));
    }
    return out;
}

} // namespace assay::test
