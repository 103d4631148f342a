#include "exams/examadaptivetake.h"

#include "core/job.h"
#include "exams/examstore.h"
#include "exams/examtaker.h"
#include "irt/irttwodimadaptive.h"
#include "llm/llmstore.h"
#include "project/project.h"

namespace assay {

QString ExamAdaptiveOutcome::text() const
{
    QString t = QStringLiteral("%1: %2 of %3 items (%4); estimated %11 %5 ± %6; estimated accuracy%10 %7 (95%: %8–%9)")
                    .arg(taker).arg(steps.size()).arg(examItems).arg(stopReason)
                    .arg(estimate.ability.theta, 0, 'f', 2).arg(estimate.ability.se, 0, 'f', 2)
                    .arg(estimate.accuracy.accuracy, 0, 'f', 3).arg(estimate.accuracy.low, 0, 'f', 3).arg(estimate.accuracy.high, 0, 'f', 3)
                    .arg(estimatedOn.isEmpty() ? QString() : QStringLiteral(" on the parent exam '%1'").arg(estimatedOn),
                         estimate.model == QLatin1String("2-D") ? QStringLiteral("general ability θ₁ (of two)") : QStringLiteral("θ"));
    if (calls > 0)
        t += QStringLiteral("; %1 LLM calls ($%2) instead of about %3 ($%4)")
                 .arg(calls).arg(cost, 0, 'f', 4).arg(qRound64(fullCalls())).arg(fullCost(), 0, 'f', 4);
    else
        t += QStringLiteral("; %1 items not asked").arg(examItems - steps.size());
    return t;
}

bool ExamAdaptiveTake::isAdaptive(const QString &taker)
{
    return taker.endsWith(QLatin1String(Suffix)) || taker.endsWith(QLatin1String(TwoDimSuffix));
}

bool ExamAdaptiveTake::isTwoDim(const QString &taker) { return taker.endsWith(QLatin1String(TwoDimSuffix)); }

QString ExamAdaptiveTake::studentOf(const QString &taker)
{
    for (const char *suffix : {TwoDimSuffix, Suffix})
        if (taker.endsWith(QLatin1String(suffix)))
            return taker.left(taker.size() - int(qstrlen(suffix)));
    return taker;
}

namespace {

// One adaptive test, item by item: `cat` (IrtAdaptive or IrtTwoDimAdaptive) picks from `pool`
// and the taker answers each alone. Fills the answers and the given items in order.
template <typename Cat>
Status runTest(Cat &cat, const QVector<ExamItem> &pool, Database &db, const TakerSpec &spec, const IrtAdaptiveRule &rule, Job *job,
               const std::function<void(const IrtAdaptiveStep &)> &onStep, QVector<ExamAnswer> &answers, QVector<QPair<QString, int>> &given)
{
    for (int next = cat.next(); next >= 0; next = cat.next()) {
        if (job && job->isCancelled())
            return Status::cancelled();
        // Progress against the items the stopping rule will likely need, not its maximum.
        if (job)
            job->reportProgress(cat.given(), cat.expectedLength(),
                                QStringLiteral("Adaptive take by %1: item %2 of about %3, estimated θ %4 ± %5 (stops at SE ≤ %6)")
                                    .arg(spec.text).arg(cat.given() + 1).arg(cat.expectedLength()).arg(cat.ability().theta, 0, 'f', 2)
                                    .arg(cat.ability().se, 0, 'f', 2).arg(rule.se));
        auto a = ExamTaker::take(db, {pool[next]}, spec);
        if (!a)
            return Status::failure(QStringLiteral("%1: %2").arg(spec.text, a.error()), a.code());
        if (a.value().size() != 1)
            return Status::failure(QStringLiteral("%1 returned %2 answers for one item").arg(spec.text).arg(a.value().size()));
        const ExamAnswer &answer = a.value().first();
        const int correct = answer.chosen < 0 ? -1 : answer.correct ? 1 : 0;
        cat.record(next, correct);
        answers << answer;
        given.append({pool[next].key, correct});
        if (onStep)
            onStep(cat.steps().last());
    }
    return job && job->isCancelled() ? Status::cancelled() : Status();
}

} // namespace

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
    const bool twoDim = rule.dimensions == 2;
    if (twoDim && basis.value().shortForm)
        return R::failure(QStringLiteral("%1 is a short form: an adaptive take on two abilities runs on the exam whose fit compared them").arg(exam));
    if (twoDim && basis.value().twoDim.isEmpty())
        return R::failure(QStringLiteral("%1 has no model with two abilities: on the Exams page's IRT tab tick Compare two abilities and click Fit IRT "
                                         "(assay-cli irt fit FILE --exam EXAM --model auto --prior --dimensions 2, the tab's settings), then take it adaptively again").arg(exam));
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
    out.taker = spec.text + QLatin1String(twoDim ? TwoDimSuffix : Suffix);
    out.rule = rule;
    QVector<ExamAnswer> answers;
    QVector<QPair<QString, int>> given;
    Status ran;
    if (twoDim) {
        QVector<ExamItem> pool; // the items with 2-D parameters, in the model's order
        for (const IrtTwoDimItem &it : basis.value().twoDim)
            pool << cal.examItems[basis.value().index.value(it.id)];
        out.examItems = int(pool.size());
        IrtTwoDimAdaptive cat(basis.value().twoDim, rule);
        ran = runTest(cat, pool, db, spec, rule, job, onStep, answers, given);
        out.steps = cat.steps();
        out.stopReason = cat.stopReason();
    } else {
        out.examItems = int(cal.items.size());
        IrtAdaptive cat(cal.items, rule);
        ran = runTest(cat, cal.examItems, db, spec, rule, job, onStep, answers, given);
        out.steps = cat.steps();
        out.stopReason = cat.stopReason();
    }
    if (!ran)
        return R::failure(ran.error(), ran.code());
    for (const auto &g : std::as_const(given))
        out.keys << g.first;
    // Estimated as the Exams page estimates the stored take: on the parent for a short form.
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
        job->reportProgress(out.steps.size(), out.steps.size(), out.text());
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
    if (isTwoDim(taker)) { // on the exam's 2-D model, as the take saw it
        auto two = store.irtTwoDim(id.value());
        if (!two)
            return R::failure(two.error());
        QHash<QString, int> byKey;
        for (int j = 0; j < two.value().size(); ++j)
            byKey.insert(two.value()[j].id, j);
        QHash<qint64, QPair<int, int>> itemOf; // item id → {index in the model, right option}
        for (const ExamItem &it : items.value())
            if (byKey.contains(it.key))
                itemOf.insert(it.id, {byKey.value(it.key), it.answer});
        QVector<IrtAdaptiveStep> steps;
        QVector<QPair<int, int>> answered;
        for (const auto &[itemId, chosen] : order.value()) {
            if (!itemOf.contains(itemId))
                continue; // an item without 2-D parameters now (rejected, or refitted without it)
            IrtAdaptiveStep step;
            step.item = itemOf.value(itemId).first;
            step.correct = chosen < 0 ? -1 : chosen == itemOf.value(itemId).second ? 1 : 0;
            answered.append({step.item, step.correct});
            const IrtTwoDimAbility a = IrtTwoDimensional::ability(two.value(), answered);
            step.ability.theta = a.theta1, step.ability.se = a.se1, step.ability.answered = a.answered;
            step.theta2 = a.theta2, step.se2 = a.se2;
            steps << step;
        }
        return steps;
    }
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
