#pragma once
// The exam steps the desktop app and the demo run as background jobs: generate a grounded
// exam from a query set (filtered with the default thresholds, stored), and have it taken by
// a list of students (each take stored as one exam run). The CLI's `exam` commands call the
// same steps.
#include "core/result.h"
#include "exams/examtaker.h"

#include <QStringList>

namespace assay {

class Job;
class Project;

// The similarity filters' thresholds (ExamFilters::Settings; the stem patterns are the
// bundled or the user's list).
struct ExamThresholds {
    double keySimilarity = 0.75;
    double distractorSimilarity = 0.9;
};

class ExamWorkflow {
public:
    using Thresholds = ExamThresholds;
    struct Generated {
        qint64 examId = 0;
        qint64 generated = 0;
        qint64 kept = 0;
    };
    // The offline students: IR with keyword / tfidf / bm25 × k ∈ {1, 2, 3, 4, 5, 6, 8, 10}, and
    // the oracle (25: enough for a 1PL, and a 2PL by the guard's rule).
    static QStringList offlineStudents();
    // A new exam `name` of one item per semantic group of `querySet`'s accepted queries.
    static Result<Generated> generateGrounded(Project &project, const QString &name, const QString &querySet, quint64 seed, Job *job = nullptr,
                                              const Thresholds &thresholds = {});
    // A new exam `name` written by the LLM `profile` from the corpus: perChunk questions per
    // chunk, at most maxChunks chunks (0: all), filtered with the default thresholds.
    static Result<Generated> generateFromCorpus(Project &project, const QString &name, const QString &profile, quint64 seed, int perChunk, int maxChunks,
                                                Job *job = nullptr, const Thresholds &thresholds = {});
    // Each student takes the exam's kept items; a student that took it before takes it again
    // (its earlier answers replaced). All students' answers are stored together, in one
    // transaction, once every one has answered: a take that is cancelled, fails or is killed
    // changes nothing. job sees one step per student and may cancel between.
    // `takes` (optional) gets each student's counts (answered, unanswered, correct), in order.
    using Taken = QPair<QString, ExamTaker::Summary>; // the student, as given, and its counts
    static Status take(Project &project, const QString &exam, const QStringList &students, Job *job = nullptr, QVector<Taken> *takes = nullptr);
};

} // namespace assay
