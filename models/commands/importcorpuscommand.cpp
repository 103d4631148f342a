#include "commands/importcorpuscommand.h"

#include "project/project.h"
#include "retrieval/corpusimporter.h"
#include "retrieval/corpusstore.h"

#include <QCoreApplication>

namespace assay {

ImportCorpusCommand::ImportCorpusCommand(Project *project, QVector<CorpusDocument> documents, Chunker::Options chunking, bool alreadyImported)
    : CheckedCommand(QCoreApplication::translate("CorpusPage", "Import %n document(s)", nullptr, int(documents.size()))),
      m_project(project), m_documents(std::move(documents)), m_chunking(chunking), m_skipRedo(alreadyImported)
{
}

void ImportCorpusCommand::redo()
{
    if (m_skipRedo) {
        m_skipRedo = false;
        return;
    }
    check(CorpusImporter::import(*m_project, m_documents, m_chunking));
}

void ImportCorpusCommand::undo()
{
    QStringList ids;
    for (const CorpusDocument &d : std::as_const(m_documents))
        ids << d.id;
    check(CorpusStore(m_project->database()).removeDocuments(ids));
}

} // namespace assay
