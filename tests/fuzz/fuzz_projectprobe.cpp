// Fuzz target: the probe that inspects a file before it is opened as a project.
#include "fuzzinput.h"
#include "project/project.h"
#include "project/projectfileprobe.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString path = assay::fuzz::writeInput(data, size, QStringLiteral("probe.assay"));
    auto info = assay::ProjectFileProbe::inspect(path, assay::Project::latestSchemaVersion());
    (void)info.ok();
    return 0;
}
