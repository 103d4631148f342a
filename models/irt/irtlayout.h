#pragma once
// How the IRT parameters sit in one vector: per item (a?, b, c?) by model, then one ability
// per student — or, hierarchical, one per factor level, a student's θ being the sum of their
// levels' abilities. Also the negative log-likelihood and its analytic gradient at a vector,
// summed in long double so that the line search still sees the tiny decreases near the
// optimum of a million-cell matrix.
#include "irt/irtdata.h"

#include <QPair>
#include <QVector>

namespace assay {

struct IrtOptions;

class IrtLayout {
public:
    static IrtLayout of(const IrtData &data, const IrtOptions &options);

    int parameters() const { return items * perItem + abilities; }
    int abilityOffset() const { return items * perItem; }
    void itemParams(const double *x, int item, double *a, double *b, double *c) const
    {
        const double *p = x + qsizetype(item) * perItem;
        int k = 0;
        *a = hasA ? p[k++] : 1.0;
        *b = p[k++];
        *c = hasC ? p[k] : 0.0;
    }
    double abilityOf(const double *x, int student) const
    {
        const double *abilities = x + abilityOffset();
        if (studentLevels.isEmpty())
            return abilities[student];
        double theta = 0;
        for (int level : studentLevels[student])
            theta += abilities[level];
        return theta;
    }
    // Adds a student's value to their ability: the student's own, or each of their levels'.
    void addToAbilities(double *abilities, int student, double value) const
    {
        if (studentLevels.isEmpty())
            abilities[student] += value;
        else
            for (int level : studentLevels[student])
                abilities[level] += value;
    }
    // Whether passes over this many students × items rows run on two cores (the second half
    // of the students on the second, the same split every time so the sums are reproducible).
    bool splitsRows(int students) const;
    // −log-likelihood over the observed cells; the gradient too when g is not null (large
    // matrices use two cores).
    double evaluate(const IrtData &data, const double *x, double *g) const;
    // The same sum unrounded, for comparing likelihoods that differ in the 16th digit.
    long double evaluateExact(const IrtData &data, const double *x, double *g) const;

    // The −log prior density summed over x (0 unless prior); adds its gradient to g and its
    // second derivatives (the prior is separable: a diagonal) to hDiag when not null.
    double priorTerms(const double *x, double *g, double *hDiag) const;

    bool prior = false;
    bool hasA = true;
    bool hasC = true;
    int perItem = 3;
    int items = 0;
    int abilities = 0;                            // students, or factor levels
    QVector<QVector<int>> studentLevels;          // hierarchical: ability indices per student
    QVector<QPair<QString, QString>> levelNames;  // (factor, level) per ability index

private:
    long double evaluateRows(const IrtData &data, const double *x, const double *as, const double *bs, const double *cs, int from, int to, double *g) const;
};

} // namespace assay
