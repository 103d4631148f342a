#pragma once
#include "core/curationstate.h"

#include <QStringList>

#include <optional>

namespace assay {

// One multiple-choice item: a stem, four options and the index of the correct one.
struct ExamItem {
    qint64 id = 0;
    QString key;        // stable within the exam: "q<query id>" or "c<chunk id>-<n>"
    QString stem;
    QStringList options; // four
    int answer = 0;      // 0..3
    QString sourceRef;   // query or chunk it came from
    QStringList sourceDocs;
    CurationState state = CurationState::Accepted; // accepted or rejected
    QString filterReason; // empty: kept
    QStringList bloom;
    QString questionType;
    std::optional<double> a, b, c; // IRT parameters, once fitted
    double weight = 1; // in a short form: the item's weight in the estimate (docs/METHODS.md §9.15)
};

} // namespace assay
