// Fuzz target: a corpus JSONL (one document per line) and a GRAMMAR documents file.
#include "fuzzinput.h"
#include "retrieval/corpusimporter.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString path = assay::fuzz::writeInput(data, size, QStringLiteral("corpus.jsonl"));
    auto jsonl = assay::CorpusImporter::read(path, assay::CorpusImporter::Format::Jsonl);
    auto grammar = assay::CorpusImporter::read(path, assay::CorpusImporter::Format::Grammar);
    (void)jsonl.ok();
    (void)grammar.ok();
    return 0;
}
