#pragma once
// The steps of an evaluation (docs/user-guide.md, "Getting started") and how far the open
// project has come in each, read from the stores. The Overview page shows them as a
// checklist with a button for the next step; `assay-cli info` prints the same list.
#include "core/result.h"

#include <QString>
#include <QVector>

namespace assay {

class Project;

class ProjectProgress {
public:
    enum class Step {
        Knowledge,    // knowledge tables with rows
        SqlTemplates, // accepted SQL query templates
        Queries,      // text templates filled in to queries
        Corpus,       // documents imported and chunked
        GroundTruth,  // semantic groups with true documents
        Runs,         // pipelines run over the queries
        Scoring,      // runs judged
        Analysis,     // GRAMMAR-Eval, workflows, responses of scored runs
        Exam,         // a multiple-choice exam generated and taken
        Irt,          // an item response model fitted to an exam
        Report,       // the HTML report with its charts
    };
    static constexpr int StepCount = int(Step::Report) + 1;

    enum class State {
        Done,    // the step has a result
        Next,    // the first step not done whose inputs are there
        Ready,   // could be done now, after the next one
        Waiting, // needs an earlier step first (`detail` says which)
    };

    struct Item {
        Step step;
        State state = State::Waiting;
        QString title;  // "Knowledge schema"
        QString detail; // what is there, or what is missing and why
        QString action; // the verb of the button that does or continues it
        const char *actionId = ""; // what the button does: "generate-sql", "propose-links", "open-runs"…
        void setAction(const char *id, const QString &text)
        {
            actionId = id;
            action = text;
        }
    };

    // Reads the counts on the project's own connection (a few aggregate queries).
    // `lastReport`: the folder the report was last exported to (the GUI remembers it), which
    // makes the report step done.
    static Result<QVector<Item>> read(Project &project, const QString &lastReport = {});
    static QString stateName(State state);
};

} // namespace assay
