#include "analysis/judgeagreement.h"

#include "core/wilsoninterval.h"

#include "analysis/grammareval.h"

#include <QHash>

#include <nlohmann/json.hpp>

#include <cmath>

namespace assay {

std::pair<double, double> JudgeAgreement::wilson(qint64 successes, qint64 trials, double z)
{
    return wilsonInterval(successes, trials, z);
}

JudgeAgreementReport JudgeAgreement::compare(const QVector<Outcome> &truth, const QVector<Outcome> &judge)
{
    JudgeAgreementReport r;
    QHash<qint64, std::optional<int>> truthOf;
    for (const Outcome &o : truth)
        truthOf.insert(o.itemId, o.verdict);
    for (const Outcome &o : judge) {
        const auto t = truthOf.value(o.itemId);
        if (!t || !o.verdict) {
            ++r.skipped;
            continue;
        }
        ++r.compared;
        const bool actual = *t == 1, predicted = *o.verdict == 1;
        r.truePositive += actual && predicted;
        r.falsePositive += !actual && predicted;
        r.falseNegative += actual && !predicted;
        r.trueNegative += !actual && !predicted;
    }
    r.precision = GrammarEval::ratio(r.truePositive, r.truePositive + r.falsePositive);
    r.recall = GrammarEval::ratio(r.truePositive, r.truePositive + r.falseNegative);
    r.agreement = GrammarEval::ratio(r.truePositive + r.trueNegative, r.compared);
    if (r.agreement) {
        const auto [lo, hi] = wilson(r.truePositive + r.trueNegative, r.compared);
        r.agreementLow = lo;
        r.agreementHigh = hi;
    }
    r.kappa = CohenKappa::of(r.truePositive, r.falseNegative, r.falsePositive, r.trueNegative);
    if (r.precision) {
        const auto [lo, hi] = wilson(r.truePositive, r.truePositive + r.falsePositive);
        r.precisionLow = lo;
        r.precisionHigh = hi;
    }
    if (r.recall) {
        const auto [lo, hi] = wilson(r.truePositive, r.truePositive + r.falseNegative);
        r.recallLow = lo;
        r.recallHigh = hi;
    }
    if (!r.precision || !r.recall)
        r.reading = QStringLiteral("undefined");
    else if (*r.precision >= 0.8 && *r.recall >= 0.8)
        r.reading = QStringLiteral("reliable");
    else if (*r.precision < 0.8 && *r.recall < 0.8)
        r.reading = QStringLiteral("both");
    else
        r.reading = *r.precision < 0.8 ? QStringLiteral("optimistic") : QStringLiteral("cynical");
    return r;
}

nlohmann::json JudgeAgreementReport::toJson() const
{
    const auto value = [](const std::optional<double> &v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); };
    return {{"compared", compared},
            {"skipped", skipped},
            {"confusion", {{"tp", truePositive}, {"fp", falsePositive}, {"fn", falseNegative}, {"tn", trueNegative}}},
            {"precision", value(precision)},
            {"precision_ci95", {value(precisionLow), value(precisionHigh)}},
            {"recall", value(recall)},
            {"recall_ci95", {value(recallLow), value(recallHigh)}},
            {"agreement", value(agreement)},
            {"accuracy", value(agreement)},
            {"accuracy_ci95", {value(agreementLow), value(agreementHigh)}},
            {"kappa", value(kappa.kappa)},
            {"kappa_ci95", {value(kappa.low), value(kappa.high)}},
            {"bias", biasInWords().toStdString()},
            {"optimism", precision ? nlohmann::json(1.0 - *precision) : nlohmann::json(nullptr)},
            {"cynicism", recall ? nlohmann::json(1.0 - *recall) : nlohmann::json(nullptr)},
            {"reading", reading.toStdString()}};
}

QString JudgeAgreementReport::biasInWords() const
{
    const auto percent = [](double v) { return QStringLiteral("%1%").arg(v * 100, 0, 'f', 0); };
    const qint64 incorrect = falsePositive + trueNegative, correct = truePositive + falseNegative;
    const QString optimism = incorrect > 0 ? QStringLiteral("judges %1 of the incorrect answers correct").arg(percent(double(falsePositive) / incorrect)) : QString();
    const QString cynicism = correct > 0 ? QStringLiteral("judges %1 of the correct answers incorrect").arg(percent(double(falseNegative) / correct)) : QString();
    if (reading == QLatin1String("optimistic"))
        return QStringLiteral("optimistic: it %1").arg(optimism);
    if (reading == QLatin1String("cynical"))
        return QStringLiteral("cynical: it %1").arg(cynicism);
    if (reading == QLatin1String("both"))
        return QStringLiteral("both optimistic and cynical: it %1, and %2").arg(optimism, cynicism);
    if (reading == QLatin1String("reliable"))
        return QStringLiteral("reliable: precision and recall both at least 0.8; it %1, and %2").arg(optimism.isEmpty() ? QStringLiteral("—") : optimism,
                                                                                                   cynicism.isEmpty() ? QStringLiteral("—") : cynicism);
    return QStringLiteral("undefined: the truth or the judge has no Correct verdict on the compared items");
}

} // namespace assay
