#pragma once
// Usage of every LLM client in the process, summed, so the GUI's status area can show calls,
// tokens and cost while work runs. Clients report to it; it never blocks.
#include "llm/llmusage.h"

#include <QObject>

namespace assay {

class LlmActivity : public QObject {
    Q_OBJECT
public:
    static LlmActivity &instance();
    void add(const LlmUsage &delta);
    LlmUsage total() const { return m_total; }
    int activeClients() const { return m_active; }
    void clientStarted() { ++m_active; emit changed(); }
    void clientStopped() { --m_active; emit changed(); }

signals:
    void changed();

private:
    LlmUsage m_total;
    int m_active = 0;
};

} // namespace assay
