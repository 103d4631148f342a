#include "readers/agentepisode.h"

#include "generation/promptlibrary.h"
#include "llm/llmclient.h"

#include <QElapsedTimer>

namespace assay {

AgentEpisode::AgentEpisode(AgentSetup setup, ReaderRequest request, Reader::Done done, const QString &workflow)
    : m_setup(std::move(setup)), m_request(std::move(request)), m_done(std::move(done)), m_trace(workflow)
{
}

QString AgentEpisode::firstMessage(const QString &prompt, const ReaderRequest &request, const QMap<QString, QString> &more)
{
    QString examples;
    if (!request.examples.isEmpty()) {
        examples = QStringLiteral("\nExamples of questions and their answers:\n");
        for (const auto &e : request.examples)
            examples += QStringLiteral("Question: %1\nAnswer: %2\n\n").arg(e.first, e.second);
    }
    QMap<QString, QString> values = more;
    values.insert(QStringLiteral("examples"), examples);
    values.insert(QStringLiteral("question"), request.query);
    return PromptLibrary::fill(prompt, values);
}

bool AgentEpisode::ask(const nlohmann::json &messages, const nlohmann::json &extra, Reply onReply)
{
    if (m_calls >= m_setup.maxSteps) {
        halt(AgentTrace::Stop::Steps);
        return false;
    }
    ++m_calls;
    LlmRequest call;
    call.body = extra.is_object() ? extra : nlohmann::json::object();
    call.body["messages"] = messages;
    call.body["temperature"] = 0;
    call.body["max_tokens"] = m_setup.maxTokens;
    call.tag = m_setup.tag;
    auto self = shared_from_this();
    m_setup.client->send(std::move(call), [self, onReply = std::move(onReply)](const LlmResult &r) {
        if (self->m_ended || !*self->m_setup.alive)
            return;
        self->m_promptTokens += r.promptTokens;
        self->m_completionTokens += r.completionTokens;
        self->m_tokens += r.promptTokens + r.completionTokens;
        self->m_cost += r.cost;
        self->m_pendingPrompt = r.promptTokens;
        self->m_pendingCompletion = r.completionTokens;
        self->m_pendingLatency = double(r.latencyMs);
        if (!r.ok)
            return self->fail(r);
        onReply(r);
    });
    return true;
}

bool AgentEpisode::observe(const QString &tool, const nlohmann::json &arguments, AgentStep &s)
{
    const auto o = use(tool, arguments);
    if (!o)
        return false;
    s.observation = o->text;
    s.error = o->error;
    if (!o->finished)
        return true;
    record(std::move(s));
    finish(o->answer);
    return false;
}

std::optional<AgentTools::Observation> AgentEpisode::use(const QString &tool, const nlohmann::json &arguments)
{
    QElapsedTimer clock;
    clock.start();
    // "program" is PAL's: one SQL program whose result is the answer.
    auto o = tool == QLatin1String("program")
                 ? Result<AgentTools::Observation>(m_setup.tools->program(QString::fromStdString(arguments.value("query", std::string()))))
                 : m_setup.tools->call(tool, arguments);
    m_pendingLatency += double(clock.nsecsElapsed()) / 1e6;
    if (!o) {
        fail(QStringLiteral("the %1 tool failed: %2").arg(tool, o.error()), QStringLiteral("system"));
        return std::nullopt;
    }
    if (!o.value().error && (tool == QLatin1String("search") || tool == QLatin1String("lookup"))) {
        for (const QString &id : o.value().docIds)
            if (!m_contextIds.contains(id))
                m_contextIds << id;
        m_contextTexts << o.value().text;
    }
    return o.take();
}

void AgentEpisode::record(AgentStep step)
{
    step.promptTokens = m_pendingPrompt;
    step.completionTokens = m_pendingCompletion;
    step.latencyMs = m_pendingLatency;
    m_pendingPrompt = m_pendingCompletion = 0;
    m_pendingLatency = 0;
    m_trace.append(std::move(step));
}

bool AgentEpisode::overBudget()
{
    if (m_setup.budget <= 0 || m_tokens < m_setup.budget || m_ended)
        return false;
    halt(AgentTrace::Stop::Budget);
    return true;
}

void AgentEpisode::finish(const QString &answer)
{
    m_trace.setStop(AgentTrace::Stop::Finish);
    ReaderAnswer a;
    a.answer = answer.trimmed();
    end(a);
}

void AgentEpisode::finishWithReply(const LlmResult &r, int depth)
{
    AgentStep s;
    s.depth = depth;
    s.action = QStringLiteral("finish");
    s.arguments = {{"answer", r.content().trimmed().toStdString()}};
    s.observation = QStringLiteral("Finished (a reply without tool calls).");
    record(std::move(s));
    finish(r.content());
}

void AgentEpisode::halt(AgentTrace::Stop stop)
{
    m_trace.setStop(stop);
    ReaderAnswer a;
    a.halted = true;
    end(a);
}

void AgentEpisode::fail(const LlmResult &r)
{
    fail(QStringLiteral("%1: %2").arg(r.errorClass, r.error), r.errorClass, r.stopsWork);
}

void AgentEpisode::fail(const QString &error, const QString &errorClass, bool stopsRun)
{
    m_trace.setStop(AgentTrace::Stop::Error);
    ReaderAnswer a;
    a.halted = true;
    a.error = error;
    a.errorClass = errorClass;
    a.stopsRun = stopsRun;
    end(a);
}

void AgentEpisode::end(ReaderAnswer a)
{
    if (m_ended)
        return;
    m_ended = true;
    if (m_pendingPrompt || m_pendingCompletion) {
        // A call whose reply ended the item without a step of its own (a failure, a limit).
        AgentStep last;
        last.error = true;
        last.observation = a.error.isEmpty() ? QStringLiteral("(stopped: %1)").arg(AgentTrace::stopName(m_trace.stop())) : a.error;
        record(std::move(last));
    }
    a.trace = m_trace.toJson();
    a.hasOwnContext = true;
    a.contextIds = m_contextIds;
    a.contextText = m_contextTexts.join(QStringLiteral("\n\n"));
    a.promptTokens = m_promptTokens;
    a.completionTokens = m_completionTokens;
    a.cost = m_cost;
    m_done(a);
}

} // namespace assay
