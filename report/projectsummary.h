#pragma once
// The machine-readable description of a project that `assay-cli info --json` prints and the
// report embeds: schema version, knowledge tables and entity counts; and the getting-started
// checklist of `assay-cli info`.
#include "core/result.h"

#include <QMap>
#include <QString>
#include <nlohmann/json.hpp>

namespace assay {

class Project;

class ProjectSummary {
public:
    // What the project holds, by kind (Project::counts), with "semantic_groups": the groups runs
    // ask about (GenerationReadStore::groupCount), the figure the Overview page and the report
    // give too.
    static Result<QMap<QString, qint64>> counts(const Project &project);
    static Result<nlohmann::json> toJson(const Project &project);
    static Result<QString> toText(const Project &project);
    // What the CLI prints: indented JSON (with a final newline) or the text form.
    static Result<QString> render(const Project &project, bool json);
    // The getting-started checklist (ProjectProgress), as the Overview page shows it: JSON
    // [{"step", "title", "state", "detail", "action"}] or text lines.
    static Result<nlohmann::json> stepsJson(Project &project);
    static Result<QString> stepsText(Project &project);
};

} // namespace assay
