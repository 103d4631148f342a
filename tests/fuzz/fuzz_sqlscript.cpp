// Fuzz target: the SQL script import (CREATE TABLE / INSERT statements read into a schema).
#include "schema/sqlscriptreader.h"

#include <QByteArray>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray script(reinterpret_cast<const char *>(data), qsizetype(size));
    auto schema = assay::SqlScriptReader::read(script, QStringLiteral("fuzz.sql"));
    if (schema)
        (void)schema.value().tables.size();
    return 0;
}
