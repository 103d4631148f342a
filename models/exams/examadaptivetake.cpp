#include "exams/examadaptivetake.h"

#include "core/job.h"
#include "exams/examstore.h"
#include "exams/examtaker.h"
#include "llm/llmstore.h"
#include "project/project.h"

namespace assay {

QString ExamAdaptiveOutcome::text() const
{
    QString t = QStringLiteral("%1: %2 of %3 items (%4); estimated θ %5 ± %6; estimated accuracy%10 %7 (95%: %8–%9)")
                    .arg(taker).arg(steps.size()).arg(examItems).arg(stopReason)
                    .arg(estimate.ability.theta, 0, 'f', 2).arg(estimate.ability.se, 0, 'f', 2)
                    .arg(estimate.accuracy.accuracy, 0, 'f', 3).arg(estimate.accuracy.low, 0, 'f', 3).arg(estimate.accuracy.high, 0, 'f', 3)
                    .arg(estimatedOn.isEmpty() ? QString() : QStringLiteral(" on the parent exam '%1'").arg(estimatedOn));
    if (calls > 0)
        t += QStringLiteral("; %1 LLM calls ($%2) instead of about %3 ($%4)")
                 .arg(calls).arg(cost, 0, 'f', 4).arg(qRound64(fullCalls())).arg(fullCost(), 0, 'f', 4);
    else
        t += QStringLiteral("; %1 items not asked").arg(examItems - steps.size());
    return t;
}

Result<ExamAdaptiveOutcome> ExamAdaptiveTake::take(Project &project, const QString &exam, const QString &taker, const IrtAdaptiveRule &rule, Job *job,
                                                   const std::function<void(const IrtAdaptiveStep &)> &onStep)
{
    using R = Result<ExamAdaptiveOutcome>;
    Database &db = project.database();
    auto parsed = ExamTaker::parse(taker);
    if (!parsed)
        return R::failure(parsed.error());
    TakerSpec spec = parsed.take();
    // What the take is estimated on (the parent, for a short form); its calibration doubles as
    // the item pool unless the exam is a short form, whose own calibration is then loaded.
    auto basis = ExamShortForm::basis(db, exam);
    if (!basis)
        return R::failure(basis.error());
    std::optional<ExamCalibration> own;
    if (basis.value().shortForm) {
        auto c = ExamShortForm::calibration(db, exam);
        if (!c)
            return R::failure(c.error());
        own = c.take();
    }
    const ExamCalibration &cal = own ? *own : basis.value().calibration;
    spec.examplePool = cal.examItems;
    LlmStore ledger(db);
    const QString tag = QStringLiteral("exam:%1").arg(spec.text);
    auto before = ledger.usage(tag);
    if (!before)
        return R::failure(before.error());
    ExamAdaptiveOutcome out;
    out.taker = spec.text + QLatin1String(Suffix);
    out.rule = rule;
    out.examItems = int(cal.items.size());
    IrtAdaptive cat(cal.items, rule);
    QVector<ExamAnswer> answers;
    QVector<QPair<int, int>> answered;
    for (int next = cat.next(); next >= 0; next = cat.next()) {
        if (job && job->isCancelled())
            return R::cancelled();
        // Progress against the items the stopping rule will likely need, not its maximum.
        if (job)
            job->reportProgress(cat.given(), cat.expectedLength(),
                                QStringLiteral("Adaptive take by %1: item %2 of about %3, estimated θ %4 ± %5 (stops at SE ≤ %6)")
                                    .arg(spec.text).arg(cat.given() + 1).arg(cat.expectedLength()).arg(cat.ability().theta, 0, 'f', 2)
                                    .arg(cat.ability().se, 0, 'f', 2).arg(rule.se));
        auto a = ExamTaker::take(db, {cal.examItems[next]}, spec);
        if (!a)
            return R::failure(QStringLiteral("%1: %2").arg(spec.text, a.error()), a.code());
        if (a.value().size() != 1)
            return R::failure(QStringLiteral("%1 returned %2 answers for one item").arg(spec.text).arg(a.value().size()));
        const ExamAnswer &answer = a.value().first();
        const int correct = answer.chosen < 0 ? -1 : answer.correct ? 1 : 0;
        cat.record(next, correct);
        answers << answer;
        answered.append({next, correct});
        out.keys << cal.examItems[next].key;
        if (onStep)
            onStep(cat.steps().last());
    }
    if (job && job->isCancelled())
        return R::cancelled();
    out.steps = cat.steps();
    out.stopReason = cat.stopReason();
    // Estimated as the Exams page estimates the stored take: on the parent for a short form.
    QVector<QPair<QString, int>> given;
    for (const auto &[index, correct] : std::as_const(answered))
        given.append({cal.examItems[index].key, correct});
    out.estimate = ExamShortForm::estimateTake(basis.value(), out.taker, given);
    out.estimatedOn = out.estimate.estimatedOn;
    auto after = ledger.usage(tag);
    if (!after)
        return R::failure(after.error());
    out.calls = after.value().requests - before.value().requests;
    out.cost = after.value().cost - before.value().cost;
    if (auto s = ExamStore(db).saveRun(cal.examId, out.taker, spec.factors(), answers); !s)
        return R::failure(s.error());
    if (job)
        job->reportProgress(cat.given(), cat.given(), out.text());
    return out;
}

Result<QVector<IrtAdaptiveStep>> ExamAdaptiveTake::trace(Database &db, const QString &exam, const QString &taker)
{
    using R = Result<QVector<IrtAdaptiveStep>>;
    // The exam's fitted items alone (not the panel's answers: this runs when a row is clicked).
    ExamStore store(db);
    auto id = store.idOf(exam);
    if (!id)
        return R::failure(id.error());
    auto items = store.items(id.value());
    if (!items)
        return R::failure(items.error());
    auto order = store.answerOrder(id.value(), taker);
    if (!order)
        return R::failure(order.error());
    QVector<IrtItem> fitted;
    QHash<qint64, int> index; // item id → index in `fitted`
    QVector<int> keys;        // the right option per fitted item
    for (const ExamItem &it : items.value())
        if (it.a && it.b) {
            index.insert(it.id, int(fitted.size()));
            fitted << IrtItem(it.key, *it.a, *it.b, it.c.value_or(0.0));
            keys << it.answer;
        }
    QVector<IrtAdaptiveStep> steps;
    QVector<QPair<int, int>> answered;
    for (const auto &[itemId, chosen] : order.value()) {
        const int j = index.value(itemId, -1);
        if (j < 0)
            continue; // an item without parameters now (rejected, or refitted without it)
        IrtAdaptiveStep step;
        step.item = j;
        step.correct = chosen < 0 ? -1 : chosen == keys[j] ? 1 : 0;
        answered.append({j, step.correct});
        step.ability = IrtAbility::eap(fitted, answered);
        steps << step;
    }
    return steps;
}

} // namespace assay
