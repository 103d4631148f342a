#pragma once
// The retrieval students (docs/METHODS.md, exams): each option scored by what a retriever
// finds for stem + option (ir), or by how many of the option's words the item's own source
// documents contain (oracle-ir). No LLM is called.
#include "core/result.h"
#include "exams/examitem.h"
#include "exams/examstore.h"
#include "exams/takerspec.h"

namespace assay {

class Database;
class Job;

class IrTaker {
public:
    static Result<QVector<ExamAnswer>> take(Database &db, const QVector<ExamItem> &items, const TakerSpec &spec, Job *job);
    // The ir students of one retriever at several depths k, from one ranking per option at the
    // largest k: a ranking at k is the first k of the ranking at any larger k (ties go to the
    // earlier chunk), so each student's answers are exactly those its own take would give.
    static Result<QVector<QVector<ExamAnswer>>> takeAtDepths(Database &db, const QVector<ExamItem> &items, const QString &retriever,
                                                             const QVector<int> &ks, Job *job);
    static Result<QVector<ExamAnswer>> takeOracle(Database &db, const QVector<ExamItem> &items, const TakerSpec &spec, Job *job);
};

} // namespace assay
