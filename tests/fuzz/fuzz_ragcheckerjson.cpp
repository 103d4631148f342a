// Fuzz target: RAGChecker's input or checking output JSON, read with its claims and checks.
#include "fuzzinput.h"
#include "claims/claimmetrics.h"
#include "claims/ragcheckerfile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString path = assay::fuzz::writeInput(data, size, QStringLiteral("checking.json"));
    auto file = assay::RagCheckerFile::readFile(path);
    if (!file)
        return 0;
    for (const auto &item : file.value().items) {
        // What the reader accepts fits its counts, and the metrics read it without a fault.
        if (item.hasChecks && !item.checks.shapeProblem().isEmpty())
            std::abort();
        const auto values = assay::ClaimMetrics::item(item.checks);
        for (double v : values)
            if (v < 0 || v > 1) // NaN (unknown) compares false both ways
                std::abort();
    }
    // What it writes reads back to the same number of items.
    auto back = assay::RagCheckerFile::read(assay::RagCheckerFile::write(file.value().items), QStringLiteral("written"));
    if (!back || back.value().items.size() != file.value().items.size())
        std::abort();
    return 0;
}
