#pragma once
// Is one ability enough? The dimensionality check made with every fit (docs/METHODS.md §9.17):
// - Yen's Q3: the correlation, over the students who answered both, of two items' residuals
//   u − P(θ̂); local independence keeps them near their mean (about −1/(items − 1)). Reported:
//   the largest |Q3|, the mean |Q3|, and the pairs whose Q3 exceeds the mean Q3 by more than
//   0.2 (Christensen, Makransky & Horton 2017's relative criterion). With 100 students or
//   more, over 1% of the pairs above it says the items share more than one ability; with
//   fewer, a correlation's own noise reaches 0.2, and Q3 is reported only.
// - The eigenvalues of the items' correlation matrix (phi correlations, missing cells at the
//   item's mean), computed in the smaller of the students' and the items' spaces, with the
//   ratio of the first to the second. The second is compared with the second eigenvalues of
//   19 data sets drawn from the fitted one-dimensional model itself — same students, items
//   and missing cells (Drasgow & Lissak's modified parallel analysis): above all of them
//   (p ≤ 0.05), the data have a second dimension the model does not. A fixed bar on the
//   ratio would not do: with 12 students, one-dimensional data give ratios below 2.
// - Spearman's ρ between θ̂ and each student's share correct, and for the 2PL and 3PL between θ̂
//   and the weighted score Σ a·u: a model whose θ ranks students otherwise than what they got
//   right ranks them by something else.
// The second dimension is named when a factor of the students (llm, retriever, …) explains at
// least a fifth of the students' scores on it (η² ≥ 0.2) and more than 999 shuffles of its
// levels but 1% do (permutation p < 0.01): with a fit, the leading dimension of the
// residuals u − P(θ̂) (what one ability leaves unexplained); without, the correlation matrix's
// second principal component.
#include "irt/irtdata.h"

#include <QString>
#include <QStringList>
#include <QVector>
#include <QtNumeric>

#include <cmath>

#include <nlohmann/json_fwd.hpp>

namespace assay {

struct IrtItem;

class IrtDimensionality {
public:
    struct Pair {
        QString first, second;
        double q3 = 0;
    };
    struct Check {
        bool computed = false;
        QString note; // why it was not computed, when it was not
        double q3Max = qQNaN(), q3MeanAbs = qQNaN(), q3Mean = qQNaN();
        qint64 q3PairsAbove = 0;   // Q3 − mean Q3 > 0.2
        QVector<Pair> q3Worst;     // the largest few, largest first
        double eigenRatio = qQNaN();
        QVector<double> eigenvalues; // the first few, largest first
        double secondSimulated = qQNaN(); // mean second eigenvalue of the model's own draws
        double secondP = qQNaN();         // share of draws whose second is as large (with the data's)
        // The parallel analysis's verdict (without draws, the ratio below 3).
        bool secondDimension() const { return std::isnan(secondP) ? eigenRatio < eigenRatioBar : secondP <= 0.05; }
        double thetaAccuracySpearman = qQNaN();
        double thetaWeightedScoreSpearman = qQNaN(); // 2PL and 3PL only
        QString secondDimensionFactor; // the factor that explains the second dimension, if any
        double secondDimensionEta2 = qQNaN(), secondDimensionP = qQNaN();
        bool unidimensional = true;
        // "the responses have a second dimension (eigenvalue ratio 1.8 < 3), which follows the
        // retriever (η² 0.83)", or empty when they do not.
        QString warning() const;
        // One line for the Exams page and the report.
        QString summary() const;
        // The summary's terms in plain words (|Q3|, the bar, η², the parallel analysis), for
        // readers who do not know them: only those the summary uses.
        QString plainWords() const;
        // What θ ranks when it disagrees with the share correct (Spearman below 0.9), else empty:
        // "θ ranks the students by their weighted score Σ a·u (Spearman 1.00), not by their
        // share correct (0.61): items that discriminate more count more".
        QString rankingNote() const;
        // "second eigenvalue 547.2 against 120.3 in data drawn from the model (parallel analysis
        // p 0.05), eigenvalue ratio 1.35".
        QString secondText(const QString &model = QString()) const; // model: the one the draws came from ("2PL"), when known
    };

    // The check on the data with a fit's items and abilities (θ per student, in data order).
    static Check check(const IrtData &data, const QVector<IrtItem> &items, const QVector<double> &theta, bool weighted);
    // The eigenvalues, the parallel analysis against draws from these items (θ per student, or
    // θ ~ N(0, 1) when theta is empty) and the factor on the second principal component.
    // nameComponent false: the factor is not looked for there (check() names it from the residuals).
    static Check eigenCheck(const IrtData &data, const QVector<IrtItem> &items, const QVector<double> &theta = {}, bool nameComponent = true);
    static double spearman(const QVector<double> &x, const QVector<double> &y);
    // The factor whose levels explain the students' scores on a dimension (score[i] of
    // students[i]): named into out->secondDimension* when η² ≥ 0.2 and the permutation p < 0.01.
    static void nameFactor(const IrtData &data, const QVector<int> &students, const QVector<double> &score, Check *out);
    static nlohmann::json toJson(const Check &check);

    static constexpr double eigenRatioBar = 3.0;
    static constexpr double q3Bar = 0.2;
    static constexpr double spearmanBar = 0.9;
};

} // namespace assay
