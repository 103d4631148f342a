// Fuzz target: GRAMMAR's JSON files (SQL templates and text templates) and its results JSON.
#include "fuzzinput.h"
#include "generation/grammarjson.h"
#include "runs/resultsimporter.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString path = assay::fuzz::writeInput(data, size, QStringLiteral("grammar.json"));
    auto sql = assay::GrammarJson::readSqlTemplates(path);
    auto text = assay::GrammarJson::readTextTemplates(path);
    auto results = assay::ResultsImporter::check(assay::ResultsImporter::Format::Grammar, path);
    (void)sql.ok();
    (void)text.ok();
    (void)results.ok();
    return 0;
}
