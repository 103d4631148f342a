#pragma once
// pal:PROFILE — program-aided: the model writes one read-only SQL program over the knowledge
// base (its prompt shows every table), Assay runs it, and the result, verbalised, is the
// answer (AgentTools::program). A program that is refused or fails goes back to the model
// with the error, and it may write a corrected one while steps remain.
#include "readers/agentepisode.h"

namespace assay {

class PalEpisode : public AgentEpisode {
public:
    PalEpisode(AgentSetup setup, ReaderRequest request, Reader::Done done);
    void start() override;
    // The SQL in a reply: a ```sql block, else any ``` block, else the reply from its first
    // SELECT or WITH; empty when there is none.
    static QString extractProgram(const QString &reply);

private:
    void step();
    void onReply(const LlmResult &r);

    nlohmann::json m_messages = nlohmann::json::array();
};

} // namespace assay
