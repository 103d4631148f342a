#pragma once
// An exam as a test set (docs/METHODS.md §11.2): its kept items, each identified by its stem
// and options, with the keyed option as the gold answer — what `testset freeze --exam` copies.
#include "core/result.h"
#include "runs/testsetitem.h"

namespace assay {

class Database;

class ExamTestSet {
public:
    static Result<QVector<TestSetItem>> items(Database &db, const QString &exam);
};

} // namespace assay
