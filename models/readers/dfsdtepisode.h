#pragma once
// dfsdt:PROFILE — ToolLLM's depth-first search-based decision tree over function-calling
// chains. Each node is a conversation state; expanding it asks the model for one tool call.
// A branch fails when the model calls give_up_and_restart: the search backtracks to the
// parent and asks for an action different from the ones already tried there (shown to the
// model), at most `width` per node; when every alternative of the root has failed, the item
// stops as gave_up. `steps` is the node budget:
// every expansion is one LLM call. Trace steps carry their node's depth, so a backtrack shows
// as the depth going down.
#include "readers/agentepisode.h"

#include <QStringList>

namespace assay {

class DfsdtEpisode : public AgentEpisode {
public:
    DfsdtEpisode(AgentSetup setup, ReaderRequest request, Reader::Done done);
    void start() override;
    // The give-up action's function definition, offered beside the tools.
    static nlohmann::json giveUpDefinition();

private:
    struct Node {
        nlohmann::json messages; // the conversation up to this state
        QStringList tried;       // actions taken from here that led to failed branches
        QString via;             // the action that led here from the parent
    };
    void expand();
    void onReply(const LlmResult &r);
    // The branch ending at the deepest node failed: back up to the nearest node with an
    // alternative left, or give up.
    void backtrack();

    QVector<Node> m_path; // root first; the last node is the one being expanded
};

} // namespace assay
