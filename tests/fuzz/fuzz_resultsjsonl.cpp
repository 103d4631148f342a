// Fuzz target: Assay's generic results JSONL imported as a run.
#include "fuzzinput.h"
#include "runs/resultsimporter.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString path = assay::fuzz::writeInput(data, size, QStringLiteral("results.jsonl"));
    auto records = assay::ResultsImporter::check(assay::ResultsImporter::Format::Jsonl, path);
    if (records && records.value() < 0)
        std::abort();
    return 0;
}
