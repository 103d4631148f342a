#include "commands/importknowledgecommand.h"

#include "project/project.h"
#include "schema/knowledgebase.h"

#include <QCoreApplication>

namespace assay {

ImportKnowledgeCommand::ImportKnowledgeCommand(Project *project, ImportedSchema schema, KnowledgeImporter::Options options)
    : KnowledgeCommand(project->service<KnowledgeBase>(),
                       QCoreApplication::translate("SchemaEditor", "Import %n table(s)", nullptr, int(schema.tables.size()))),
      m_project(project), m_schema(std::move(schema)), m_options(std::move(options))
{
}

void ImportKnowledgeCommand::redo()
{
    if (!m_haveBefore) {
        auto before = m_knowledge->snapshot();
        if (!check(before))
            return;
        m_before = before.take();
        m_haveBefore = true;
    }
    check(KnowledgeImporter::import(*m_project, m_schema, m_options));
}

void ImportKnowledgeCommand::undo()
{
    check(m_knowledge->restore(m_before));
}

} // namespace assay
