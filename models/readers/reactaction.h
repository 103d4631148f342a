#pragma once
// One step of a ReAct completion (R-Eval's text actions, as in ReAct's environment):
//   Thought: <reasoning>
//   Action: Search[<query>] | Lookup[<text>] | List_tables[] | Describe[<table>] | Sql[<query>] | Finish[<answer>]
// Step numbers ("Thought 2:", "Action 2:") are accepted, and anything from an "Observation"
// line on is ignored (a model that writes its own observations does not get to keep them).
// A completion without a readable action parses to an error the workflow shows the model.
#include <QString>

#include <nlohmann/json.hpp>

namespace assay {

struct ReactAction {
    QString thought;
    QString tool;             // AgentTools' name: search, lookup, list_tables, describe, sql, finish
    nlohmann::json arguments; // the tool's arguments, from the bracketed text
    QString error;            // non-empty: no valid action; what to tell the model

    bool valid() const { return error.isEmpty(); }
    // The completion's text up to its first observation, parsed.
    static ReactAction parse(const QString &completion);
    // How the step reads in the transcript: "Action: Search[x]".
    QString actionText() const;
};

} // namespace assay
