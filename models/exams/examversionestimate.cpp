#include "exams/examversionestimate.h"

#include "exams/examstore.h"
#include "irt/irtformcalibration.h"
#include "runs/testsetstore.h"

#include <QHash>

#include <algorithm>
#include <cmath>

namespace assay {

QString ExamVersionEstimate::text() const
{
    return QStringLiteral("%1 on version %2: %3% (95% %4–%5%) over %6 items — %7 of %8 answered here (%9 right), %10 predicted at ability %11 ± %12%13")
        .arg(taker, version)
        .arg(100 * accuracy, 0, 'f', 1)
        .arg(100 * low, 0, 'f', 1)
        .arg(100 * high, 0, 'f', 1)
        .arg(versionItems - unknown)
        .arg(answered)
        .arg(shared)
        .arg(right)
        .arg(predicted)
        .arg(ability.theta, 0, 'f', 2)
        .arg(ability.se, 0, 'f', 2)
        .arg(unknown > 0 ? QStringLiteral("; %1 items without fitted parameters left out (Fit IRT on the exam to include them)").arg(unknown) : QString())
        + (calibrationTakers > 0 ? QStringLiteral(", corrected on %1 takers who answered them").arg(calibrationTakers) : QString());
}

Result<QVector<ExamVersionEstimate>> ExamVersionEstimator::estimate(Database &db, const QString &version)
{
    using R = Result<QVector<ExamVersionEstimate>>;
    TestSetStore versions(db);
    auto info = versions.info(version);
    if (!info)
        return R::failure(info);
    if (info.value().kind != QLatin1String("exam"))
        return R::failure(QStringLiteral("version %1 is a query set's; estimates across versions are for exam versions").arg(version));
    auto frozen = versions.items(info.value().id);
    if (!frozen)
        return R::failure(frozen);
    ExamStore exams(db);
    auto examId = exams.idOf(info.value().source);
    if (!examId)
        return R::failure(examId);
    // Every item of the exam now (rejected ones keep their fitted parameters), by identity.
    auto all = exams.items(examId.value(), false);
    if (!all)
        return R::failure(all);
    QHash<QString, const ExamItem *> byIdentity;
    for (const ExamItem &e : all.value())
        byIdentity.insert(TestSetItem::identityOf(QStringList{QStringLiteral("exam"), e.stem} + e.options), &e);
    auto runs = exams.runs(examId.value());
    auto choices = exams.choices(examId.value());
    if (!runs)
        return R::failure(runs);
    if (!choices)
        return R::failure(choices);
    // The version's items as they are now: the exam item (if any), and its parameters.
    struct VersionItem {
        const ExamItem *item = nullptr;
        bool kept = false, fitted = false;
    };
    QVector<VersionItem> items;
    for (const TestSetItem &t : frozen.value()) {
        VersionItem v;
        v.item = byIdentity.value(t.identity);
        v.kept = v.item && v.item->state == CurationState::Accepted && v.item->filterReason.isEmpty();
        v.fitted = v.item && v.item->a && v.item->b;
        items << v;
    }
    auto irtItem = [](const ExamItem &e) { return IrtItem{e.key, *e.a, *e.b, e.c.value_or(0)}; };
    // A take's answer on version item i: −1 none, else 0/1 (a take made before an item was
    // dropped keeps its answer on it).
    auto answerOf = [&](const QHash<qint64, int> &chosen, int i) {
        const VersionItem &v = items[i];
        if (!v.item)
            return -1;
        const auto c = chosen.constFind(v.item->id);
        return c == chosen.constEnd() ? -1 : (*c == v.item->answer ? 1 : 0);
    };
    // The panel: takes that answered every version item the exam has.
    QVector<QHash<qint64, int>> panel;
    for (const ExamRunInfo &run : runs.value()) {
        const QHash<qint64, int> chosen = choices.value().value(run.id);
        bool complete = true;
        for (int i = 0; i < items.size() && complete; ++i)
            complete = !items[i].item || answerOf(chosen, i) >= 0;
        if (complete)
            panel << chosen;
    }
    QVector<ExamVersionEstimate> out;
    for (const ExamRunInfo &run : runs.value()) {
        const QHash<qint64, int> chosen = choices.value().value(run.id);
        ExamVersionEstimate e;
        e.taker = run.taker;
        e.version = version;
        e.versionItems = int(items.size());
        QVector<int> answeredAt, predictedAt; // version item indices
        for (int i = 0; i < items.size(); ++i) {
            e.shared += items[i].kept ? 1 : 0;
            const int a = answerOf(chosen, i);
            if (a >= 0) {
                ++e.answered;
                e.right += a;
                answeredAt << i;
            } else if (items[i].fitted) {
                predictedAt << i;
            } else {
                ++e.unknown;
            }
        }
        e.predicted = int(predictedAt.size());
        // θ̂ from the answered items with parameters; the expected share right on the predicted.
        auto expectedOn = [&](const QHash<qint64, int> &answersOf, IrtAbilityEstimate *ability) {
            QVector<IrtItem> fitted;
            QVector<QPair<int, int>> given;
            for (int i : answeredAt)
                if (items[i].fitted) {
                    given.append({int(fitted.size()), answerOf(answersOf, i)});
                    fitted << irtItem(*items[i].item);
                }
            *ability = IrtAbility::eap(fitted, given);
            QVector<IrtItem> predicted;
            for (int i : predictedAt)
                predicted << irtItem(*items[i].item);
            return predicted.isEmpty() ? 0.0 : IrtAbility::expectedAccuracy(predicted, ability->theta);
        };
        const double expected = expectedOn(chosen, &e.ability);
        const int counted = e.answered + e.predicted;
        if (counted == 0)
            continue;
        if (predictedAt.isEmpty()) {
            e.accuracy = e.low = e.high = double(e.right) / counted;
            out << e;
            continue;
        }
        // The panel's correction (as for a short form, §9.15): each complete take's expected
        // share on these predicted items, from these answered items, against its observed share.
        QVector<double> panelExpected, panelObserved;
        for (const QHash<qint64, int> &other : panel) {
            IrtAbilityEstimate a;
            panelExpected << expectedOn(other, &a);
            int right = 0;
            for (int i : predictedAt)
                right += answerOf(other, i);
            panelObserved << double(right) / predictedAt.size();
        }
        const IrtFormCalibration correction = IrtFormCalibration::fit(panelExpected, panelObserved);
        e.calibrationTakers = correction.takers;
        const double share = std::clamp(correction.apply(expected), 0.0, 1.0);
        // Uncertain by θ̂'s SD (through the expected share), by each item's Bernoulli outcome,
        // and by the panel's scatter about its line.
        QVector<IrtItem> predicted;
        double outcomeVariance = 0;
        for (int i : predictedAt) {
            predicted << irtItem(*items[i].item);
            const double pi = IrtAbility::expectedAccuracy({predicted.last()}, e.ability.theta);
            outcomeVariance += pi * (1 - pi);
        }
        const double n = double(predictedAt.size());
        const IrtAccuracyEstimate p = IrtAbility::accuracy(predicted, e.ability);
        const double abilitySd = correction.slope * n * (p.high - p.low) / (2 * 1.96);
        const double panelSd = n * correction.residualSd;
        const double halfWidth = 1.96 * std::sqrt(outcomeVariance + abilitySd * abilitySd + panelSd * panelSd);
        e.accuracy = (e.right + n * share) / counted;
        e.low = std::max(0.0, (e.right + n * share - halfWidth) / counted);
        e.high = std::min(1.0, (e.right + n * share + halfWidth) / counted);
        out << e;
    }
    return out;
}

} // namespace assay
