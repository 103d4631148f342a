#pragma once
// The bundled demo project, built fresh in a test's temporary folder.
#include "demo/demoproject.h"
#include "project/project.h"

#include <QTemporaryDir>

#include <memory>

namespace assay::test {

inline std::unique_ptr<Project> openDemoProject(const QTemporaryDir &dir, const QString &name = QStringLiteral("demo.assay"))
{
    const QString path = dir.filePath(name);
    if (!DemoProject::build(path).ok())
        return nullptr;
    auto project = Project::open(path);
    return project ? project.take() : nullptr;
}

} // namespace assay::test
