#include "irt/irtjson.h"

#include "irt/irtmarginal.h"

#include <cmath>

namespace assay {

namespace {

// JSON has no NaN: a value that does not exist is null.
nlohmann::json number(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

} // namespace

nlohmann::json IrtJson::fit(const IrtFit &fit)
{
    nlohmann::json j;
    j["model"] = fit.model.toStdString();
    j["estimator"] = fit.estimator.toStdString();
    j["nll"] = fit.nll;
    j["data_nll"] = fit.dataNll;
    j["converged"] = fit.converged;
    j["iterations"] = fit.iterations;
    j["sweeps"] = fit.sweeps;
    j["newton_steps"] = fit.newtonSteps;
    j["projected_gradient"] = fit.projectedGradient;
    j["seconds"] = fit.seconds;
    j["rmse"] = fit.rmse;
    j["baseline_rmse"] = fit.baselineRmse;
    if (!fit.message.isEmpty())
        j["message"] = fit.message.toStdString();
    j["starts"] = fit.starts;
    j["optima_found"] = fit.optimaFound;
    j["parameters"] = fit.parameterCount;
    j["parameters_on_bound"] = fit.parametersOnBound;
    if (!fit.choice.isEmpty())
        j["model_choice"] = fit.choice.toStdString();
    j["warnings"] = nlohmann::json::array();
    for (const QString &w : fit.warnings)
        j["warnings"].push_back(w.toStdString());
    if (fit.dimensionality.computed || !fit.dimensionality.note.isEmpty())
        j["dimensionality"] = IrtDimensionality::toJson(fit.dimensionality);
    if (fit.twoDimensional.computed || !fit.twoDimensional.note.isEmpty())
        j["two_dimensional"] = fit.twoDimensional.toJson();
    j["comparison"] = nlohmann::json::object();
    for (const IrtModelRow &r : fit.comparison)
        j["comparison"][r.model.toStdString()] = {{"nll", r.nll}, {"parameters", r.parameters}, {"aic", r.aic},      {"bic", r.bic},
                                                  {"converged", r.converged}, {"em_steps", r.iterations}, {"seconds", r.seconds}};
    if (!fit.comparison.isEmpty()) {
        j["comparison_basis"] = IrtMarginal::basis(fit.comparison.first().nodes).toStdString();
        j["comparison_seconds"] = fit.comparisonSeconds();
    }
    j["lr_tests"] = nlohmann::json::array();
    for (const IrtLrTest &t : fit.lrTests)
        j["lr_tests"].push_back({{"from", t.from.toStdString()}, {"to", t.to.toStdString()}, {"statistic", t.statistic}, {"df", t.df}, {"p", number(t.p)}});
    j["items"] = nlohmann::json::array();
    for (const IrtItem &it : fit.items) {
        nlohmann::json item = {{"id", it.id.toStdString()}, {"a", it.a}, {"b", it.b}, {"c", it.c}, {"rmse", it.rmse}, {"baseline_rmse", it.baselineRmse},
                               {"answered", it.answered}, {"se_a", number(it.seA)}, {"se_b", number(it.seB)}, {"se_c", number(it.seC)},
                               {"sx2", number(it.sx2)}, {"sx2_df", it.sx2Df}, {"sx2_p", number(it.sx2P)}, {"sx2_p_adjusted", number(it.sx2PAdjusted)},
                               {"rmsea", number(it.rmsea)}, {"misfit", it.misfit()},
                               {"p_correct", number(it.pCorrect)}, {"point_biserial", number(it.pointBiserial)}};
        item["on_bound"] = nlohmann::json::array();
        for (const QString &b : it.onBound)
            item["on_bound"].push_back(b.toStdString());
        j["items"].push_back(item);
    }
    j["students"] = nlohmann::json::array();
    for (int s = 0; s < fit.students.size(); ++s)
        j["students"].push_back({{"id", fit.students[s].first.toStdString()}, {"theta", fit.students[s].second},
                                 {"se_theta", number(size_t(s) < fit.studentSe.size() ? fit.studentSe[size_t(s)] : qQNaN())},
                                 {"lz", number(size_t(s) < fit.studentLz.size() ? fit.studentLz[size_t(s)] : qQNaN())}});
    j["factors"] = nlohmann::json::object();
    j["factor_se"] = nlohmann::json::object();
    for (auto it = fit.factors.constBegin(); it != fit.factors.constEnd(); ++it) {
        nlohmann::json levels = nlohmann::json::object(), errors = nlohmann::json::object();
        const QVector<double> se = fit.factorSe.value(it.key());
        for (int k = 0; k < it.value().size(); ++k) {
            levels[it.value()[k].first.toStdString()] = it.value()[k].second;
            errors[it.value()[k].first.toStdString()] = number(se.value(k, qQNaN()));
        }
        j["factors"][it.key().toStdString()] = levels;
        j["factor_se"][it.key().toStdString()] = errors;
    }
    return j;
}

nlohmann::json IrtJson::steps(const QVector<IrtStep> &steps, const std::vector<double> &grid)
{
    nlohmann::json j = steps.isEmpty() ? nlohmann::json::object() : fit(steps.last().fit);
    // The search and the comparison belong to the first fit on every item; later steps refit
    // the model it chose.
    if (steps.size() > 1) {
        const nlohmann::json first = fit(steps.first().fit);
        for (const char *key : {"starts", "optima_found", "comparison", "comparison_basis", "comparison_seconds", "lr_tests", "model_choice", "warnings"})
            if (first.contains(key))
                j[key] = first[key];
        for (const char *key : {"dimensionality", "two_dimensional"})
            if (!j.contains(key) && first.contains(key))
                j[key] = first[key];
    }
    j["theta_grid"] = grid;
    j["steps"] = nlohmann::json::array();
    for (const IrtStep &s : steps) {
        nlohmann::json step = fit(s.fit);
        step["step"] = s.step;
        step["threshold"] = s.threshold;
        if (!s.rule.isEmpty())
            step["rule"] = s.rule.toStdString();
        step["dropped"] = nlohmann::json::array();
        for (const QString &id : s.dropped)
            step["dropped"].push_back(id.toStdString());
        step["test_information"] = s.information.values;
        step["mean_information"] = s.meanInformation.values;
        j["steps"].push_back(step);
    }
    return j;
}

} // namespace assay
