// Fuzz target: the CSV schema import (one CSV file in a folder, read as a table).
#include "fuzzinput.h"
#include "schema/csvschemareader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    assay::fuzz::writeInput(data, size, QStringLiteral("table.csv"));
    auto schema = assay::CsvSchemaReader::readFolder(assay::fuzz::inputFolder());
    if (schema)
        (void)schema.value().tables.size();
    return 0;
}
