#pragma once
#include "commands/knowledgecommand.h"
#include "schema/importedschema.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgeimporter.h"

namespace assay {

class Project;

// Imports a schema (from SQLite, CSV or SQL) into the project; undo puts the knowledge back
// exactly as it was before, including a previously linked database.
class ImportKnowledgeCommand : public KnowledgeCommand {
public:
    ImportKnowledgeCommand(Project *project, ImportedSchema schema, KnowledgeImporter::Options options);
    void redo() override;
    void undo() override;

private:
    Project *m_project;
    ImportedSchema m_schema;
    KnowledgeImporter::Options m_options;
    KnowledgeBase::Snapshot m_before;
    bool m_haveBefore = false;
};

} // namespace assay
