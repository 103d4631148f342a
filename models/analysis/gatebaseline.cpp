#include "analysis/gatebaseline.h"

#include "project/project.h"
#include "runs/runstore.h"
#include "runs/testsetstore.h"

namespace assay {

Result<QString> GateBaseline::ofRun(Project &project, const QString &run)
{
    using R = Result<QString>;
    const RunStore &runs = *project.service<RunStore>();
    auto id = runs.idOf(run);
    if (!id)
        return R::failure(id);
    auto marked = project.service<TestSetStore>()->baselineFor(id.value());
    if (!marked)
        return R::failure(marked);
    if (!marked.value())
        return QString();
    auto header = runs.header(*marked.value());
    if (!header)
        return R::failure(header);
    return header.value().name;
}

Result<QString> GateBaseline::ofVersion(Project &project, const QString &testset)
{
    auto version = project.service<TestSetStore>()->info(testset);
    if (!version)
        return Result<QString>::failure(version);
    return version.value().baseline;
}

} // namespace assay
