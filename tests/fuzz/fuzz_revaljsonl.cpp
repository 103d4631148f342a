// Fuzz target: R-Eval's JSONL logs imported as a run.
#include "fuzzinput.h"
#include "runs/resultsimporter.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString path = assay::fuzz::writeInput(data, size, QStringLiteral("reval.jsonl"));
    auto records = assay::ResultsImporter::check(assay::ResultsImporter::Format::Reval, path);
    if (records && records.value() < 0)
        std::abort();
    return 0;
}
