// Fuzz target: a GaRAGe benchmark JSONL, and the same bytes as its responses file.
#include "analysis/garagedata.h"
#include "fuzzinput.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString path = assay::fuzz::writeInput(data, size, QStringLiteral("garage.jsonl"));
    auto questions = assay::GarageData::readBenchmark(path);
    if (questions) {
        auto paired = assay::GarageData::pair(questions.value(), path);
        (void)paired.ok();
    }
    return 0;
}
