#include "irt/irtjson.h"

namespace assay {

nlohmann::json IrtJson::fit(const IrtFit &fit)
{
    nlohmann::json j;
    j["model"] = fit.model.toStdString();
    j["estimator"] = fit.estimator.toStdString();
    j["nll"] = fit.nll;
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
    j["items"] = nlohmann::json::array();
    for (const IrtItem &it : fit.items)
        j["items"].push_back({{"id", it.id.toStdString()}, {"a", it.a}, {"b", it.b}, {"c", it.c}, {"rmse", it.rmse}, {"baseline_rmse", it.baselineRmse}, {"answered", it.answered}});
    j["students"] = nlohmann::json::array();
    for (const auto &[id, theta] : fit.students)
        j["students"].push_back({{"id", id.toStdString()}, {"theta", theta}});
    j["factors"] = nlohmann::json::object();
    for (auto it = fit.factors.constBegin(); it != fit.factors.constEnd(); ++it) {
        nlohmann::json levels = nlohmann::json::object();
        for (const auto &[level, theta] : it.value())
            levels[level.toStdString()] = theta;
        j["factors"][it.key().toStdString()] = levels;
    }
    return j;
}

nlohmann::json IrtJson::steps(const QVector<IrtStep> &steps, const std::vector<double> &grid)
{
    nlohmann::json j = steps.isEmpty() ? nlohmann::json::object() : fit(steps.last().fit);
    j["theta_grid"] = grid;
    j["steps"] = nlohmann::json::array();
    for (const IrtStep &s : steps) {
        nlohmann::json step = fit(s.fit);
        step["step"] = s.step;
        step["threshold"] = s.threshold;
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
