#include "runs/reader.h"

#include "agents/agentreader.h"
#include "generation/promptlibrary.h"
#include "io/filereader.h"
#include "llm/llmprofilestore.h"
#include "runs/commandreader.h"
#include "runs/httpreader.h"
#include "runs/llmreader.h"
#include "runs/pipelinespec.h"

namespace assay {

namespace {

// reader=none: retrieval only; the answer is left empty and judged from the context.
class NoReader : public Reader {
public:
    void answer(const ReaderRequest &, Done done) override { done(ReaderAnswer{}); }
    bool answersAtOnce() const override { return true; }
};

} // namespace

Result<std::unique_ptr<Reader>> Reader::create(const PipelineSpec &spec, LlmStore *store, const AgentTools *tools)
{
    using R = Result<std::unique_ptr<Reader>>;
    if (spec.reader == QLatin1String("none"))
        return R(std::make_unique<NoReader>());
    if (spec.usesAgent()) {
        if (!tools)
            return R::failure(QStringLiteral("reader %1 needs the project's agent tools").arg(spec.reader));
        auto profile = LlmProfileStore::find(spec.readerProfile());
        if (!profile)
            return R::failure(profile.error());
        // The pipeline's prompt= names the template; by default each workflow has its own.
        const QString name = spec.prompt == PipelineSpec().prompt ? AgentReader::defaultPrompt(spec.workflow()) : spec.prompt;
        auto prompt = PromptLibrary::load(name);
        if (!prompt)
            return R::failure(QStringLiteral("%1 prompt '%2': %3").arg(spec.workflow(), name, prompt.error()));
        return R(std::make_unique<AgentReader>(spec.workflow(), profile.value(), prompt.value(), store, spec.text(), tools, spec.steps, spec.budget,
                                               spec.width));
    }
    if (spec.usesLlmReader()) {
        auto profile = LlmProfileStore::find(spec.readerProfile());
        if (!profile)
            return R::failure(profile.error());
        auto prompt = PromptLibrary::load(spec.prompt);
        if (!prompt)
            return R::failure(QStringLiteral("reader prompt '%1': %2").arg(spec.prompt, prompt.error()));
        return R(std::make_unique<LlmReader>(profile.value(), prompt.value(), store, spec.text()));
    }
    if (spec.reader == QLatin1String("http")) {
        nlohmann::json request = ExternalReply::defaultTemplate();
        if (!spec.requestTemplate.isEmpty()) {
            auto bytes = FileReader::readAll(spec.requestTemplate);
            if (!bytes)
                return R::failure(bytes.error());
            request = nlohmann::json::parse(bytes.value().toStdString(), nullptr, false);
            if (request.is_discarded())
                return R::failure(QStringLiteral("%1: the request template is not valid JSON").arg(spec.requestTemplate));
        }
        ExternalReply::Pointers pointers;
        pointers.answer = spec.answerPointer;
        pointers.ids = spec.idsPointer;
        pointers.context = spec.contextPointer;
        return R(std::make_unique<HttpReader>(QUrl(spec.url), request, pointers));
    }
    if (spec.reader == QLatin1String("command"))
        return R(std::make_unique<CommandReader>(spec.command));
    return R::failure(QStringLiteral("unknown reader '%1'").arg(spec.reader));
}

} // namespace assay
