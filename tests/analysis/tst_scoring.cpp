// Golden cases written by hand for every definition of "Scoring and modular analysis":
// SQuAD normalisation, exact / F1 (with the yes-no rule) / contains, each GRAMMAR tag and
// metric with empty denominators, context comparison both ways, the across-runs comparison
// with a seeded bootstrap, judge agreement with Wilson intervals, and every branch of the
// R-Eval taxonomy.
#include "testmain.h"
#include "analysis/formcomparison.h"
#include "analysis/grammareval.h"
#include "analysis/judgeagreement.h"
#include "analysis/responsetaxonomy.h"
#include "scoring/answermetrics.h"
#include "runs/scorer.h"

#include <QRegularExpression>
#include <QtTest>

#include <random>

#include <nlohmann/json.hpp>

namespace tst_scoring {

using namespace assay;

namespace {
Outcome outcome(const char *group, std::optional<int> verdict, std::optional<int> retrieval = std::nullopt, const char *top1 = "", qint64 id = 0)
{
    Outcome o;
    o.itemId = id;
    o.group = QString::fromLatin1(group);
    o.verdict = verdict;
    o.retrievalVerdict = retrieval;
    o.top1 = QString::fromLatin1(top1);
    return o;
}
bool near(const std::optional<double> &v, double expected) { return v && std::abs(*v - expected) < 1e-12; }
} // namespace

class TestScoring : public QObject {
    Q_OBJECT
private slots:
    void normalisation_data()
    {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::newRow("articles and case") << "The Quick  brown FOX" << "quick brown fox";
        QTest::newRow("punctuation") << "Bergen, Norway!" << "bergen norway";
        QTest::newRow("apostrophe joins") << "Ada's" << "adas";
        QTest::newRow("article inside a word stays") << "theatre anthem" << "theatre anthem";
        QTest::newRow("dates lose dashes") << "2022-04-25" << "20220425";
        QTest::newRow("only articles") << "a an the" << "";
    }
    void normalisation()
    {
        QFETCH(QString, in);
        QFETCH(QString, out);
        QCOMPARE(AnswerMetrics::normalize(in), out);
    }

    void normalisationMatchesTheRegexDefinition()
    {
        // Property: the two-pass normaliser equals its definition written the slow, obvious
        // way: lowercase, drop every code point that is punctuation or a symbol, replace the
        // articles between \b boundaries by a space, collapse spaces.
        const auto reference = [](const QString &text) {
            QList<uint> kept;
            for (uint cp : text.toLower().toUcs4())
                if (!QChar::isPunct(cp) && !QChar::isSymbol(cp))
                    kept << cp;
            QString s;
            for (uint cp : kept)
                s += QString::fromUcs4(reinterpret_cast<const char32_t *>(&cp), 1);
            static const QRegularExpression articles(QStringLiteral("\\b(a|an|the)\\b"));
            s.replace(articles, QStringLiteral(" "));
            return s.simplified();
        };
        std::mt19937 random(17);
        QStringList alphabet;
        for (const QString &piece : {QStringLiteral("a"), QStringLiteral("A"), QStringLiteral("the"), QStringLiteral("The"), QStringLiteral("an"),
                                     QStringLiteral("n"), QStringLiteral("x"), QStringLiteral("7"), QStringLiteral(" "), QStringLiteral("\t"),
                                     QStringLiteral("\n"), QStringLiteral("."), QStringLiteral(","), QStringLiteral("'"), QStringLiteral("-"),
                                     QStringLiteral("_"), QStringLiteral("$"), QStringLiteral("+"), QStringLiteral("|"), QStringLiteral("\u00e9"),
                                     QStringLiteral("\u00c9"), QStringLiteral("\u00df"), QStringLiteral("\u0130"), QStringLiteral("\u2019"),
                                     QStringLiteral("\u20ac"), QStringLiteral("\u00a0"), QStringLiteral("\u03a3"), QStringLiteral("\U0001F600"),
                                     QStringLiteral("\u212a"), QStringLiteral("\u0301"), QStringLiteral("\x01")})
            alphabet << piece;
        for (int round = 0; round < 5000; ++round) {
            QString text;
            const int length = int(random() % 30);
            for (int i = 0; i < length; ++i)
                text += alphabet[int(random() % alphabet.size())];
            QCOMPARE(AnswerMetrics::normalize(text), reference(text));
        }
    }

    void exactF1Contains()
    {
        QVERIFY(AnswerMetrics::exactMatch(QStringLiteral("The Bergen."), QStringLiteral("bergen")));
        QVERIFY(!AnswerMetrics::exactMatch(QStringLiteral("Bergen office"), QStringLiteral("Bergen")));
        // F1: 2 common tokens of 3 (response) and 2 (gold): P = 2/3, R = 1 → 0.8.
        QVERIFY(std::abs(AnswerMetrics::f1(QStringLiteral("the Bergen city office"), QStringLiteral("Bergen office")) - 0.8) < 1e-12);
        QCOMPARE(AnswerMetrics::f1(QStringLiteral("Oslo"), QStringLiteral("Bergen")), 0.0);
        QCOMPARE(AnswerMetrics::f1(QString(), QStringLiteral("Bergen")), 0.0);
        // Repeated tokens count once each in common: "a a b" vs "a b b" → common 2 of 3 → 2/3.
        QVERIFY(std::abs(AnswerMetrics::f1(QStringLiteral("x x y"), QStringLiteral("x y y")) - 2.0 / 3) < 1e-12);
        // The yes/no rule: "no" is special, "not" is an ordinary token.
        QCOMPARE(AnswerMetrics::f1(QStringLiteral("no"), QStringLiteral("not")), 0.0);
        QCOMPARE(AnswerMetrics::f1(QStringLiteral("No."), QStringLiteral("no")), 1.0);
        QCOMPARE(AnswerMetrics::f1(QStringLiteral("yes it is"), QStringLiteral("yes")), 0.0); // response is not "yes" once normalised
        QVERIFY(AnswerMetrics::f1(QStringLiteral("not sure"), QStringLiteral("not")) > 0.6);
        QCOMPARE(AnswerMetrics::f1(QStringLiteral("noanswer"), QStringLiteral("Bergen")), 0.0);
        // Contains: whole words only, normalised on both sides.
        QVERIFY(AnswerMetrics::contains(QStringLiteral("The office is in Bergen, Norway."), QStringLiteral("bergen")));
        QVERIFY(!AnswerMetrics::contains(QStringLiteral("Bergenhus fortress"), QStringLiteral("Bergen")));
        QVERIFY(AnswerMetrics::contains(QStringLiteral("opened 2009-04-01."), QStringLiteral("2009-04-01")));
        QVERIFY(!AnswerMetrics::contains(QStringLiteral("anything"), QString()));
        QVERIFY(AnswerMetrics::contains(QStringLiteral("led by Ana María Cruz"), QStringLiteral("Ana María Cruz")));
    }

    void judgeReplies()
    {
        QCOMPARE(Scorer::parseVerdict(QStringLiteral("Correct")), 1);
        QCOMPARE(Scorer::parseVerdict(QStringLiteral("##Judgement##: Incorrect.")), 0);
        QCOMPARE(Scorer::parseVerdict(QStringLiteral("incorrect")), 0);
        QCOMPARE(Scorer::parseVerdict(QStringLiteral("I cannot tell")), -1);
        // Strict: one verdict word (after an optional label, before punctuation), or JSON.
        QCOMPARE(Scorer::parseVerdict(QStringLiteral("Not correct.")), 0);
        QCOMPARE(Scorer::parseVerdict(QStringLiteral("**Correct** - the years match")), 1);
        QCOMPARE(Scorer::parseVerdict(QStringLiteral("Verdict: incorrect\nThe response names Bergen.")), 0);
        QCOMPARE(Scorer::parseVerdict(QStringLiteral("Correct. It matches.")), 1);
        QCOMPARE(Scorer::parseVerdict(QStringLiteral("{\"verdict\": \"Incorrect\"}")), 0);
        QCOMPARE(Scorer::parseVerdict(QStringLiteral("{\"judgement\": true}")), 1);
        QCOMPARE(Scorer::parseVerdict(QStringLiteral("{\"verdict\": \"maybe\"}")), -1);
        QCOMPARE(Scorer::parseVerdict(QStringLiteral("The response is correct")), -1); // a sentence is not a verdict
        QCOMPARE(Scorer::parseVerdict(QStringLiteral("Correct or incorrect, hard to say")), -1);
        QCOMPARE(Scorer::parseVerdict(QStringLiteral("Incorrectly phrased question")), -1);
        QVERIFY(Scorer::validateJudge(QStringLiteral("f1:0.4")).ok());
        QVERIFY(!Scorer::validateJudge(QStringLiteral("f1:2")).ok());
        QVERIFY(!Scorer::validateJudge(QStringLiteral("bleu")).ok());
    }

    void grammarTagsAndMetrics()
    {
        // g1 robust (2/2), g2 gap (0/1 read, one unread), g3 non-robust (1/3). The unread item
        // is neither right nor wrong: every figure is over the 6 read items and says so.
        // g3: the incorrect example with top-1 "d3" shares it with the correct one (context
        // comparison positive); the one with "d9" does not (negative).
        const QVector<Outcome> outcomes{
            outcome("g1", 1, 1, "d1"), outcome("g1", 1, 1, "d1"),
            outcome("g2", 0, 0, "d5"), outcome("g2", std::nullopt, 0, "d5"),
            outcome("g3", 1, 1, "d3"), outcome("g3", 0, 0, "d3"), outcome("g3", 0, 0, "d9"),
        };
        const GrammarReport r = GrammarEval::evaluate(outcomes);
        QCOMPARE(r.n, qint64(6));
        QCOMPARE(r.unread, qint64(1));
        QCOMPARE(r.failed, qint64(0));
        QCOMPARE(r.coverageText(), QStringLiteral("over 6 of 7 items; 1 unread, 0 failed"));
        QCOMPARE(r.gapGroups, 1);
        QCOMPARE(r.robustGroups, 1);
        QCOMPARE(r.nonRobustGroups, 1);
        QVERIFY(near(r.accuracy, 3.0 / 6));
        QVERIFY(near(r.retrievalAccuracy, 3.0 / 6));
        QVERIFY(near(r.refinedAccuracy, 3.0 / 5));           // competent groups g1, g3: 5 examples
        QVERIFY(near(r.refinedRetrievalAccuracy, 3.0 / 5));
        QVERIFY(near(r.knowledgeAccuracy, 2.0 / 3));
        QVERIFY(near(r.contextRetrievalAccuracy, 4.0 / 6));  // + the d3 example
        QVERIFY(near(r.contextRefinedRetrievalAccuracy, 4.0 / 5));
        QCOMPARE(r.groups[2].contextComparisonFlips, 1);
        QCOMPARE(GroupResult::tagName(r.groups[1].tag), QStringLiteral("gap"));
        const nlohmann::json j = r.toJson();
        QCOMPARE(j["groups"]["non_robust"].get<int>(), 1);
        QCOMPARE(j["n_read"].get<qint64>(), 6);
        QCOMPARE(j["n_unread"].get<qint64>(), 1);
        QCOMPARE(j["n_failed"].get<qint64>(), 0);
        QVERIFY(j.contains("context_comparison") && j["context_comparison"].contains("refined_retrieval_accuracy"));
    }

    void nothingReadIsNullNotZero()
    {
        // A judge whose every verdict is unreadable, and items that failed: no figure is 0.
        QVector<Outcome> outcomes{outcome("g1", std::nullopt, 0, "d1"), outcome("g2", std::nullopt, 1, "d2"), outcome("g2", 1, 1, "d2")};
        outcomes[2].error = QStringLiteral("server: HTTP 500: down");
        const GrammarReport r = GrammarEval::evaluate(outcomes);
        QCOMPARE(r.n, qint64(0));
        QCOMPARE(r.unread, qint64(2));
        QCOMPARE(r.failed, qint64(1));
        QVERIFY(!r.accuracy && !r.refinedAccuracy && !r.retrievalAccuracy && !r.knowledgeAccuracy);
        QCOMPARE(r.coverageText(), QStringLiteral("no verdicts: 2 unread, 1 failed"));
        const nlohmann::json j = r.toJson();
        QVERIFY(j["accuracy"].is_null());
        QCOMPARE(j["n_unread"].get<qint64>(), 2);
        QCOMPARE(j["n_failed"].get<qint64>(), 1);
    }

    void retrievalOverKnownTruth()
    {
        // g1 and g2 have true documents, g3 has none (its items carry no retrieval verdict, or
        // an old stored 0 that is not judgeable): retrieval accuracy is over the 4 items with
        // known truth, and says so; an item without truth is not a retrieval failure.
        QVector<Outcome> outcomes{outcome("g1", 1, 1, "d1"), outcome("g1", 1, 0, "d2"), outcome("g2", 0, 1, "d3"), outcome("g2", 0, 0, "d4"),
                                  outcome("g3", 1, std::nullopt, "d5"), outcome("g3", 1, 0, "d5")};
        outcomes[5].retrievalJudgeable = false;
        const GrammarReport r = GrammarEval::evaluate(outcomes);
        QCOMPARE(r.n, qint64(6));
        QCOMPARE(r.retrievalItems, qint64(4));
        QVERIFY(near(r.retrievalAccuracy, 2.0 / 4));
        QVERIFY(near(r.refinedRetrievalAccuracy, 1.0 / 2)); // competent: g1 (2 items), g3 (none judged)
        QVERIFY(near(r.accuracy, 4.0 / 6));
        QVERIFY(near(*r.retrievalCoverage(), 4.0 / 6));
        QVERIFY(r.retrievalUnavailable.isEmpty());
        QCOMPARE(r.retrievalBasis(), QStringLiteral("on 4 of 6 items with known true documents"));
        const nlohmann::json j = r.toJson();
        QCOMPARE(j["retrieval_coverage"]["items"].get<int>(), 4);
        QCOMPARE(j["retrieval_coverage"]["of"].get<int>(), 6);
        QVERIFY(std::abs(j["retrieval_coverage"]["share"].get<double>() - 4.0 / 6) < 1e-12);
        // No item with known truth: null with the reason, never 0.
        const GrammarReport none = GrammarEval::evaluate({outcome("g3", 1), outcome("g4", 0)});
        QVERIFY(!none.retrievalAccuracy && !none.refinedRetrievalAccuracy);
        QVERIFY(none.retrievalUnavailable.contains(QLatin1String("Propose Links")));
        QCOMPARE(none.toJson()["retrieval_coverage"]["items"].get<int>(), 0);
        // Every item judged: no basis to state.
        QVERIFY(GrammarEval::evaluate({outcome("g1", 1, 1, "d1")}).retrievalBasis().isEmpty());
    }

    void weakGoldAnswers()
    {
        // Gold a string match meets by chance: ≤ 2 characters once normalised, or a bare number
        // below 1000. "30" is in many a company profile that does not answer the question.
        for (const char *weak : {"30", "7", "No", "x.", "999", "The 42"})
            QVERIFY2(!AnswerMetrics::weakGold(QString::fromLatin1(weak)).isEmpty(), weak);
        for (const char *fine : {"1000", "2009", "Oslo", "30 years", "USA", ""})
            QVERIFY2(AnswerMetrics::weakGold(QString::fromLatin1(fine)).isEmpty(), fine);
        QVector<Outcome> outcomes{outcome("g1", 1), outcome("g2", 0), outcome("g3", 1)};
        outcomes[0].gold = QStringLiteral("30");
        outcomes[1].gold = QStringLiteral("Oslo");
        outcomes[2].gold = QStringLiteral("NO");
        const GrammarReport r = GrammarEval::evaluate(outcomes);
        QCOMPARE(r.weaklyJudged, qint64(2));
        QCOMPARE(r.toJson()["weakly_judged"]["items"].get<int>(), 2);
    }

    void emptyDenominatorsAreNull()
    {
        const GrammarReport none = GrammarEval::evaluate({});
        QCOMPARE(none.n, qint64(0));
        QVERIFY(!none.accuracy && !none.refinedAccuracy && !none.knowledgeAccuracy && !none.contextRetrievalAccuracy);
        const nlohmann::json j = none.toJson();
        QVERIFY(j["accuracy"].is_null() && j["knowledge_accuracy"].is_null() && j["context_comparison"]["retrieval_accuracy"].is_null());
        // All gap: accuracy 0, refined undefined.
        const GrammarReport gaps = GrammarEval::evaluate({outcome("a", 0), outcome("b", 0)});
        QVERIFY(near(gaps.accuracy, 0.0));
        QVERIFY(!gaps.refinedAccuracy && !gaps.refinedRetrievalAccuracy);
        QVERIFY(near(gaps.knowledgeAccuracy, 0.0));
    }

    void contextComparisonNeedsACorrectTop1()
    {
        // An incorrect example with no top-1 document, and one whose group's correct example
        // has none, never count.
        const GrammarReport r = GrammarEval::evaluate({outcome("g", 1, 1, ""), outcome("g", 0, 0, ""), outcome("g", 0, 0, "d1")});
        QVERIFY(near(r.contextRetrievalAccuracy, 1.0 / 3));
    }

    void acrossRunsWithBootstrap()
    {
        // Groups: m is a gap in both (mutual), x only in A's... A: x 2/2, y 1/2, m 0/1.
        //                                              B: x 1/2, y 0/2, m 0/1, z 1/1 (z only in B).
        const QVector<Outcome> a{outcome("x", 1), outcome("x", 1), outcome("y", 1), outcome("y", 0), outcome("m", 0)};
        const QVector<Outcome> b{outcome("x", 1), outcome("x", 0), outcome("y", 0), outcome("y", 0), outcome("m", 0), outcome("z", 1)};
        const FormComparisonReport r = FormComparison::compare(a, b, 7, 500);
        QCOMPARE(r.groups, 4);
        QCOMPARE(r.mutualGapGroups, 1);
        QVERIFY(near(r.refinedA, 3.0 / 4)); // x, y (z has no A examples)
        QVERIFY(near(r.refinedB, 2.0 / 5)); // x, y, z
        QVERIFY(near(r.difference, 3.0 / 4 - 2.0 / 5));
        QVERIFY(r.ciLow && r.ciHigh && *r.ciLow <= *r.difference + 1e-9 && *r.ciHigh >= *r.difference - 0.5);
        // Seeded: the same seed gives the same interval; another seed another one.
        const FormComparisonReport again = FormComparison::compare(a, b, 7, 500);
        QCOMPARE(*again.ciLow, *r.ciLow);
        QCOMPARE(*again.ciHigh, *r.ciHigh);
        // On 40 groups, another seed gives another interval around the same difference.
        QVector<Outcome> many, other;
        for (int g = 0; g < 40; ++g)
            for (int e = 0; e < 3; ++e) {
                const QByteArray name = "g" + QByteArray::number(g);
                many << outcome(name.constData(), (g + e) % 3 != 0 ? 1 : 0);
                other << outcome(name.constData(), (g * 7 + e) % 4 == 0 ? 1 : 0);
            }
        const FormComparisonReport s1 = FormComparison::compare(many, other, 1, 1000), s2 = FormComparison::compare(many, other, 2, 1000);
        QCOMPARE(*s1.difference, *s2.difference);
        QVERIFY(*s1.ciLow != *s2.ciLow || *s1.ciHigh != *s2.ciHigh);
        QVERIFY(*s1.ciLow < *s1.difference && *s1.difference < *s1.ciHigh);
        QCOMPARE(s1.resamples, 1000);
        QCOMPARE(r.table[2].mutualGap, true);
        // Nothing comparable: no numbers, no crash.
        const FormComparisonReport empty = FormComparison::compare({outcome("m", 0)}, {outcome("m", 0)});
        QVERIFY(!empty.refinedA && !empty.difference && !empty.ciLow);
    }

    void judgeAgreement()
    {
        // Truth vs judge over 10 items: TP 4, FP 4, FN 1, TN 1; one item unread by the judge.
        QVector<Outcome> truth, judge;
        const int t[] = {1, 1, 1, 1, 0, 0, 0, 0, 1, 0, 1};
        const int j[] = {1, 1, 1, 1, 1, 1, 1, 1, 0, 0, -1};
        for (int i = 0; i < 11; ++i) {
            truth << outcome("g", t[i], std::nullopt, "", i);
            judge << outcome("g", j[i] < 0 ? std::nullopt : std::optional<int>(j[i]), std::nullopt, "", i);
        }
        const JudgeAgreementReport r = JudgeAgreement::compare(truth, judge);
        QCOMPARE(r.compared, qint64(10));
        QCOMPARE(r.skipped, qint64(1));
        QCOMPARE(r.truePositive, qint64(4));
        QCOMPARE(r.falsePositive, qint64(4));
        QCOMPARE(r.falseNegative, qint64(1));
        QCOMPARE(r.trueNegative, qint64(1));
        QVERIFY(near(r.precision, 0.5));
        QVERIFY(near(r.recall, 0.8));
        QCOMPARE(r.reading, QStringLiteral("optimistic"));
        // Wilson 95% for 8 of 10: [0.4902, 0.9433].
        const auto [lo, hi] = JudgeAgreement::wilson(8, 10);
        QVERIFY(std::abs(lo - 0.4902) < 1e-4 && std::abs(hi - 0.9433) < 1e-4);
        QCOMPARE(JudgeAgreement::compare({}, {}).reading, QStringLiteral("undefined"));
    }

    void taxonomyBranches_data()
    {
        QTest::addColumn<QString>("answer");
        QTest::addColumn<QString>("gold");
        QTest::addColumn<QString>("scratchpad");
        QTest::addColumn<bool>("halted");
        QTest::addColumn<QString>("error");
        QTest::addColumn<QString>("type");
        QTest::newRow("EM") << "Paris" << "Paris" << "Thought: the capital is Paris" << false << "" << "EM";
        QTest::newRow("AM") << "Paris" << "Paris" << "Thought: France" << false << "" << "AM";
        QTest::newRow("GE") << "London" << "Paris" << "Observation: Paris is the capital" << false << "" << "GE";
        QTest::newRow("RE") << "London" << "Paris" << "Observation: nothing" << false << "" << "RE";
        QTest::newRow("ME") << "" << "Paris" << "" << true << "tool timeout" << "ME";
        QTest::newRow("TE") << "" << "Paris" << "" << true << "" << "TE";
        QTest::newRow("no vs not is RE") << "not" << "no" << "" << false << "" << "RE";
        QTest::newRow("in scratchpad on word boundaries only") << "London" << "Paris" << "Parisian cafés" << false << "" << "RE";
    }
    void taxonomyBranches()
    {
        QFETCH(QString, answer);
        QFETCH(QString, gold);
        QFETCH(QString, scratchpad);
        QFETCH(bool, halted);
        QFETCH(QString, error);
        QFETCH(QString, type);
        Outcome o;
        o.answer = answer;
        o.gold = gold;
        o.context = scratchpad;
        o.halted = halted;
        o.error = error;
        QCOMPARE(ResponseTaxonomy::classify(o), type);
        // The threshold is editable: F1 = 0.5 is AM at 0.05 and RE at 0.6.
        Outcome half;
        half.answer = QStringLiteral("Paris France");
        half.gold = QStringLiteral("Paris");
        QVERIFY(std::abs(AnswerMetrics::f1(half.answer, half.gold) - 2.0 / 3) < 1e-12);
        QCOMPARE(ResponseTaxonomy::classify(half, 0.05), QStringLiteral("AM"));
        QCOMPARE(ResponseTaxonomy::classify(half, 0.7), QStringLiteral("RE"));
    }

    void taxonomyReport()
    {
        Outcome em, re;
        em.answer = em.gold = em.context = QStringLiteral("Oslo");
        re.answer = QStringLiteral("x");
        re.gold = QStringLiteral("y");
        const TaxonomyReport r = ResponseTaxonomy::evaluate({em, em, re}, QString());
        const nlohmann::json j = r.toJson();
        QCOMPARE(j["counts"]["EM"].get<int>(), 2);
        QCOMPARE(j["counts"]["TE"].get<int>(), 0);
        QVERIFY(std::abs(j["shares"]["RE"].get<double>() - 1.0 / 3) < 1e-12);
        QVERIFY(ResponseTaxonomy::evaluate({}, QString()).toJson()["shares"]["EM"].is_null());
    }
};

ASSAY_TEST_GUILESS_MAIN(TestScoring)

} // namespace tst_scoring
#include "tst_scoring.moc"
