#include "readers/reader.h"

#include "readers/pipelinespec.h"
#include "readers/readerregistry.h"

namespace assay {

Result<std::unique_ptr<Reader>> Reader::create(const PipelineSpec &spec, LlmStore *store, const AgentTools *tools)
{
    const ReaderKind *kind = ReaderRegistry::instance().find(spec.readerKind());
    if (!kind || !kind->create)
        return Result<std::unique_ptr<Reader>>::failure(QStringLiteral("unknown reader '%1' (%2)").arg(spec.reader, ReaderRegistry::instance().synopses().join(QStringLiteral(", "))));
    return kind->create(spec, {store, tools});
}

} // namespace assay
