// Short forms and adaptive takes in a project (docs/METHODS.md §9.15): a grounded demo exam
// taken by the offline panel and fitted; a short form's round trip through the project
// (linked, weighted, its items' parameters kept) and its takes' estimates on the parent; an
// adaptive take against the loopback endpoint that sends exactly the items it reports and
// stores exactly those answers; a cancelled adaptive take stores nothing; the validation kept
// in the exam.
#include "testmain.h"
#include "core/job.h"
#include "exams/examadaptivetake.h"
#include "exams/examcuration.h"
#include "irt/irttwodimadaptive.h"
#include "exams/examirt.h"
#include "exams/examshortform.h"
#include "exams/examstore.h"
#include "exams/examvalidation.h"
#include "exams/examworkflow.h"
#include "testdemo.h"
#include "testendpoint.h"
#include "testexam.h"
#include "testllm.h"
#include "testsettings.h"

#include <QtTest>

#include <cmath>

#include <nlohmann/json.hpp>

namespace tst_shortforms {

using namespace assay;

class TestShortForms : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_demo;
    test::TestEndpoint m_endpoint;
    const QString m_exam = QStringLiteral("panel");
    QVector<ExamItem> m_items;
    QVector<IrtItem> m_fitItems; // the stored fit's item diagnostics, as fitted

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        QVERIFY(m_endpoint.start());
        QVERIFY(test::saveEndpointProfile(m_endpoint, QStringLiteral("local")));
        m_demo = test::openDemoProject(m_dir);
        QVERIFY(m_demo);
        auto id = test::createGroundedExam(*m_demo, m_exam);
        QVERIFY2(id.ok(), qPrintable(id.error()));
        QVERIFY2(ExamWorkflow::take(*m_demo, m_exam, ExamWorkflow::offlineStudents()).ok(), "the offline panel takes the exam");
        IrtOptions options;
        options.model = IrtOptions::Model::TwoPL;
        options.prior = true;
        auto fitted = ExamIrt::fit(m_demo->database(), m_exam, options);
        QVERIFY2(fitted.ok(), qPrintable(fitted.error()));
        QVERIFY(ExamIrt::save(m_demo->database(), id.value(), fitted.value().steps, ExamIrt::settings(options, 0, {})).ok());
        m_fitItems = ExamIrt::lastHeld(fitted.value().steps);
        m_items = ExamStore(m_demo->database()).items(id.value()).value();
        QVERIFY(m_items.size() >= 20);
    }

    // The item diagnostics the exam grid shows are stored with the parameters and read back as
    // fitted (a later session marks the same misfits); what was not computed stays NaN.
    void itemFitIsStoredWithTheParameters()
    {
        ExamStore store(m_demo->database());
        auto settings = store.irtSettings(store.idOf(m_exam).value());
        QVERIFY(settings.ok());
        const QVector<IrtItem> read = ExamIrt::storedItemFit(settings.value());
        QCOMPARE(read.size(), m_fitItems.size());
        const auto same = [](double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; };
        int finiteSx2 = 0, finiteSe = 0;
        for (int i = 0; i < read.size(); ++i) {
            const IrtItem &r = read[i], &f = m_fitItems[i];
            QCOMPARE(r.id, f.id);
            QVERIFY2(same(r.seA, f.seA) && same(r.seB, f.seB) && same(r.seC, f.seC) && same(r.rmsea, f.rmsea), qPrintable(r.id));
            QVERIFY2(same(r.sx2, f.sx2) && same(r.sx2P, f.sx2P) && same(r.sx2PAdjusted, f.sx2PAdjusted) && r.sx2Df == f.sx2Df, qPrintable(r.id));
            QCOMPARE(r.onBound, f.onBound);
            QCOMPARE(r.misfit(), f.misfit());
            finiteSx2 += std::isfinite(r.sx2);
            finiteSe += std::isfinite(r.seB);
        }
        QVERIFY(finiteSe > 0);
        qInfo("%d of %d items with S-X² stored", finiteSx2, int(read.size()));
        // Settings without diagnostics (a fit stored before they were kept): none, never zeros.
        QVERIFY(ExamIrt::storedItemFit(nlohmann::json{{"model", "2pl"}}).isEmpty());
        IrtItem unknown(QStringLiteral("q1"));
        unknown.onBound = {QStringLiteral("c")};
        const QVector<IrtItem> back = ExamIrt::storedItemFit(nlohmann::json{{"item_fit", ExamIrt::itemFit({unknown})}});
        QCOMPARE(back.size(), 1);
        QVERIFY(std::isnan(back[0].seA) && std::isnan(back[0].sx2PAdjusted) && !back[0].misfit());
        QCOMPARE(back[0].onBound, QStringList{QStringLiteral("c")});
        // Each item as the last step that held it: q2, dropped after step 0, keeps step 0's
        // diagnostics (as its parameters do); q1 takes step 1's.
        IrtStep first, second;
        IrtItem q1(QStringLiteral("q1")), q2(QStringLiteral("q2"));
        q1.sx2PAdjusted = 0.5, q2.sx2PAdjusted = 0.01;
        first.fit.items = {q1, q2};
        q1.sx2PAdjusted = 0.2;
        second.fit.items = {q1};
        const QVector<IrtItem> held = ExamIrt::lastHeld({first, second});
        QCOMPARE(held.size(), 2);
        QCOMPARE(held[0].id, QStringLiteral("q1"));
        QCOMPARE(held[0].sx2PAdjusted, 0.2);
        QVERIFY(held[1].misfit()); // the misfit dropped at step 1 still shows as one
    }

    void shortFormRoundTrip()
    {
        Database &db = m_demo->database();
        ExamStore store(db);
        auto created = ExamShortForm::create(db, m_exam, QStringLiteral("panel-info-10"), IrtShortForm::Method::Information, 10, 1);
        QVERIFY2(created.ok(), qPrintable(created.error()));
        const qint64 id = store.idOf(QStringLiteral("panel-info-10")).value();
        QCOMPARE(created.value().examId, id);
        const ExamShortFormInfo info = store.shortForm(id).value();
        QCOMPARE(info.parent, m_exam);
        QCOMPARE(info.method, QStringLiteral("information"));
        QCOMPARE(info.seed, quint64(1));
        QCOMPARE(store.shortForm(store.idOf(m_exam).value()).value().parentId, qint64(0));
        const QVector<ExamItem> kept = store.items(id).value();
        QCOMPARE(kept.size(), 10);
        QHash<QString, ExamItem> parent;
        for (const ExamItem &it : std::as_const(m_items))
            parent.insert(it.key, it);
        QStringList keys;
        for (const ExamItem &it : kept) {
            keys << it.key;
            QVERIFY(parent.contains(it.key));
            QCOMPARE(it.stem, parent[it.key].stem);
            QCOMPARE(it.answer, parent[it.key].answer);
            QCOMPARE(*it.a, *parent[it.key].a);
            QCOMPARE(*it.b, *parent[it.key].b);
            QVERIFY(std::abs(it.weight - 0.1) < 1e-12);
        }
        QCOMPARE(QSet<QString>(keys.begin(), keys.end()), QSet<QString>(created.value().keys.begin(), created.value().keys.end()));
        // Anchors carry their clusters' shares.
        auto anchors = ExamShortForm::create(db, m_exam, QStringLiteral("panel-anchors-8"), IrtShortForm::Method::Anchors, 8, 3);
        QVERIFY2(anchors.ok(), qPrintable(anchors.error()));
        double sum = 0;
        for (const ExamItem &it : store.items(anchors.value().examId).value())
            sum += it.weight;
        QVERIFY(std::abs(sum - 1) < 1e-9);
        // A panel member takes the short form: its estimate on the whole exam sits near what it
        // scored on the whole exam.
        QVERIFY(ExamWorkflow::take(*m_demo, QStringLiteral("panel-info-10"), {QStringLiteral("ir:bm25:3")}).ok());
        auto estimates = ExamShortForm::estimates(db, QStringLiteral("panel-info-10"));
        QVERIFY2(estimates.ok(), qPrintable(estimates.error()));
        QCOMPARE(estimates.value().size(), 1);
        const ExamEstimate &e = estimates.value().first();
        QCOMPARE(e.given, 10);
        QVERIFY(e.accuracy.low <= e.accuracy.accuracy && e.accuracy.accuracy <= e.accuracy.high);
        QVERIFY(e.full >= 0);
        QVERIFY2(std::abs(e.accuracy.accuracy - e.full) < 0.25, qPrintable(QStringLiteral("%1 vs %2").arg(e.accuracy.accuracy).arg(e.full)));
        // What cannot be made says why.
        QVERIFY(ExamShortForm::create(db, QStringLiteral("panel-info-10"), QStringLiteral("x"), IrtShortForm::Method::Random, 3, 1).error().contains(QLatin1String("short form")));
        QVERIFY(ExamShortForm::create(db, m_exam, QStringLiteral("panel-info-10"), IrtShortForm::Method::Random, 3, 1).error().contains(QLatin1String("exists")));
        QVERIFY(ExamShortForm::create(db, m_exam, QStringLiteral("y"), IrtShortForm::Method::Random, 100000, 1).error().contains(QLatin1String("100000")));
        QVERIFY(!store.idOf(QStringLiteral("y")).ok());
        QVERIFY(test::createGroundedExam(*m_demo, QStringLiteral("unfitted")).ok());
        QVERIFY(ExamShortForm::create(db, QStringLiteral("unfitted"), QStringLiteral("z"), IrtShortForm::Method::Random, 3, 1).error().contains(QLatin1String("Fit IRT")));
    }

    void adaptiveTakeOfAShortFormIsEstimatedOnTheParent()
    {
        // The short form of shortFormRoundTrip taken adaptively: its items are the pool, the
        // estimate is of the parent's whole exam — the same figure the Exams page lists.
        const QString form = QStringLiteral("panel-info-10");
        auto outcome = ExamAdaptiveTake::take(*m_demo, form, QStringLiteral("ir:keyword:1"), IrtAdaptiveRule::parse(QStringLiteral("se=0.01,max=6")).value());
        QVERIFY2(outcome.ok(), qPrintable(outcome.error()));
        const ExamAdaptiveOutcome &o = outcome.value();
        QCOMPARE(o.estimatedOn, m_exam);
        QCOMPARE(o.examItems, 10);
        QCOMPARE(o.steps.size(), 6);
        QVERIFY(o.text().contains(QStringLiteral("parent exam '%1'").arg(m_exam)));
        auto estimates = ExamShortForm::estimates(m_demo->database(), form);
        QVERIFY2(estimates.ok(), qPrintable(estimates.error()));
        bool listed = false;
        for (const ExamEstimate &e : estimates.value())
            if (e.taker == o.taker) {
                listed = true;
                QCOMPARE(e.given, 6);
                QVERIFY(std::abs(e.accuracy.accuracy - o.estimate.accuracy.accuracy) < 1e-12);
                QVERIFY(std::abs(e.ability.theta - o.estimate.ability.theta) < 1e-12);
                QVERIFY(e.full >= 0); // the same taker's complete take of the parent
                QVERIFY2(std::abs(e.accuracy.accuracy - e.full) < 0.25, qPrintable(QStringLiteral("%1 vs %2").arg(e.accuracy.accuracy).arg(e.full)));
            }
        QVERIFY(listed);
        // Estimated on the short form's own 10 items instead, the figure would differ.
        auto own = ExamShortForm::calibration(m_demo->database(), form);
        QVERIFY(own.ok());
        QVector<QPair<int, int>> answered;
        for (const IrtAdaptiveStep &step : o.steps)
            answered.append({step.item, step.correct});
        QVERIFY(std::abs(ExamShortForm::estimate(own.value(), answered).modelAccuracy - o.estimate.modelAccuracy) > 1e-6);
    }

    void adaptiveTakeSendsExactlyTheReportedItems()
    {
        // The endpoint answers right on every other item (by its stem), wrong on the rest.
        for (int i = 0; i < m_items.size(); ++i) {
            const int letter = i % 2 == 0 ? m_items[i].answer : (m_items[i].answer + 1) % 4;
            m_endpoint.addFixture(QStringLiteral("Question: %1").arg(m_items[i].stem), QString(QChar(u'A' + letter)));
        }
        const int before = int(m_endpoint.bodies().size());
        QVector<IrtAdaptiveStep> seen;
        auto outcome = ExamAdaptiveTake::take(*m_demo, m_exam, QStringLiteral("llm-letter:local"), IrtAdaptiveRule::parse(QStringLiteral("se=0.45,max=8")).value(),
                                              nullptr, [&](const IrtAdaptiveStep &step) { seen << step; });
        QVERIFY2(outcome.ok(), qPrintable(outcome.error()));
        const ExamAdaptiveOutcome &o = outcome.value();
        QVERIFY(o.steps.size() >= 1 && o.steps.size() <= 8);
        QCOMPARE(seen.size(), o.steps.size());
        QCOMPARE(o.calls, qint64(o.steps.size()));
        QCOMPARE(o.examItems, m_items.size());
        QVERIFY(o.fullCalls() > o.calls);
        const QList<QByteArray> bodies = m_endpoint.bodies().mid(before);
        QCOMPARE(bodies.size(), o.steps.size());
        QHash<QString, ExamItem> byKey;
        for (const ExamItem &it : std::as_const(m_items))
            byKey.insert(it.key, it);
        for (int k = 0; k < bodies.size(); ++k) {
            const auto body = nlohmann::json::parse(bodies[k].toStdString());
            const QString prompt = QString::fromStdString(body["messages"].back()["content"].get<std::string>());
            QVERIFY2(prompt.contains(byKey[o.keys[k]].stem), qPrintable(o.keys[k]));
        }
        // Exactly those answers are stored, as one take named for the adaptive taker.
        ExamStore store(m_demo->database());
        const qint64 examId = store.idOf(m_exam).value();
        qint64 runId = 0;
        for (const ExamRunInfo &r : store.runs(examId).value())
            if (r.taker == QStringLiteral("llm-letter:local @adaptive"))
                runId = r.id;
        QVERIFY(runId > 0);
        const QHash<qint64, int> choices = store.choices(examId).value().value(runId);
        QCOMPARE(choices.size(), o.steps.size());
        for (const QString &key : o.keys)
            QVERIFY(choices.contains(byKey[key].id));
        // Read back, the take's trace is the one it drew: the answers in the order given.
        auto trace = ExamAdaptiveTake::trace(m_demo->database(), m_exam, o.taker);
        QVERIFY2(trace.ok(), qPrintable(trace.error()));
        QCOMPARE(trace.value().size(), o.steps.size());
        for (int k = 0; k < o.steps.size(); ++k) {
            QCOMPARE(trace.value()[k].correct, o.steps[k].correct);
            QVERIFY(std::abs(trace.value()[k].ability.theta - o.steps[k].ability.theta) < 1e-9);
            QVERIFY(std::abs(trace.value()[k].ability.se - o.steps[k].ability.se) < 1e-9);
        }
        QVERIFY(ExamAdaptiveTake::trace(m_demo->database(), m_exam, QStringLiteral("nobody @adaptive")).value().isEmpty());
        // The estimate is the one the Exams page lists for the exam.
        auto estimates = ExamShortForm::estimates(m_demo->database(), m_exam);
        QVERIFY(estimates.ok());
        bool listed = false;
        for (const ExamEstimate &e : estimates.value())
            if (e.taker == o.taker) {
                listed = true;
                QVERIFY(std::abs(e.ability.theta - o.estimate.ability.theta) < 1e-9);
            }
        QVERIFY(listed);
    }

    // The adaptive take on the model with two abilities (docs/METHODS.md §9.18): with 2-D
    // parameters stored beside the 1-D ones, the first item is the one with the most
    // p(1 − p)·|a|² at θ = (0, 0); the items follow the D-optimal rule answer by answer; the
    // take is stored as "… @adaptive-2d", its estimate is the 2-D posterior's, the trace and
    // the Exams page read it back alike; without 2-D parameters, or on a short form, it says
    // what to click. The 2-D parameters survive undo and go with a fit that did not compare.
    void adaptiveTakeOnTwoAbilities()
    {
        ExamStore store(m_demo->database());
        const qint64 examId = store.idOf(m_exam).value();
        const nlohmann::json settings = store.irtSettings(examId).value();
        QVector<IrtTwoDimItem> twoDim;
        for (int i = 0; i < m_items.size(); ++i)
            if (m_items[i].a && m_items[i].state == CurationState::Accepted && m_items[i].filterReason.isEmpty())
                twoDim << IrtTwoDimItem{m_items[i].key, *m_items[i].a, i % 3 == 0 ? 1.4 : 0.1 * (i % 5), -*m_items[i].a * *m_items[i].b};
        QVERIFY(twoDim.size() >= 20);
        // Stored through the curation service, as the IRT tab's Fit does (undoable).
        ExamCuration curation(m_demo->database());
        auto before = curation.setIrt(examId, {m_items, settings, twoDim});
        QVERIFY2(before.ok(), qPrintable(before.error()));
        QVERIFY(before.value().twoDim.isEmpty());
        QCOMPARE(store.irtTwoDim(examId).value().size(), twoDim.size());

        auto rule = IrtAdaptiveRule::parse(QStringLiteral("se=0.3,max=10,dims=2"));
        QVERIFY(rule.ok());
        QCOMPARE(rule.value().dimensions, 2);
        QVERIFY(rule.value().text().endsWith(QLatin1String(",dims=2")));
        QVERIFY(!IrtAdaptiveRule::parse(QStringLiteral("dims=3")).ok());
        const int beforeBodies = int(m_endpoint.bodies().size());
        auto outcome = ExamAdaptiveTake::take(*m_demo, m_exam, QStringLiteral("llm-letter:local"), rule.value());
        QVERIFY2(outcome.ok(), qPrintable(outcome.error()));
        const ExamAdaptiveOutcome &o = outcome.value();
        QCOMPARE(o.taker, QStringLiteral("llm-letter:local @adaptive-2d"));
        QVERIFY(o.steps.size() >= 2 && o.steps.size() <= 10);
        QCOMPARE(o.examItems, twoDim.size());
        QCOMPARE(o.calls, qint64(o.steps.size())); // one call per item (some answered from the cache)
        QVERIFY(int(m_endpoint.bodies().size()) - beforeBodies <= o.steps.size());
        // The first item by hand: the largest p(1 − p)·(a₁² + a₂²) at θ = (0, 0), M = I.
        int first = -1;
        double most = -1;
        for (int j = 0; j < twoDim.size(); ++j) {
            const double p = 1 / (1 + std::exp(-twoDim[j].d)), gain = p * (1 - p) * (twoDim[j].a1 * twoDim[j].a1 + twoDim[j].a2 * twoDim[j].a2);
            if (gain > most)
                first = j, most = gain;
        }
        QCOMPARE(o.keys.first(), twoDim[first].id);
        // Answer by answer the same rule picks the same items; θ̂ is the 2-D posterior mean.
        IrtTwoDimAdaptive replay(twoDim, rule.value());
        QVector<QPair<int, int>> answered;
        QHash<QString, int> index;
        for (int j = 0; j < twoDim.size(); ++j)
            index.insert(twoDim[j].id, j);
        int right = 0;
        for (int k = 0; k < o.steps.size(); ++k) {
            QCOMPARE(replay.next(), index.value(o.keys[k]));
            replay.record(index.value(o.keys[k]), o.steps[k].correct);
            answered.append({index.value(o.keys[k]), o.steps[k].correct});
            right += o.steps[k].correct == 1;
            const IrtTwoDimAbility a = IrtTwoDimensional::ability(twoDim, answered);
            QVERIFY2(std::abs(a.theta1 - o.steps[k].ability.theta) < 1e-6 && std::abs(a.theta2 - o.steps[k].theta2) < 1e-6,
                     qPrintable(QStringLiteral("step %1: θ̂ (%2, %3) against (%4, %5)").arg(k).arg(o.steps[k].ability.theta).arg(o.steps[k].theta2).arg(a.theta1).arg(a.theta2)));
        }
        QCOMPARE(replay.stopReason(), o.stopReason);
        const IrtAccuracyEstimate expected = IrtTwoDimensional::accuracy(twoDim, answered);
        QVERIFY(std::abs(o.estimate.modelAccuracy - expected.accuracy) < 1e-9);
        QCOMPARE(o.estimate.model, QStringLiteral("2-D"));
        // Shifted and widened by the same test on the panel's complete takes (the student's own left out).
        QVERIFY(o.estimate.calibrationTakers >= 2);
        QVERIFY(o.estimate.accuracy.low < o.estimate.accuracy.accuracy && o.estimate.accuracy.accuracy < o.estimate.accuracy.high);
        QVERIFY(o.estimate.accuracy.high - o.estimate.accuracy.low >= expected.high - expected.low - 1e-12);
        QVERIFY(o.text().contains(QStringLiteral("general ability θ₁ (of two)")));
        QVERIFY(std::abs(o.estimate.observed - double(right) / o.steps.size()) < 1e-12);
        // Stored, traced and listed as the take saw it.
        auto trace = ExamAdaptiveTake::trace(m_demo->database(), m_exam, o.taker);
        QVERIFY2(trace.ok(), qPrintable(trace.error()));
        QCOMPARE(trace.value().size(), o.steps.size());
        for (int k = 0; k < o.steps.size(); ++k)
            QVERIFY(std::abs(trace.value()[k].ability.theta - o.steps[k].ability.theta) < 1e-6);
        bool listed = false;
        for (const ExamEstimate &e : ExamShortForm::estimates(m_demo->database(), m_exam).value())
            if (e.taker == o.taker) {
                listed = true;
                QVERIFY(std::abs(e.accuracy.accuracy - o.estimate.accuracy.accuracy) < 1e-9);
            }
        QVERIFY(listed);
        // A short form has no 2-D model of its own.
        auto onShort = ExamAdaptiveTake::take(*m_demo, QStringLiteral("panel-info-10"), QStringLiteral("ir:keyword:1"), rule.value());
        QVERIFY(!onShort.ok());
        QVERIFY2(onShort.error().contains(QLatin1String("short form")), qPrintable(onShort.error()));

        // Undo gives the 2-D parameters back; a fit that did not compare two abilities drops them.
        auto undone = curation.setIrt(examId, before.value());
        QVERIFY(undone.ok());
        QCOMPARE(undone.value().twoDim.size(), twoDim.size());
        QCOMPARE(undone.value().twoDim.first().a2, twoDim.first().a2);
        QVERIFY(store.irtTwoDim(examId).value().isEmpty());
        // The stored 2-D take, read on the 1-D model now, says so.
        for (const ExamEstimate &e : ExamShortForm::estimates(m_demo->database(), m_exam).value())
            if (e.taker == o.taker) {
                QVERIFY(e.model.isEmpty());
                QVERIFY2(e.note.contains(QLatin1String("read on the one-ability model")), qPrintable(e.text()));
            }
        auto without = ExamAdaptiveTake::take(*m_demo, m_exam, QStringLiteral("ir:keyword:1"), rule.value());
        QVERIFY(!without.ok());
        QVERIFY2(without.error().contains(QLatin1String("Compare two abilities")), qPrintable(without.error()));
        // A fit's 2-D parameters are those of its first step, when it compared two abilities.
        IrtStep step;
        QVERIFY(ExamIrt::twoDimParameters({step}).isEmpty());
        step.fit.twoDimensional.computed = true;
        step.fit.twoDimensional.items = twoDim;
        QCOMPARE(ExamIrt::twoDimParameters({step}).size(), twoDim.size());
    }

    void cancelledAdaptiveTakeStoresNothing()
    {
        Job job(QStringLiteral("adaptive"), [](Job &) { return Status(); });
        job.cancel();
        auto outcome = ExamAdaptiveTake::take(*m_demo, m_exam, QStringLiteral("ir:keyword:1"), IrtAdaptiveRule(), &job);
        QVERIFY(outcome.isCancelled());
        ExamStore store(m_demo->database());
        for (const ExamRunInfo &r : store.runs(store.idOf(m_exam).value()).value())
            QVERIFY(r.taker != QStringLiteral("ir:keyword:1 @adaptive"));
        QVERIFY(ExamAdaptiveTake::take(*m_demo, m_exam, QStringLiteral("nobody"), IrtAdaptiveRule()).error().contains(QLatin1String("nobody")));
    }

    void validationIsKeptInTheExam()
    {
        IrtValidation::Options options;
        options.sizes = {5, 10};
        options.folds = 5;
        options.seeds = 2;
        options.fit.prior = true;
        auto report = ExamValidation::run(m_demo->database(), m_exam, options);
        QVERIFY2(report.ok(), qPrintable(report.error()));
        QCOMPARE(report.value().students, int(ExamWorkflow::offlineStudents().size())); // the adaptive take left out
        QCOMPARE(report.value().model, QStringLiteral("2pl"));
        auto stored = ExamValidation::stored(m_demo->database(), m_exam);
        QVERIFY(stored.ok());
        QCOMPARE(stored.value()["students"].get<int>(), report.value().students);
        QVERIFY(stored.value()["methods"]["adaptive"]["10"]["mae"].is_number());
        QVERIFY(ExamValidation::stored(m_demo->database(), QStringLiteral("unfitted")).value().is_null());
        // Short forms by evidence (issue 50 item 4): auto takes the fixed-form method with the
        // lowest validated MAE at the nearest size, plain counting as random items.
        const nlohmann::json &methods = stored.value()["methods"];
        QString best;
        double lowest = 2;
        for (const char *m : {"plain", "random", "information", "anchors"}) {
            const double mae = std::round(methods[m]["10"]["mae"].get<double>() * 1000) / 1000;
            if (mae < lowest)
                lowest = mae, best = QString::fromLatin1(m);
        }
        auto chosen = ExamValidation::recommendedForm(m_demo->database(), m_exam, 12); // nearest validated size: 10
        QVERIFY2(chosen.ok(), qPrintable(chosen.error()));
        QCOMPARE(IrtShortForm::methodName(chosen.value().method), best == QLatin1String("plain") ? QStringLiteral("random") : best);
        QVERIFY2(chosen.value().why.startsWith(best) && chosen.value().why.contains(QLatin1String("at 10 items")), qPrintable(chosen.value().why));
        // Never validated: it says what to click.
        QVERIFY(ExamValidation::recommendedForm(m_demo->database(), QStringLiteral("unfitted"), 10).error().contains(QStringLiteral("Validate…")));
    }

    // The plain estimate beside the model's: the take's share correct with Wilson's 95% interval
    // (7 of 10: 0.397–0.892, the textbook figures).
    void plainEstimateHasABinomialInterval()
    {
        ExamCalibration calibration;
        QVector<QPair<int, int>> answered;
        for (int j = 0; j < 10; ++j) {
            calibration.items << IrtItem(QStringLiteral("i%1").arg(j), 1.0, 0.0, 0.0);
            answered.append({j, j < 7 ? 1 : 0});
        }
        answered.append({10, -1}); // given, not answered
        calibration.items << IrtItem(QStringLiteral("i10"));
        const ExamEstimate e = ExamShortForm::estimate(calibration, answered);
        QCOMPARE(e.answered, 10);
        QCOMPARE(e.observed, 0.7);
        QVERIFY2(std::abs(e.plainLow - 0.3968) < 5e-4 && std::abs(e.plainHigh - 0.8922) < 5e-4, qPrintable(QStringLiteral("%1–%2").arg(e.plainLow).arg(e.plainHigh)));
        QVERIFY2(e.text().contains(QStringLiteral("plain share correct 0.700 (95%: 0.397–0.892)")), qPrintable(e.text()));
    }
};

ASSAY_TEST_GUILESS_MAIN(TestShortForms)

} // namespace tst_shortforms
#include "tst_shortforms.moc"
