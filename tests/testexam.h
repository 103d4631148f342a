#pragma once
// A grounded exam on a demo project (long form, seed 3, default filters), as the Exams and
// IRT page tests use it; `tweak` may alter the items before filtering.
#include "exams/examfilters.h"
#include "exams/examstats.h"
#include "exams/examstore.h"
#include "exams/groundedexamgenerator.h"
#include "project/project.h"

#include <functional>

namespace assay::test {

inline Result<qint64> createGroundedExam(Project &project, const QString &name, const std::function<void(QVector<ExamItem> &)> &tweak = {})
{
    auto items = GroundedExamGenerator::generate(project, QStringLiteral("long"), 3, nullptr);
    if (!items)
        return Result<qint64>::failure(items.error());
    if (tweak)
        tweak(items.value());
    ExamFilters::apply(items.value(), ExamFilters::defaults().value());
    return ExamStore(project.database()).create(name, QStringLiteral("queries"), 3, items.value(), ExamStats::compute(items.value(), {}));
}

} // namespace assay::test
