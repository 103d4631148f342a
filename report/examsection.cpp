#include "report/examsection.h"

#include "irt/irtaliasedlevels.h"
#include "irt/irtinformation.h"

#include <nlohmann/json.hpp>

#include <QtMath>

#include <algorithm>
#include <numeric>

#include <cmath>
#include <set>

namespace assay {

namespace {

QString num(double v, int decimals = 2) { return std::isfinite(v) ? QString::number(v, 'f', decimals) : QStringLiteral("—"); }

struct Peak {
    double information = 0, theta = 0, from = 0, to = 0; // [from, to]: information ≥ half the peak
};

Peak peakOf(const QVector<IrtItem> &items)
{
    const std::vector<double> grid = IrtInformation::grid(-4, 4, 401);
    const IrtCurve curve = IrtInformation::test(items, grid, false);
    Peak p;
    for (size_t i = 0; i < grid.size(); ++i)
        if (curve.values[i] > p.information) {
            p.information = curve.values[i];
            p.theta = grid[i];
        }
    p.from = p.to = p.theta;
    for (size_t i = 0; i < grid.size(); ++i)
        if (curve.values[i] >= p.information / 2) {
            p.from = std::min(p.from, grid[i]);
            p.to = std::max(p.to, grid[i]);
        }
    return p;
}

QVector<IrtItem> misfits(const QVector<IrtItem> &items)
{
    QVector<IrtItem> out;
    for (const IrtItem &it : items)
        if (it.misfit())
            out << it;
    std::sort(out.begin(), out.end(), [](const IrtItem &a, const IrtItem &b) { return a.sx2PAdjusted < b.sx2PAdjusted; });
    return out;
}

bool itemFitComputed(const QVector<IrtItem> &items)
{
    return std::any_of(items.begin(), items.end(), [](const IrtItem &it) { return std::isfinite(it.sx2PAdjusted); });
}

} // namespace

QString ExamSection::html(const ExamIrtResult &r, const QString &irtFigures, const QString &shortFormFigures)
{
    QString h = QStringLiteral("<h2>Exam and IRT</h2>\n");
    if (r.steps.isEmpty())
        return h + QStringLiteral("<p class=\"note\">No IRT fit: on the Exams page, Take Exam… with several students, then Fit IRT.</p>\n");
    const IrtFit &first = r.steps.first().fit, &last = r.steps.constLast().fit;
    h += QStringLiteral("<p>Exam <b>%1</b>: %2 items kept of %3 fitted%4; %5.</p>\n")
             .arg(r.exam.toHtmlEscaped())
             .arg(last.items.size())
             .arg(first.items.size())
             .arg(r.steps.size() > 1 ? QStringLiteral(" after %1 improvement steps").arg(r.steps.size() - 1) : QString())
             .arg(last.students.isEmpty() ? QStringLiteral("students not known from stored parameters")
                                          : QStringLiteral("%1 students").arg(last.students.size()));
    // The model and why.
    h += QStringLiteral("<h3>Model</h3>\n<p>%1%2.</p>\n")
             .arg(last.model.toUpper(), last.estimator == QLatin1String("bayes-modal") ? QStringLiteral(" (Bayes modal)")
                                        : last.estimator == QLatin1String("mml")       ? QStringLiteral(" (marginal ML items, EAP abilities)")
                                                                                       : QString());
    if (!first.comparison.isEmpty()) {
        h += QStringLiteral("<table><tr><th>Model</th><th>−log L (marginal)</th><th>Parameters</th><th>AIC</th><th>BIC</th></tr>\n");
        for (const IrtModelRow &m : first.comparison)
            h += QStringLiteral("<tr><td>%1%2</td><td class=\"num\">%3</td><td class=\"num\">%4</td><td class=\"num\">%5</td><td class=\"num\">%6</td></tr>\n")
                     .arg(m.model.toUpper(), m.model == first.model ? QStringLiteral(" (chosen)") : QString(), num(m.nll, 1))
                     .arg(m.parameters)
                     .arg(num(m.aic, 1), num(m.bic, 1));
        h += QStringLiteral("</table>\n");
        if (!first.choice.isEmpty())
            h += QStringLiteral("<p>%1</p>\n").arg(first.choice.toHtmlEscaped());
    } else {
        h += QStringLiteral("<p class=\"note\">Why this model is not known from the stored parameters: click Fit IRT on the Exams page (model "
                            "<i>auto</i>) before exporting to compare the 1PL, 2PL and 3PL.</p>\n");
    }
    // Is one ability enough (docs/METHODS.md §9.17)? Beside the model choice.
    if (first.dimensionality.computed)
        h += QStringLiteral("<p>%1.</p>\n<p class=\"note\">%2</p>\n")
                 .arg(first.dimensionality.summary().toHtmlEscaped(), first.dimensionality.plainWords().toHtmlEscaped());
    if (const QString two = first.twoDimensional.summary(); !two.isEmpty()) // docs/METHODS.md §9.18
        h += QStringLiteral("<p>%1.</p>\n").arg(two.toHtmlEscaped());
    for (const QString &note : r.takerNotes) // why a taker scores below the IR students (§9.19)
        h += QStringLiteral("<p>%1.</p>\n").arg(note.toHtmlEscaped());
    for (const QString &w : first.warnings)
        if (w != first.dimensionality.warning())
            h += QStringLiteral("<p class=\"note\">%1</p>\n").arg(w.toHtmlEscaped());
    // Where it measures.
    const Peak peak = peakOf(last.items);
    h += QStringLiteral("<h3>Test information</h3>\n<p>Peak %1 at θ = %2; at least half of it from θ = %3 to %4, where the standard error of an "
                        "ability is at most %5.</p>\n")
             .arg(num(peak.information, 1), num(peak.theta), num(peak.from), num(peak.to), num(peak.information > 0 ? 1 / std::sqrt(peak.information / 2) : qQNaN()));
    // Misfits.
    h += QStringLiteral("<h3>Item fit</h3>\n");
    if (!itemFitComputed(last.items)) {
        h += QStringLiteral("<p class=\"note\">%1</p>\n")
                 .arg((last.itemFitNote.isEmpty() ? QStringLiteral("Item fit (S-X²) is not known from the stored parameters: click Fit IRT on the Exams page before exporting.")
                                                  : last.itemFitNote)
                          .toHtmlEscaped());
    } else {
        const QVector<IrtItem> bad = misfits(last.items);
        h += QStringLiteral("<p>%1 of %2 items misfit (S-X² p adjusted &lt; 0.05).</p>\n").arg(bad.size()).arg(last.items.size());
        if (!bad.isEmpty()) {
            h += QStringLiteral("<table><tr><th>Item</th><th>a</th><th>b</th><th>c</th><th>S-X² p adj</th><th>RMSEA</th></tr>\n");
            for (int i = 0; i < bad.size() && i < 10; ++i)
                h += QStringLiteral("<tr><td>%1</td><td class=\"num\">%2</td><td class=\"num\">%3</td><td class=\"num\">%4</td><td class=\"num\">%5</td><td class=\"num\">%6</td></tr>\n")
                         .arg(bad[i].id.toHtmlEscaped(), num(bad[i].a), num(bad[i].b), num(bad[i].c), QString::number(bad[i].sx2PAdjusted, 'g', 3), num(bad[i].rmsea, 3));
            h += QStringLiteral("</table>\n");
        }
    }
    // Abilities.
    h += QStringLiteral("<h3>Abilities</h3>\n");
    if (last.students.isEmpty()) {
        h += QStringLiteral("<p class=\"note\">The students' abilities are not stored: click Fit IRT on the Exams page before exporting.</p>\n");
    } else {
        QVector<int> order(last.students.size());
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(), [&](int a, int b) { return last.students[a].second > last.students[b].second; });
        h += QStringLiteral("<table><tr><th>Student</th><th>θ</th><th>SE</th></tr>\n");
        for (int i : order)
            h += QStringLiteral("<tr><td>%1</td><td class=\"num\">%2</td><td class=\"num\">%3</td></tr>\n")
                     .arg(last.students[i].first.toHtmlEscaped(), num(last.students[i].second), num(i < int(last.studentSe.size()) ? last.studentSe[size_t(i)] : qQNaN()));
        h += QStringLiteral("</table>\n");
        if (const QString rank = (last.dimensionality.computed ? last : first).dimensionality.rankingNote(); !rank.isEmpty())
            h += QStringLiteral("<p class=\"note\">%1</p>\n").arg(rank.toHtmlEscaped());
        h += factorTables(r);
    }
    return h + irtFigures + shortForms(r, shortFormFigures);
}

QString ExamSection::factorTables(const ExamIrtResult &r)
{
    const IrtFit &last = r.steps.constLast().fit;
    QString h;
    QStringList single; // factors with one level among the takers: nothing to compare
    for (auto f = last.factors.cbegin(); f != last.factors.cend(); ++f) {
        if (f.value().size() < 2) {
            if (!f.value().isEmpty())
                single << QStringLiteral("%1 (%2)").arg(f.key(), f.value().first().first);
            continue;
        }
        h += QStringLiteral("<p>By %1 (relative to its first level):</p>\n<table><tr><th>Level</th><th>θ</th><th>SE</th></tr>\n").arg(f.key().toHtmlEscaped());
        const QVector<double> se = last.factorSe.value(f.key());
        for (int i = 0; i < f.value().size(); ++i)
            h += QStringLiteral("<tr><td>%1</td><td class=\"num\">%2</td><td class=\"num\">%3</td></tr>\n")
                     .arg(f.value()[i].first.toHtmlEscaped(), num(f.value()[i].second), num(se.value(i, qQNaN())));
        h += QStringLiteral("</table>\n");
    }
    if (!single.isEmpty())
        h += QStringLiteral("<p class=\"note\">Every taker has the same %1: %2 %3 no level to compare.</p>\n")
                 .arg(single.join(QStringLiteral(", ")).toHtmlEscaped(), single.size() == 1 ? QStringLiteral("that factor") : QStringLiteral("those factors"),
                      single.size() == 1 ? QStringLiteral("has") : QStringLiteral("have"));
    // Two levels held by the same takers: the fit fixes their sum, not their split (IrtAliasedLevels).
    const auto relative = [&](const QString &factor, const QString &level) {
        for (const auto &[name, value] : last.factors.value(factor))
            if (name == level)
                return value;
        return qQNaN();
    };
    for (const IrtAliasedLevels::Alias &a : IrtAliasedLevels::find(r.data)) {
        const double one = relative(a.factor, a.level), other = relative(a.otherFactor, a.otherLevel);
        if (std::isnan(one) || std::isnan(other))
            continue;
        h += QStringLiteral("<p class=\"note\">%1 %2 and %3 %4 belong to the same %5 (%6): the answers fix their sum, %7, and not how it splits "
                            "between them, so each alone (and its wide SE) says nothing of that level: read them together, as the abilities chart does.</p>\n")
                 .arg(a.factor.toHtmlEscaped(), a.level.toHtmlEscaped(), a.otherFactor.toHtmlEscaped(), a.otherLevel.toHtmlEscaped(),
                      a.students.size() == 1 ? QStringLiteral("taker") : QStringLiteral("%1 takers").arg(a.students.size()),
                      a.students.join(QStringLiteral(", ")).toHtmlEscaped(), num(one + other));
    }
    return h;
}

QString ExamSection::shortForms(const ExamIrtResult &r, const QString &figures)
{
    QString h = QStringLiteral("<h3>Short forms and adaptive testing</h3>\n");
    const nlohmann::json &v = r.validation;
    if (v.is_object() && v.contains("error"))
        return h + QStringLiteral("<p class=\"note\">The stored validation cannot be read: %1</p>\n")
                       .arg(QString::fromStdString(v.value("error", std::string())).toHtmlEscaped());
    if (!v.is_object() || !v.contains("methods") || !v["methods"].is_object())
        return h + QStringLiteral("<p class=\"note\">How many items would have done is not measured: on the Exams page, tab Short forms &amp; "
                                  "adaptive, click Validate… before exporting.</p>\n");
    const int students = v.value("students", 0), folds = v.value("folds", 0), items = v.value("items", 0);
    h += QStringLiteral("<p>Each of %1 takers left out %2, the %3 refitted without it, and its accuracy on all %4 items estimated from N items "
                        "chosen by each method: the mean absolute error of that estimate and Kendall's τ of the takers' ranking against the "
                        "whole exam. The best of each N is in bold.</p>\n")
             .arg(students)
             .arg(folds >= students ? QStringLiteral("in turn") : QStringLiteral("in %1 folds").arg(folds))
             .arg(QString::fromStdString(v.value("model", std::string())).toUpper())
             .arg(items);
    // The validation counts the exam's accepted items; the fit above may have dropped some.
    if (!r.steps.isEmpty() && r.steps.last().fit.items.size() != items)
        h += QStringLiteral("<p class=\"note\">The %1 items are the exam's accepted items; the IRT fit above kept %2 of them after its "
                            "improvement steps (Reject dropped on the IRT tab, then Validate…, makes the two the same).</p>\n")
                 .arg(items).arg(r.steps.last().fit.items.size());
    // One row per N, the methods side by side in the charts' order.
    QStringList methods;
    std::set<int> sizes;
    for (const char *m : {"random", "information", "anchors", "adaptive", "plain"})
        if (v["methods"].contains(m) && v["methods"][m].is_object()) {
            methods << QString::fromLatin1(m);
            for (const auto &[n, cell] : v["methods"][m].items())
                sizes.insert(std::stoi(n));
        }
    h += QStringLiteral("<table><tr><th rowspan=\"2\">N</th>");
    for (const QString &m : std::as_const(methods))
        h += QStringLiteral("<th colspan=\"2\">%1</th>").arg(m);
    h += QStringLiteral("</tr>\n<tr>");
    for (int k = 0; k < methods.size(); ++k)
        h += QStringLiteral("<th>MAE</th><th>τ</th>");
    h += QStringLiteral("</tr>\n");
    for (int n : sizes) {
        const std::string key = std::to_string(n);
        const auto figure = [&](const QString &m, const char *what) {
            const nlohmann::json &byN = v["methods"][m.toStdString()];
            return byN.contains(key) && byN[key].contains(what) && byN[key][what].is_number() ? byN[key][what].get<double>() : qQNaN();
        };
        double bestMae = qInf(), bestTau = -qInf();
        for (const QString &m : std::as_const(methods)) {
            if (const double e = figure(m, "mae"); std::isfinite(e))
                bestMae = std::min(bestMae, e);
            if (const double t = figure(m, "kendall_tau"); std::isfinite(t))
                bestTau = std::max(bestTau, t);
        }
        h += QStringLiteral("<tr><td class=\"num\">%1</td>").arg(n);
        for (const QString &m : std::as_const(methods)) {
            const double e = figure(m, "mae"), t = figure(m, "kendall_tau");
            const auto cell = [](const QString &text, bool best) { return best ? QStringLiteral("<b>%1</b>").arg(text) : text; };
            h += QStringLiteral("<td class=\"num\">%1</td><td class=\"num\">%2</td>")
                     .arg(cell(num(e, 4), e == bestMae), cell(num(t, 3), t == bestTau));
        }
        h += QStringLiteral("</tr>\n");
    }
    h += QStringLiteral("</table>\n");
    // The method to use, by the same measurement (ties go to plain, which needs no model).
    if (v.contains("recommended") && v["recommended"].is_object() && !v["recommended"].empty()) {
        QStringList said;
        for (const auto &[n, m] : v["recommended"].items())
            said << QStringLiteral("%1 at N = %2").arg(QString::fromStdString(m.get<std::string>()), QString::fromStdString(n));
        h += QStringLiteral("<p>Recommended (lowest leave-one-out MAE; a tie goes to plain, the share correct on random items with no model): %1.</p>\n")
                 .arg(said.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    return h + figures;
}

nlohmann::json ExamSection::json(const ExamIrtResult &r)
{
    nlohmann::json j;
    j["exam"] = r.exam.toStdString();
    if (r.validation.is_object())
        j["shortform_validation"] = r.validation;
    if (r.steps.isEmpty())
        return j;
    const IrtFit &first = r.steps.first().fit, &last = r.steps.constLast().fit;
    j["model"] = last.model.toStdString();
    j["choice"] = first.choice.toStdString();
    if (first.dimensionality.computed)
        j["dimensionality"] = IrtDimensionality::toJson(first.dimensionality);
    if (first.twoDimensional.computed) {
        nlohmann::json two = first.twoDimensional.toJson();
        two.erase("students");
        two.erase("items");
        j["two_dimensional"] = two;
    }
    j["items_fitted"] = first.items.size();
    j["items_kept"] = last.items.size();
    j["students"] = last.students.size();
    const Peak peak = peakOf(last.items);
    j["information_peak"] = {{"information", peak.information}, {"theta", peak.theta}, {"half_from", peak.from}, {"half_to", peak.to}};
    if (itemFitComputed(last.items))
        j["misfits"] = misfits(last.items).size();
    else
        j["misfits"] = nullptr;
    return j;
}

} // namespace assay
