#pragma once
// Across exam versions (docs/METHODS.md §11.4): a take of an exam estimated on a frozen
// version's items — the items it answered counted as answered, the others predicted by the IRT
// model at the taker's ability (EAP from its answers, item parameters from the exam's last fit),
// corrected on the panel of takes that answered every item, with an interval.
// So a candidate taking today's exam is compared with a baseline's score on the old version.
#include "core/result.h"
#include "irt/irtability.h"

#include <QString>
#include <QVector>

namespace assay {

class Database;

struct ExamVersionEstimate {
    QString taker;
    QString version;
    int versionItems = 0; // the version's items
    int shared = 0;       // of them, items the exam still keeps
    int answered = 0;     // of the shared, items the take answered
    int right = 0;        // of the answered, right
    int predicted = 0;    // version items not answered, predicted from their fitted parameters
    int unknown = 0;      // version items neither answered nor fitted: left out
    int calibrationTakers = 0; // complete takes the prediction was corrected on (0: none)
    IrtAbilityEstimate ability;
    double accuracy = 0, low = 0, high = 0; // on the version's items (unknown ones left out)
    QString text() const;
};

class ExamVersionEstimator {
public:
    // Every take of the exam version `version` was frozen from, estimated on the version.
    static Result<QVector<ExamVersionEstimate>> estimate(Database &db, const QString &version);
};

} // namespace assay
