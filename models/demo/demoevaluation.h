#pragma once
// The demo, evaluated: builds the bundled demo project, runs the offline pipelines on it,
// scores them, generates the grounded exam, has it taken by offline students and fits IRT.
// The desktop app (File → Open Demo Project, assay --demo) and `assay-cli demo` both call
// this, so both open the same evaluated project; the CLI then writes the report and plots.
#include "scoring/judgeregistry.h"
#include "core/result.h"
#include "exams/examirt.h"

#include <QString>
#include <QStringList>

namespace assay {

class Job;
class Project;

class DemoEvaluation {
public:
    struct Report {
        QStringList runs;       // names, in the order they were run
        qint64 items = 0;       // over every run
        qint64 correct = 0;
        qint64 labels = 0;      // simulated human labels (DemoLabels)
        qint64 examItems = 0;   // kept after the filters
        QStringList students;   // exam takers
        ExamIrtResult irt;      // the hierarchical fit with its improvement steps
        double seconds = 0;
    };
    // How the demo's runs are judged: retrieval-only pipelines, so the verdict "the retrieved
    // context contains the answer" is already about retrieval; the closed-domain setting is
    // the default (auto), which leaves the rule off for retrieval-only runs.
    static QString judge() { return JudgeRegistry::defaultJudge(); }
    static QString examName() { return QStringLiteral("demo-exam"); }

    // Writes a new demo project at path and evaluates it. An older demo there is replaced
    // only when the new one is complete; a cancel, a failure or a kill leaves it as it was.
    // job (may be null) sees progress and may cancel between steps.
    static Result<Report> build(const QString &path, Job *job = nullptr);
    // Evaluates an already built demo project.
    static Result<Report> evaluate(Project &project, Job *job = nullptr);
};

} // namespace assay
