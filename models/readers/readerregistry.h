#pragma once
// Every reader Assay knows (what answers an item from its retrieved context), with what the
// pipeline parser, the CLI's help and the run launcher need to offer and check it: none,
// llm:PROFILE, the agentic workflows react/fc/dfsdt/pal:PROFILE, http and command register
// themselves; a new reader is one add() call and one Reader subclass
// (docs/ARCHITECTURE.md, "How to add …").
#include "core/registry.h"
#include "core/result.h"

#include <QPair>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>
#include <memory>
#include <vector>

namespace assay {

class AgentTools;
class LlmStore;
class Reader;
struct PipelineSpec;

struct ReaderKind {
    enum class Argument { None, Profile };
    QString name;        // "react": reader=react:PROFILE
    QString label;       // "ReAct": the launcher's check box
    QString chartLabel;  // "ReAct": chart titles, legends and the report (short)
    QString description; // one sentence, for tooltips and help
    Argument argument = Argument::None;
    bool answers = true;       // writes an answer per item (false: retrieval only, no response to classify)
    bool agentic = false;      // a workflow acting with the project's tools (steps, budget apply)
    bool tracesHaveDepth = false; // its step traces form a search tree (each step has a depth; DFSDT)
    bool promptsLlm = false;   // an LLM reads the contexts (icl and prompt apply)
    bool inLauncher = false;   // offered as a check box in the run launcher's reader row
    bool checkedByDefault = false;
    // Pipeline keys this reader reads beyond the common ones, with one line each: a pipeline
    // with such a key for another reader is refused.
    QVector<QPair<QString, QString>> options;
    // Checks a parsed pipeline's settings for this reader (e.g. http needs url=).
    std::function<Status(const PipelineSpec &)> check;
    struct Services {
        LlmStore *store = nullptr;         // the LLM cache and ledger
        const AgentTools *tools = nullptr; // agentic readers act with these
    };
    std::function<Result<std::unique_ptr<Reader>>(const PipelineSpec &, const Services &)> create;

    QString synopsis() const; // "react:PROFILE", "none"
};

class ReaderRegistry : public Registry<ReaderKind> {
public:
    static ReaderRegistry &instance();

    // The names of the agentic workflows (react, fc, dfsdt, pal, ...).
    QStringList workflows() const;
    // Every kind's synopsis: none, llm:PROFILE, ...
    QStringList synopses() const;
    // Every option key some reader reads.
    QStringList optionKeys() const;
    // Whether the workflow's traces form a search tree with a depth per step (false for an
    // unknown name).
    bool tracesHaveDepth(const QString &workflow) const;

private:
    ReaderRegistry();
};

} // namespace assay
