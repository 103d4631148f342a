#include "readers/llmreader.h"

#include "generation/promptlibrary.h"

namespace assay {

LlmReader::LlmReader(LlmProfile profile, QString prompt, LlmStore *store, QString tag)
    : m_client(std::move(profile), store), m_prompt(std::move(prompt)), m_tag(std::move(tag))
{
}

QString LlmReader::buildPrompt(const QString &prompt, const ReaderRequest &request)
{
    QString sources;
    for (int i = 0; i < request.contexts.size(); ++i)
        sources += QStringLiteral("[%1] (document %2)\n%3\n\n").arg(i + 1).arg(request.contexts[i].docId, request.contexts[i].text.trimmed());
    if (sources.isEmpty())
        sources = QStringLiteral("(none)\n");
    QString examples;
    if (!request.examples.isEmpty()) {
        examples = QStringLiteral("\nExamples:\n");
        for (const auto &e : request.examples)
            examples += QStringLiteral("Question: %1\nAnswer: %2\n\n").arg(e.first, e.second);
    }
    return PromptLibrary::fill(prompt, {{QStringLiteral("sources"), sources.trimmed()},
                                        {QStringLiteral("examples"), examples},
                                        {QStringLiteral("question"), request.query}});
}

void LlmReader::answer(const ReaderRequest &request, Done done)
{
    LlmRequest call = LlmClient::chat({}, buildPrompt(m_prompt, request), 0, 256);
    call.tag = m_tag;
    m_client.send(std::move(call), [done = std::move(done)](const LlmResult &r) {
        ReaderAnswer a;
        a.answer = r.ok ? r.content().trimmed() : QString();
        a.error = r.ok ? QString() : QStringLiteral("%1: %2").arg(r.errorClass, r.error);
        a.errorClass = r.ok ? QString() : r.errorClass;
        a.halted = !r.ok;
        a.stopsRun = r.stopsWork;
        a.promptTokens = r.promptTokens;
        a.completionTokens = r.completionTokens;
        a.cost = r.cost;
        a.usageUnknown = r.ok && !r.cached && !r.usageReported;
        done(a);
    });
}

} // namespace assay
