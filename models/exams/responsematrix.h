#pragma once
// The students × items 0/1 matrix of an exam's takes (missing answers left empty), written
// as CSV with a header row "student,<item ids>", and the students' factors (llm, retriever,
// k, icl) as "student,<factor names>" for hierarchical IRT.
#include "core/result.h"
#include "exams/examstore.h"
#include "irt/classicalanalysis.h"
#include "irt/irtdata.h"

namespace assay {

class Database;

class ResponseMatrix {
public:
    struct Counts {
        int students = 0;
        int items = 0;
    };
    // The same matrix and factors in memory, for fitting without files.
    static Result<IrtData> data(Database &db, const QString &exam);
    static Result<Counts> write(Database &db, const QString &exam, const QString &responsesPath, const QString &factorsPath);
    // Classical item analysis of the exam's accepted items from the options the takers chose.
    static Result<QVector<ClassicalItem>> classical(Database &db, const QString &exam);
    static QString csvField(const QString &text); // quoted when it holds a comma, quote or line break

private:
    // One read of the exam's takes: accepted items (ids, keys) and each take's choices
    // (−1: unanswered), in the takes' order.
    struct Takes {
        QStringList ids;
        QVector<int> keys;
        QVector<ExamRunInfo> runs;
        QVector<QVector<int>> chosen;
    };
    static Result<Takes> takes(Database &db, const QString &exam);
};

} // namespace assay
