#include "claims/claimmetrics.h"

#include <cmath>
#include <limits>

namespace assay {

namespace {

constexpr double unknown = std::numeric_limits<double>::quiet_NaN();

// One boolean matrix of checks, with whether any of its cells is unknown.
struct Flags {
    QVector<char> entailed;
    bool anyUnknown = false;
};

Flags flags(const QVector<ClaimVerdict> &verdicts)
{
    Flags f;
    f.entailed.resize(verdicts.size());
    for (int i = 0; i < verdicts.size(); ++i) {
        f.entailed[i] = verdicts[i] == ClaimVerdict::Entailment;
        f.anyUnknown = f.anyUnknown || verdicts[i] == ClaimVerdict::Unknown;
    }
    return f;
}

double share(int count, int of) { return of > 0 ? double(count) / of : 0.0; }

} // namespace

QString ClaimChecks::shapeProblem() const
{
    if (responseClaims < 0 || answerClaims < 0 || chunks < 0)
        return QStringLiteral("a negative number of claims or chunks");
    if (responseByAnswer.size() != responseClaims)
        return QStringLiteral("%1 response claims but %2 checks against the ground-truth answer").arg(responseClaims).arg(responseByAnswer.size());
    if (answerByResponse.size() != answerClaims)
        return QStringLiteral("%1 ground-truth claims but %2 checks against the response").arg(answerClaims).arg(answerByResponse.size());
    if (responseByChunk.size() != qsizetype(responseClaims) * chunks)
        return QStringLiteral("%1 response claims × %2 chunks but %3 chunk checks").arg(responseClaims).arg(chunks).arg(responseByChunk.size());
    if (answerByChunk.size() != qsizetype(answerClaims) * chunks)
        return QStringLiteral("%1 ground-truth claims × %2 chunks but %3 chunk checks").arg(answerClaims).arg(chunks).arg(answerByChunk.size());
    return {};
}

const char *ClaimMetrics::key(Metric m)
{
    static const char *const keys[MetricCount] = {"precision",           "recall",         "f1",
                                                  "claim_recall",        "context_precision", "context_utilization",
                                                  "noise_sensitivity_in_relevant", "noise_sensitivity_in_irrelevant",
                                                  "hallucination",       "self_knowledge", "faithfulness"};
    return keys[m];
}

QString ClaimMetrics::label(Metric m)
{
    switch (m) {
    case Precision: return QStringLiteral("Precision");
    case Recall: return QStringLiteral("Recall");
    case F1: return QStringLiteral("F1");
    case ClaimRecall: return QStringLiteral("Claim recall");
    case ContextPrecision: return QStringLiteral("Context precision");
    case ContextUtilization: return QStringLiteral("Context utilization");
    case NoiseSensitivityRelevant: return QStringLiteral("Noise sensitivity (relevant)");
    case NoiseSensitivityIrrelevant: return QStringLiteral("Noise sensitivity (irrelevant)");
    case Hallucination: return QStringLiteral("Hallucination");
    case SelfKnowledge: return QStringLiteral("Self-knowledge");
    case Faithfulness: return QStringLiteral("Faithfulness");
    case MetricCount: break;
    }
    return {};
}

ClaimMetrics::Values ClaimMetrics::item(const ClaimChecks &c)
{
    Values v;
    v.fill(unknown);
    if (!c.shapeProblem().isEmpty())
        return v; // checks that do not fit their claims say nothing
    const int nr = c.responseClaims, ng = c.answerClaims, nc = c.chunks;
    const Flags correct = flags(c.responseByAnswer); // response claim entailed by the answer
    const Flags covered = flags(c.answerByResponse); // answer claim entailed by the response
    const Flags supports = flags(c.responseByChunk); // [r][chunk]
    const Flags finds = flags(c.answerByChunk);      // [g][chunk]

    // Overall: precision over the response's claims, recall over the answer's.
    int count = 0;
    for (char e : correct.entailed)
        count += e;
    if (!correct.anyUnknown)
        v[Precision] = share(count, nr);
    count = 0;
    for (char e : covered.entailed)
        count += e;
    if (!covered.anyUnknown)
        v[Recall] = share(count, ng);
    if (!std::isnan(v[Precision]) && !std::isnan(v[Recall]))
        v[F1] = v[Precision] > 0 && v[Recall] > 0 ? 2 * v[Precision] * v[Recall] / (v[Precision] + v[Recall]) : 0.0;

    // Retriever: an answer claim is recalled when some chunk entails it; a chunk is relevant when
    // it entails some answer claim.
    QVector<char> recalled(ng, 0), relevant(nc, 0);
    for (int g = 0; g < ng; ++g)
        for (int k = 0; k < nc; ++k)
            if (finds.entailed[g * nc + k]) {
                recalled[g] = 1;
                relevant[k] = 1;
            }
    if (!finds.anyUnknown) {
        int r = 0, useful = 0;
        for (char x : recalled)
            r += x;
        for (char x : relevant)
            useful += x;
        // No chunk: nothing is recalled and no chunk is useful.
        v[ClaimRecall] = nc > 0 ? share(r, ng) : 0.0;
        v[ContextPrecision] = ng > 0 ? share(useful, nc) : 0.0;
        if (!covered.anyUnknown) {
            int used = 0;
            for (int g = 0; g < ng; ++g)
                used += recalled[g] && covered.entailed[g];
            v[ContextUtilization] = nc > 0 ? share(used, r) : 0.0;
        }
    }

    // Generator: which chunks a response claim is faithful to (some chunk entails it), and
    // whether those chunks are relevant.
    if (!supports.anyUnknown) {
        const bool generatorDefined = nr > 0 && nc > 0;
        const bool noiseDefined = generatorDefined && ng > 0;
        int nsRelevant = 0, nsIrrelevant = 0, hallucinated = 0, selfKnown = 0, faithful = 0;
        for (int r = 0; r < nr; ++r) {
            bool byRelevant = false, byIrrelevant = false;
            for (int k = 0; k < nc; ++k)
                if (supports.entailed[r * nc + k])
                    (relevant[k] ? byRelevant : byIrrelevant) = true;
            const bool isCorrect = r < correct.entailed.size() && correct.entailed[r];
            const bool anyChunk = byRelevant || byIrrelevant;
            faithful += anyChunk;
            hallucinated += !anyChunk && !isCorrect;
            selfKnown += !anyChunk && isCorrect;
            nsRelevant += byRelevant && !isCorrect;
            nsIrrelevant += byIrrelevant && !byRelevant && !isCorrect;
        }
        v[Faithfulness] = generatorDefined ? share(faithful, nr) : 0.0;
        if (!correct.anyUnknown) {
            v[Hallucination] = generatorDefined ? share(hallucinated, nr) : 0.0;
            v[SelfKnowledge] = generatorDefined ? share(selfKnown, nr) : 0.0;
            if (!finds.anyUnknown) { // which chunks are relevant needs the answer's claims checked
                v[NoiseSensitivityRelevant] = noiseDefined ? share(nsRelevant, nr) : 0.0;
                v[NoiseSensitivityIrrelevant] = noiseDefined ? share(nsIrrelevant, nr) : 0.0;
            }
        }
    }
    return v;
}

ClaimMetrics::Means ClaimMetrics::mean(const QVector<Values> &items)
{
    Means out;
    std::array<double, MetricCount> sum{};
    for (const Values &v : items)
        for (int m = 0; m < MetricCount; ++m) {
            if (std::isnan(v[m])) {
                ++out[m].unknown;
            } else {
                sum[m] += v[m];
                ++out[m].n;
            }
        }
    for (int m = 0; m < MetricCount; ++m)
        out[m].value = out[m].n > 0 ? sum[m] / out[m].n : unknown;
    return out;
}

} // namespace assay
