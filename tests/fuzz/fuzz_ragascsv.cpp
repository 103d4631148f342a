// Fuzz target: a RAGAS-shaped dataset as CSV (contexts as JSON or Python list literals).
#include "fuzzinput.h"
#include "runs/ragasfile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString path = assay::fuzz::writeInput(data, size, QStringLiteral("ragas.csv"));
    auto items = assay::RagasFile::read(path);
    if (items)
        for (const auto &item : items.value())
            if (item.key.isEmpty())
                std::abort();
    return 0;
}
