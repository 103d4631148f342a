#pragma once
// The machine-readable description of a project that `assay-cli info --json` prints and the
// report embeds: schema version, knowledge tables and entity counts.
#include "core/result.h"

#include <QString>
#include <nlohmann/json.hpp>

namespace assay {

class Project;

class ProjectSummary {
public:
    static Result<nlohmann::json> toJson(const Project &project);
    static Result<QString> toText(const Project &project);
    // What the CLI prints: indented JSON (with a final newline) or the text form.
    static Result<QString> render(const Project &project, bool json);
};

} // namespace assay
