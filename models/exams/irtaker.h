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
    static Result<QVector<ExamAnswer>> takeOracle(Database &db, const QVector<ExamItem> &items, const TakerSpec &spec, Job *job);
};

} // namespace assay
