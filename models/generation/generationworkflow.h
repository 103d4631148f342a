#pragma once
// The generation steps the desktop app and `assay-cli generate` / `import grammar` share,
// each run as one unit of work (a background job in the GUI): SQL templates (rules or an
// LLM profile), text templates per form (offline verbalizer or an LLM profile, N per SQL
// template, criteria for new forms), the text queries (all or balanced) and GRAMMAR's JSON
// files. Each returns the one-line summary both front ends show.
#include "core/result.h"

#include <QMap>
#include <QStringList>

namespace assay {

class Job;
class Project;

class GenerationWorkflow {
public:
    struct SqlOptions {
        QString llmProfile;   // empty: enumerate by rules
        QString requirements; // LLM only: an extra criterion for the prompt
        double threshold = 0.95;
        // Generating again may remove the text queries of templates whose groups changed
        // (otherwise the step is refused with ErrorCode::WouldRemove, naming how many).
        bool replace = false;
    };
    struct TextOptions {
        QStringList forms{QStringLiteral("short"), QStringLiteral("long")};
        int perTemplate = 3;
        QString llmProfile;            // empty: the offline verbalizer
        QMap<QString, QString> criteria; // a new (or changed) form → its criteria
    };

    static Result<QString> generateSqlTemplates(Project &project, const SqlOptions &options, Job *job = nullptr);
    static Result<QString> generateTextTemplates(Project &project, const TextOptions &options, Job *job = nullptr);
    static Result<QString> buildQueries(Project &project, bool balanced, Job *job = nullptr);
    // forms: form name → GRAMMAR text-template file.
    static Result<QString> importGrammar(Project &project, const QString &sqlTemplatesPath, const QMap<QString, QString> &forms, Job *job = nullptr,
                                         double threshold = 0.95);
};

} // namespace assay
