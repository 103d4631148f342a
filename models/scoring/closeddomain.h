#pragma once
// The one closed-domain setting of scoring, analysis, reports and the GUI. GRAMMAR's rule
// makes an answer Incorrect when its retrieval was judged wrong. "auto" (the default
// everywhere) applies it where a reader writes the answer from the retrieved context, and
// not to a retrieval-only run (reader none), whose "answer" is the retrieval itself: there
// the rule would only repeat the top-1 document check and hide what k > 1 adds; nor to an
// agentic workflow (react:, fc:, dfsdt:, pal:), which may ground its answer in the knowledge
// base through SQL rather than in a document. on and off force it. Every analysis records the value it was resolved to.
#include "core/result.h"

#include <optional>

namespace assay {

class ClosedDomain {
public:
    using Setting = std::optional<bool>; // nullopt: auto
    static bool resolve(Setting setting, const QString &reader);
    // "auto", "on" or "off".
    static Result<Setting> parse(const QString &text);
    static QString name(Setting setting);
};

} // namespace assay
