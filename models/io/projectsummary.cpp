#include "io/projectsummary.h"

#include "project/project.h"

#include <QString>

namespace assay {

nlohmann::json ProjectSummary::toJson(const Project &project)
{
    nlohmann::json j;
    j["path"] = project.path().toStdString();
    j["name"] = project.name().toStdString();
    j["schema_version"] = project.schemaVersion();
    j["created_with"] = project.property(QStringLiteral("created_with")).toStdString();
    j["tables"] = nlohmann::json::array();
    nlohmann::json counts = nlohmann::json::object();
    const auto c = project.counts();
    for (auto it = c.begin(); it != c.end(); ++it)
        counts[it.key().toStdString()] = it.value();
    j["counts"] = counts;
    return j;
}

QString ProjectSummary::toText(const Project &project)
{
    QString out;
    out += QStringLiteral("Project:        %1\n").arg(project.name());
    out += QStringLiteral("File:           %1\n").arg(project.path());
    out += QStringLiteral("Schema version: %1\n").arg(project.schemaVersion());
    const auto c = project.counts();
    for (auto it = c.begin(); it != c.end(); ++it)
        out += QStringLiteral("%1 %2\n").arg(it.key() + QLatin1Char(':'), -16).arg(it.value());
    return out;
}

} // namespace assay
