#include "irt/irtfitsummary.h"

namespace assay {

nlohmann::json IrtFitSummary::of(const QVector<IrtStep> &steps, const QStringList &extraNotes, const QString &shownElsewhere)
{
    if (steps.isEmpty())
        return {};
    const IrtFit &first = steps.first().fit, &last = steps.last().fit;
    nlohmann::json models = nlohmann::json::array();
    for (const IrtModelRow &r : first.comparison)
        models.push_back({{"model", r.model.toUpper().toStdString()}, {"nll", r.nll}, {"parameters", r.parameters}, {"aic", r.aic}, {"bic", r.bic},
                          {"fitted", r.model == first.model}});
    if (const IrtTwoDimFit &two = first.twoDimensional; two.computed) // Compare two abilities (docs/METHODS.md §9.18)
        models.push_back({{"model", "2-D 2PL"}, {"nll", two.nll}, {"parameters", two.parameters}, {"aic", two.aic}, {"bic", two.bic}, {"fitted", false}});
    QStringList notes;
    // The wall-clock time is kept apart ("seconds"), out of the notes: the stored summary is
    // the same for the same data, run after run.
    notes << QStringLiteral("Compared by marginal ML: θ ~ N(0, 1) integrated out");
    for (const IrtLrTest &t : first.lrTests)
        notes << QStringLiteral("LR test %1 → %2: χ² %3 on %4 df, p %5").arg(t.from.toUpper(), t.to.toUpper()).arg(t.statistic, 0, 'f', 1).arg(t.df).arg(t.p, 0, 'g', 3);
    if (!first.choice.isEmpty())
        notes << first.choice;
    if (first.dimensionality.computed) { // is one ability enough (docs/METHODS.md §9.17)
        notes << first.dimensionality.summary();
        notes << first.dimensionality.plainWords();
    }
    if (const QString two = first.twoDimensional.summary(); !two.isEmpty())
        notes << two;
    if (const QString rank = last.dimensionality.rankingNote(); !rank.isEmpty())
        notes << rank;
    notes << extraNotes; // why a taker scores below the IR students (docs/METHODS.md §9.19)
    notes << QStringLiteral("best of %1 starts; %2 distinct %3").arg(first.starts).arg(first.optimaFound).arg(first.optimaFound == 1 ? QStringLiteral("optimum") : QStringLiteral("optima"));
    int misfits = 0;
    for (const IrtItem &it : last.items)
        misfits += it.misfit() ? 1 : 0;
    notes << QStringLiteral("%1 of %2 parameters on a bound (%3%)").arg(last.parametersOnBound).arg(last.parameterCount)
                 .arg(last.parameterCount ? 100.0 * last.parametersOnBound / last.parameterCount : 0.0, 0, 'f', 1);
    notes << (last.itemFitNote.isEmpty() ? QStringLiteral("%1 misfitting items (S-X² p adjusted < 0.05, marked ⚠ in the grid)").arg(misfits) : last.itemFitNote);
    // The search's other warnings; the guard's is shown above the charts, and the bound share
    // said is the final fit's.
    for (const QString &w : first.warnings)
        if (!notes.contains(w) && w != shownElsewhere && !w.contains(QLatin1String("sit on a bound")) && w != first.dimensionality.warning())
            notes << w;
    nlohmann::json out{{"models", models}, {"notes", nlohmann::json::array()}, {"seconds", first.comparisonSeconds()}};
    for (const QString &n : std::as_const(notes))
        out["notes"].push_back(n.toStdString());
    return out;
}

} // namespace assay
