#pragma once
// How far a run's labellers agree: Cohen's κ for each pair on the items both labelled.
#include "analysis/cohenkappa.h"
#include "runs/humanlabel.h"

#include <QString>
#include <QVector>

namespace assay {

struct LabellerPair {
    QString first, second;
    KappaEstimate kappa; // kappa.n: the items both labelled
};

class LabellerAgreement {
public:
    // One entry per pair of labellers (by name), also pairs with no shared item (n = 0).
    static QVector<LabellerPair> pairs(const QVector<HumanLabel> &labels);
};

} // namespace assay
