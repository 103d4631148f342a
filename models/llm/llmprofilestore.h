#pragma once
#include "llm/llmprofile.h"

#include <QVector>

namespace assay {

// The LLM profiles in QSettings (group "llm/profiles/NAME").
class LlmProfileStore {
public:
    static QVector<LlmProfile> all();
    static Result<LlmProfile> find(const QString &name);
    static Status save(const LlmProfile &profile);
    static Status remove(const QString &name);
};

} // namespace assay
