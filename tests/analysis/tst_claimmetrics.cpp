// RAGChecker's eleven claim metrics (docs/METHODS.md §12) on matrices counted by hand: every kind
// of response claim, the empty cases RAGChecker defines as 0, an unreadable check that makes
// the metrics needing it unknown (never Neutral, never 0), and a file in RAGChecker's checking
// output format whose per-item metrics were counted by hand. Property checks on random
// matrices: faithfulness, hallucination and self-knowledge split the response's claims; the
// noise sensitivities count only incorrect claims.
#include "testmain.h"
#include "claims/claimmetrics.h"
#include "claims/ragcheckerfile.h"

#include <QtTest>

#include <cmath>
#include <random>

namespace tst_claimmetrics {

using namespace assay;

namespace {

using V = ClaimVerdict;
constexpr V E = V::Entailment, N = V::Neutral, C = V::Contradiction, U = V::Unknown;

ClaimChecks checks(int r, int g, int c, QVector<V> responseByAnswer, QVector<V> answerByResponse, QVector<V> responseByChunk, QVector<V> answerByChunk)
{
    return {r, g, c, std::move(responseByAnswer), std::move(answerByResponse), std::move(responseByChunk), std::move(answerByChunk)};
}

} // namespace

class TestClaimMetrics : public QObject {
    Q_OBJECT

private slots:
    void everyKindOfClaim()
    {
        // Response claims: r0 correct and from relevant chunk k0; r1 wrong and only from the
        // irrelevant chunk k1; r2 contradicted and from no chunk. Answer claims: g0 found in k0
        // and in the response; g1 found nowhere.
        const auto v = ClaimMetrics::item(checks(3, 2, 2, {E, N, C}, {E, N}, {E, N, N, E, N, N}, {E, N, N, N}));
        QCOMPARE(v[ClaimMetrics::Precision], 1.0 / 3);
        QCOMPARE(v[ClaimMetrics::Recall], 0.5);
        QCOMPARE(v[ClaimMetrics::F1], 0.4);
        QCOMPARE(v[ClaimMetrics::ClaimRecall], 0.5);
        QCOMPARE(v[ClaimMetrics::ContextPrecision], 0.5);
        QCOMPARE(v[ClaimMetrics::ContextUtilization], 1.0);
        QCOMPARE(v[ClaimMetrics::NoiseSensitivityRelevant], 0.0);
        QCOMPARE(v[ClaimMetrics::NoiseSensitivityIrrelevant], 1.0 / 3);
        QCOMPARE(v[ClaimMetrics::Hallucination], 1.0 / 3);
        QCOMPARE(v[ClaimMetrics::SelfKnowledge], 0.0);
        QCOMPARE(v[ClaimMetrics::Faithfulness], 2.0 / 3);
        // A wrong claim that a relevant chunk also entails counts as relevant noise only.
        const auto both = ClaimMetrics::item(checks(1, 1, 2, {N}, {E}, {E, E}, {E, N}));
        QCOMPARE(both[ClaimMetrics::NoiseSensitivityRelevant], 1.0);
        QCOMPARE(both[ClaimMetrics::NoiseSensitivityIrrelevant], 0.0);
        // A correct claim no chunk entails is self-knowledge.
        const auto known = ClaimMetrics::item(checks(1, 1, 1, {E}, {E}, {N}, {N}));
        QCOMPARE(known[ClaimMetrics::SelfKnowledge], 1.0);
        QCOMPARE(known[ClaimMetrics::Hallucination], 0.0);
        QCOMPARE(known[ClaimMetrics::ContextUtilization], 0.0); // nothing retrieved
    }

    void emptyInputsAreZero()
    {
        // No response claims, no chunks, no answer claims: RAGChecker's zeros.
        const auto none = ClaimMetrics::item(checks(0, 0, 0, {}, {}, {}, {}));
        for (int m = 0; m < ClaimMetrics::MetricCount; ++m)
            QCOMPARE(none[m], 0.0);
        const auto noChunks = ClaimMetrics::item(checks(2, 2, 0, {E, E}, {E, E}, {}, {}));
        QCOMPARE(noChunks[ClaimMetrics::Precision], 1.0);
        QCOMPARE(noChunks[ClaimMetrics::F1], 1.0);
        QCOMPARE(noChunks[ClaimMetrics::ClaimRecall], 0.0);
        QCOMPARE(noChunks[ClaimMetrics::ContextPrecision], 0.0);
        QCOMPARE(noChunks[ClaimMetrics::Faithfulness], 0.0);
        QCOMPARE(noChunks[ClaimMetrics::SelfKnowledge], 0.0); // undefined without chunks: 0, not 1
        const auto noAnswer = ClaimMetrics::item(checks(1, 0, 1, {N}, {}, {E}, {}));
        QCOMPARE(noAnswer[ClaimMetrics::Recall], 0.0);
        QCOMPARE(noAnswer[ClaimMetrics::F1], 0.0);
        QCOMPARE(noAnswer[ClaimMetrics::ContextPrecision], 0.0);
        QCOMPARE(noAnswer[ClaimMetrics::NoiseSensitivityIrrelevant], 0.0);
        QCOMPARE(noAnswer[ClaimMetrics::Faithfulness], 1.0);
    }

    void unreadableChecksAreUnknown()
    {
        // One unreadable chunk check: the generator's metrics are unknown, the rest are known.
        const auto v = ClaimMetrics::item(checks(2, 1, 1, {E, N}, {E}, {E, U}, {E}));
        QVERIFY(std::isnan(v[ClaimMetrics::Faithfulness]));
        QVERIFY(std::isnan(v[ClaimMetrics::Hallucination]));
        QVERIFY(std::isnan(v[ClaimMetrics::NoiseSensitivityRelevant]));
        QCOMPARE(v[ClaimMetrics::Precision], 0.5);
        QCOMPARE(v[ClaimMetrics::ClaimRecall], 1.0);
        // The mean leaves it out and counts it.
        const auto means = ClaimMetrics::mean({v, ClaimMetrics::item(checks(1, 1, 1, {E}, {E}, {N}, {E}))});
        QCOMPARE(means[ClaimMetrics::Faithfulness].n, 1);
        QCOMPARE(means[ClaimMetrics::Faithfulness].unknown, 1);
        QCOMPARE(means[ClaimMetrics::Faithfulness].value, 0.0);
        QCOMPARE(means[ClaimMetrics::Precision].n, 2);
        QCOMPARE(means[ClaimMetrics::Precision].value, 0.75);
        // Every item unknown: the mean is unknown, not 0.
        QVERIFY(std::isnan(ClaimMetrics::mean({v})[ClaimMetrics::Hallucination].value));
        // Checks that do not fit their claims say nothing.
        const auto bad = checks(2, 1, 1, {E}, {E}, {E, E}, {E});
        QVERIFY(!bad.shapeProblem().isEmpty());
        QVERIFY(std::isnan(ClaimMetrics::item(bad)[ClaimMetrics::Recall]));
    }

    void handCountedFile()
    {
        auto file = RagCheckerFile::readFile(QStringLiteral(ASSAY_TEST_DATA "/ragchecker/checking_output.json"));
        QVERIFY2(file, qPrintable(file.error()));
        QVERIFY(file.value().hasChecks);
        const auto items = file.value().items;
        QCOMPARE(items.size(), 3);
        QCOMPARE(items[2].unreadableChecks, 1); // "Probably"
        QVector<ClaimMetrics::Values> values;
        for (const RagCheckerFile::Item &item : items) {
            const auto v = ClaimMetrics::item(item.checks);
            values << v;
            for (int m = 0; m < ClaimMetrics::MetricCount; ++m) {
                const QString key = QString::fromLatin1(ClaimMetrics::key(ClaimMetrics::Metric(m)));
                if (item.metrics.contains(key))
                    QVERIFY2(std::abs(v[m] - item.metrics.value(key)) < 1e-12, qPrintable(QStringLiteral("%1 %2: %3 against %4").arg(item.queryId, key).arg(v[m]).arg(item.metrics.value(key))));
                else
                    QVERIFY2(std::isnan(v[m]), qPrintable(QStringLiteral("%1 %2 should be unknown").arg(item.queryId, key)));
            }
        }
        const auto means = ClaimMetrics::mean(values);
        QCOMPARE(means[ClaimMetrics::Precision].n, 2);
        QCOMPARE(means[ClaimMetrics::Precision].value, 1.0 / 6);
        QCOMPARE(means[ClaimMetrics::ClaimRecall].value, 2.0 / 3);
        QCOMPARE(means[ClaimMetrics::Faithfulness].value, (2.0 / 3 + 0 + 0.5) / 3);
    }

    void badFilesSayWhere()
    {
        auto wrongLength = RagCheckerFile::read(R"({"results": [{"query_id": "q7", "response_claims": [["a","b","c"]], "gt_answer_claims": [],
            "retrieved_context": [], "answer2response": [], "response2answer": [], "retrieved2response": [[]], "retrieved2answer": []}]})",
                                                  QStringLiteral("x.json"));
        QVERIFY(!wrongLength);
        QVERIFY2(wrongLength.error().contains(QLatin1String("x.json: results[0] (query q7): answer2response: 0 entries for 1 claims")), qPrintable(wrongLength.error()));
        auto notJson = RagCheckerFile::read("{", QStringLiteral("y.json"));
        QVERIFY(!notJson && notJson.error().startsWith(QLatin1String("y.json:1: not valid JSON")));
        auto noResults = RagCheckerFile::read("{}", QStringLiteral("z.json"));
        QVERIFY(!noResults && noResults.error().contains(QLatin1String("results")));
    }

    void propertiesOnRandomMatrices()
    {
        std::mt19937 rng(7);
        std::uniform_int_distribution<int> size(0, 6), verdict(0, 2);
        const auto draw = [&](int n) {
            QVector<V> out;
            for (int i = 0; i < n; ++i)
                out << V(verdict(rng));
            return out;
        };
        for (int round = 0; round < 2000; ++round) {
            const int r = size(rng), g = size(rng), c = size(rng);
            const auto v = ClaimMetrics::item(checks(r, g, c, draw(r), draw(g), draw(r * c), draw(g * c)));
            for (int m = 0; m < ClaimMetrics::MetricCount; ++m)
                QVERIFY(v[m] >= 0 && v[m] <= 1);
            if (r > 0 && c > 0)
                QVERIFY(std::abs(v[ClaimMetrics::Faithfulness] + v[ClaimMetrics::Hallucination] + v[ClaimMetrics::SelfKnowledge] - 1) < 1e-12);
            // The incorrect claims split into noise from relevant chunks, noise from irrelevant
            // ones only, and hallucinations.
            const double incorrect = v[ClaimMetrics::NoiseSensitivityRelevant] + v[ClaimMetrics::NoiseSensitivityIrrelevant] + v[ClaimMetrics::Hallucination];
            if (r > 0 && c > 0 && g > 0)
                QVERIFY(std::abs(incorrect - (1 - v[ClaimMetrics::Precision])) < 1e-12);
            else
                QVERIFY(incorrect <= 1 - v[ClaimMetrics::Precision] + 1e-12);
            QVERIFY(v[ClaimMetrics::F1] <= std::max(v[ClaimMetrics::Precision], v[ClaimMetrics::Recall]) + 1e-12);
        }
    }
};

ASSAY_TEST_GUILESS_MAIN(TestClaimMetrics)

} // namespace tst_claimmetrics
#include "tst_claimmetrics.moc"
