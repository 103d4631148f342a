#pragma once
#include "commands/checkedcommand.h"
#include "retrieval/chunker.h"
#include "retrieval/corpusdocument.h"

#include <QVector>

namespace assay {

class Project;

// Documents brought into the corpus. The import itself runs as a background job; the command
// is pushed once it has succeeded (its first redo does nothing), so undo removes exactly
// those documents and redo imports them again with the same chunking.
class ImportCorpusCommand : public CheckedCommand {
public:
    ImportCorpusCommand(Project *project, QVector<CorpusDocument> documents, Chunker::Options chunking, bool alreadyImported);
    void redo() override;
    void undo() override;

private:
    Project *m_project;
    QVector<CorpusDocument> m_documents;
    Chunker::Options m_chunking;
    bool m_skipRedo;
};

} // namespace assay
