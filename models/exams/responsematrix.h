#pragma once
// The students × items 0/1 matrix of an exam's takes (missing answers left empty), written
// as CSV with a header row "student,<item ids>", and the students' factors (llm, retriever,
// k, icl) as "student,<factor names>" for hierarchical IRT.
#include "core/result.h"
#include "exams/examstore.h"
#include "irt/classicalanalysis.h"
#include "irt/irtdata.h"

namespace assay {

class Project;

class Database;

class ResponseMatrix {
public:
    struct Counts {
        int students = 0;
        int items = 0;
        qint64 answered = 0; // cells with an option chosen
    };
    // One read of an exam's takes: its accepted items and each take's choices (−1:
    // unanswered), in the takes' order. Both analyses below start from it.
    struct Takes {
        QVector<ExamItem> items;
        QVector<ExamRunInfo> runs;
        QVector<QVector<int>> chosen;
    };
    static Result<Takes> takes(Database &db, const QString &exam);
    // The 0/1 matrix and factors in memory, for fitting without files: right is the choice
    // against the item's key.
    static Result<IrtData> data(const Takes &takes, const QString &exam);
    static Result<IrtData> data(Database &db, const QString &exam);
    // Classical item analysis of the accepted items from the options the takers chose.
    static QVector<ClassicalItem> classical(const Takes &takes);
    static Result<QVector<ClassicalItem>> classical(Database &db, const QString &exam);
    // Takes, accepted items and answered cells counted in the database, without reading them
    // (what the identifiability guard needs).
    static Result<Counts> counts(Database &db, const QString &exam);
    static Result<Counts> counts(Project &project, const QString &exam);
    static Result<Counts> write(Database &db, const QString &exam, const QString &responsesPath, const QString &factorsPath);
    static QString csvField(const QString &text); // quoted when it holds a comma, quote or line break
};

} // namespace assay
