#include "readers/readerregistry.h"

#include "generation/promptlibrary.h"
#include "io/filereader.h"
#include "llm/llmprofilestore.h"
#include "readers/agentreader.h"
#include "readers/dfsdtepisode.h"
#include "readers/functioncallepisode.h"
#include "readers/palepisode.h"
#include "readers/reactepisode.h"
#include "readers/commandreader.h"
#include "readers/externalreply.h"
#include "readers/extractivereader.h"
#include "readers/httpreader.h"
#include "readers/llmreader.h"
#include "readers/noreader.h"
#include "readers/pipelinespec.h"

#include <QSet>
#include <QUrl>

#include <nlohmann/json.hpp>

namespace assay {

namespace {

using ReaderMade = Result<std::unique_ptr<Reader>>;

ReaderKind noneKind()
{
    ReaderKind k;
    k.name = QStringLiteral("none");
    k.label = QStringLiteral("Retrieval only");
    k.chartLabel = k.label;
    k.description = QStringLiteral("no reader: the run is judged on its retrieved context");
    k.answers = false;
    k.create = [](const PipelineSpec &, const ReaderKind::Services &) { return ReaderMade(std::make_unique<NoReader>()); };
    return k;
}

ReaderKind extractiveKind()
{
    ReaderKind k;
    k.name = QStringLiteral("extractive");
    k.label = QStringLiteral("Extractive (offline)");
    k.chartLabel = QStringLiteral("Extractive");
    k.description = QStringLiteral("no LLM: answers with the retrieved sentence that holds the most of the question's words");
    k.inLauncher = true;
    k.create = [](const PipelineSpec &, const ReaderKind::Services &) { return ReaderMade(std::make_unique<ExtractiveReader>()); };
    return k;
}

ReaderKind llmReaderKind()
{
    ReaderKind k;
    k.name = QStringLiteral("llm");
    k.label = QStringLiteral("Plain (retrieve, then answer)");
    k.chartLabel = QStringLiteral("LLM reader");
    k.description = QStringLiteral("an LLM profile answers from the retrieved contexts (prompt template: prompt=, worked examples: icl=)");
    k.argument = ReaderKind::Argument::Profile;
    k.promptsLlm = true;
    k.inLauncher = true;
    k.checkedByDefault = true;
    k.options = {{QStringLiteral("prompt"), QStringLiteral("prompt template name (reader)")}, {QStringLiteral("icl"), QStringLiteral("worked examples in the prompt (0)")}};
    k.create = [](const PipelineSpec &spec, const ReaderKind::Services &services) {
        auto profile = LlmProfileStore::find(spec.readerProfile());
        if (!profile)
            return ReaderMade::failure(profile.error());
        auto prompt = PromptLibrary::load(spec.prompt);
        if (!prompt)
            return ReaderMade::failure(QStringLiteral("reader prompt '%1': %2").arg(spec.prompt, prompt.error()));
        return ReaderMade(std::make_unique<LlmReader>(profile.value(), prompt.value(), services.store, spec.text()));
    };
    return k;
}

template <class Episode>
AgentReader::EpisodeFactory episodeOf()
{
    return [](const AgentSetup &setup, const ReaderRequest &request, Reader::Done done) {
        return std::static_pointer_cast<AgentEpisode>(std::make_shared<Episode>(setup, request, std::move(done)));
    };
}

ReaderKind workflowKind(const QString &name, const QString &label, const QString &chartLabel, const QString &description,
                        AgentReader::EpisodeFactory episode, bool tracesHaveDepth = false)
{
    ReaderKind k;
    k.name = name;
    k.label = label;
    k.chartLabel = chartLabel;
    k.description = description;
    k.argument = ReaderKind::Argument::Profile;
    k.agentic = true;
    k.promptsLlm = true;
    k.inLauncher = true;
    k.tracesHaveDepth = tracesHaveDepth;
    k.options = {{QStringLiteral("prompt"), QStringLiteral("prompt template name (the workflow's own)")},
                 {QStringLiteral("icl"), QStringLiteral("worked examples in the prompt (0)")},
                 {QStringLiteral("steps"), QStringLiteral("LLM calls per item; DFSDT: nodes (10)")},
                 {QStringLiteral("budget"), QStringLiteral("tokens per item, 0: no limit (0)")}};
    if (tracesHaveDepth) // a search tree: how many alternatives each node tries
        k.options.append({QStringLiteral("width"), QStringLiteral("alternatives tried per node (2)")});
    k.create = [episode](const PipelineSpec &spec, const ReaderKind::Services &services) {
        if (!services.tools)
            return ReaderMade::failure(QStringLiteral("reader %1 needs the project's agent tools").arg(spec.reader));
        auto profile = LlmProfileStore::find(spec.readerProfile());
        if (!profile)
            return ReaderMade::failure(profile.error());
        // The pipeline's prompt= names the template; by default each workflow has its own.
        const QString name = spec.prompt == PipelineSpec().prompt ? AgentReader::defaultPrompt(spec.workflow()) : spec.prompt;
        auto prompt = PromptLibrary::load(name);
        if (!prompt)
            return ReaderMade::failure(QStringLiteral("%1 prompt '%2': %3").arg(spec.workflow(), name, prompt.error()));
        return ReaderMade(std::make_unique<AgentReader>(spec.workflow(), episode, profile.value(), prompt.value(), services.store, spec.text(),
                                                        services.tools, spec.steps, spec.budget, spec.width));
    };
    return k;
}

ReaderKind httpKind()
{
    ReaderKind k;
    k.name = QStringLiteral("http");
    k.label = QStringLiteral("HTTP system");
    k.chartLabel = k.label;
    k.description = QStringLiteral("an external RAG system answering POST requests (url=, request=, answer=, ids=, context=)");
    k.options = {{QStringLiteral("url"), QStringLiteral("the system's address (required)")},
                 {QStringLiteral("request"), QStringLiteral("JSON template with {{query}}, {{id}}, {{contexts}}")},
                 {QStringLiteral("answer"), QStringLiteral("JSON pointer to the answer (/answer)")},
                 {QStringLiteral("ids"), QStringLiteral("JSON pointer to the context's document ids")},
                 {QStringLiteral("context"), QStringLiteral("JSON pointer to the context's text")}};
    k.check = [](const PipelineSpec &spec) {
        return spec.url.startsWith(QLatin1String("http")) ? Status() : Status::failure(QStringLiteral("reader http needs url=http://…"));
    };
    k.create = [](const PipelineSpec &spec, const ReaderKind::Services &) {
        nlohmann::json request = ExternalReply::defaultTemplate();
        if (!spec.requestTemplate.isEmpty()) {
            auto bytes = FileReader::readAll(spec.requestTemplate);
            if (!bytes)
                return ReaderMade::failure(bytes.error());
            request = nlohmann::json::parse(bytes.value().toStdString(), nullptr, false);
            if (request.is_discarded())
                return ReaderMade::failure(QStringLiteral("%1: the request template is not valid JSON").arg(spec.requestTemplate));
        }
        ExternalReply::Pointers pointers;
        pointers.answer = spec.answerPointer;
        pointers.ids = spec.idsPointer;
        pointers.context = spec.contextPointer;
        return ReaderMade(std::make_unique<HttpReader>(QUrl(spec.url), request, pointers));
    };
    return k;
}

ReaderKind commandKind()
{
    ReaderKind k;
    k.name = QStringLiteral("command");
    k.label = QStringLiteral("Command");
    k.chartLabel = QStringLiteral("External command");
    k.description = QStringLiteral("an external program reading JSON lines on stdin and answering on stdout (cmd=PROGRAM [ARGS])");
    k.options = {{QStringLiteral("cmd"), QStringLiteral("the program and its arguments (required)")},
                 {QStringLiteral("env"), QStringLiteral("API-key variables the program may see, separated by ';' (none: every LLM profile's key variable is withheld)")}};
    k.check = [](const PipelineSpec &spec) {
        return spec.command.isEmpty() ? Status::failure(QStringLiteral("reader command needs cmd=PROGRAM [ARGS]")) : Status();
    };
    k.create = [](const PipelineSpec &spec, const ReaderKind::Services &) {
        return ReaderMade(std::make_unique<CommandReader>(spec.command, 120000, spec.options.value(QStringLiteral("env")).split(QLatin1Char(';'), Qt::SkipEmptyParts)));
    };
    return k;
}

} // namespace

QString ReaderKind::synopsis() const
{
    return argument == Argument::Profile ? name + QStringLiteral(":PROFILE") : name;
}

ReaderRegistry::ReaderRegistry()
{
    add(noneKind());
    add(extractiveKind());
    add(llmReaderKind());
    add(workflowKind(QStringLiteral("react"), QStringLiteral("ReAct"), QStringLiteral("ReAct"),
                     QStringLiteral("Thought / Action / Observation in text: Search, Lookup, List_tables, Describe, Sql, Finish"), episodeOf<ReactEpisode>()));
    add(workflowKind(QStringLiteral("fc"), QStringLiteral("Function calling"), QStringLiteral("Function calling"),
                     QStringLiteral("the same tools as OpenAI function calls (tools and tool_calls)"), episodeOf<FunctionCallEpisode>()));
    add(workflowKind(QStringLiteral("dfsdt"), QStringLiteral("DFSDT"), QStringLiteral("DFSDT"),
                     QStringLiteral("depth-first search over tool-call chains: a branch the model gives up is abandoned and another action is tried "
                                    "from the step before"),
                     episodeOf<DfsdtEpisode>(), true));
    add(workflowKind(QStringLiteral("pal"), QStringLiteral("PAL (SQL program)"), QStringLiteral("PAL"),
                     QStringLiteral("the model writes one read-only SQL program over the knowledge base; its result is the answer"), episodeOf<PalEpisode>()));
    add(httpKind());
    add(commandKind());
}

ReaderRegistry &ReaderRegistry::instance()
{
    static ReaderRegistry registry;
    return registry;
}

QStringList ReaderRegistry::workflows() const
{
    QStringList out;
    for (const ReaderKind *k : kinds())
        if (k->agentic)
            out << k->name;
    return out;
}

QStringList ReaderRegistry::synopses() const
{
    QStringList out;
    for (const ReaderKind *k : kinds())
        out << k->synopsis();
    return out;
}

bool ReaderRegistry::tracesHaveDepth(const QString &workflow) const
{
    const ReaderKind *kind = find(workflow);
    return kind && kind->tracesHaveDepth;
}

QStringList ReaderRegistry::optionKeys() const
{
    QStringList out;
    QSet<QString> seen;
    for (const ReaderKind *k : kinds())
        for (const auto &[key, what] : k->options)
            if (!seen.contains(key)) {
                seen.insert(key);
                out << key;
            }
    return out;
}

} // namespace assay
