#include "llm/llmactivity.h"

namespace assay {

LlmActivity &LlmActivity::instance()
{
    static LlmActivity activity;
    return activity;
}

void LlmActivity::add(const LlmUsage &d)
{
    m_total.requests += d.requests;
    m_total.cached += d.cached;
    m_total.failed += d.failed;
    m_total.promptTokens += d.promptTokens;
    m_total.completionTokens += d.completionTokens;
    m_total.cost += d.cost;
    m_total.latencyMs += d.latencyMs;
    m_total.unreported += d.unreported;
    emit changed();
}

} // namespace assay
