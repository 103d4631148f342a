#pragma once
// Frozen test-set versions of either kind — a query set's working queries or an exam's items —
// for the Versions tab and `assay-cli testset` alike: freezing the working set, and the items of
// a version or of the working set it is compared with (docs/METHODS.md, "Test-set versions").
// Query sets live in runs/ (TestSetStore); an exam's items come from the exams layer
// (ExamTestSet), which is why this sits here.
#include "core/result.h"
#include "runs/testsetitem.h"
#include "runs/testsetstore.h"

namespace assay {

class Project;

class TestSetVersions {
public:
    static const QString &examKind(); // "exam"
    // Freezes the working set of `kind` ("exam": the exam named source; otherwise the query
    // set of form source, empty for every form) as version `name`, in one transaction.
    static Result<TestSetInfo> freeze(Project &project, const QString &name, const QString &note, const QString &kind, const QString &source,
                                      const TestSetSample &sample = {});
    // The items of version `name`, or of the working set when name is empty, of the kind and
    // source of `like` (a query set of every form when like is null).
    static Result<QVector<TestSetItem>> items(Project &project, const QString &name, const TestSetInfo *like);
};

} // namespace assay
