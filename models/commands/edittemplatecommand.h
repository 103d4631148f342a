#pragma once
#include "commands/checkedcommand.h"

namespace assay {

class GenerationCuration;

// Edits the text of a SQL template (re-measured, its queries re-derived) or of a text
// template (its queries' texts follow); undo puts the old text back the same way.
class EditTemplateCommand : public CheckedCommand {
public:
    enum class Kind { Sql, Text };
    EditTemplateCommand(GenerationCuration *curation, Kind kind, qint64 id, QString text);
    void redo() override;
    void undo() override;

private:
    void apply(const QString &text);
    GenerationCuration *m_curation;
    Kind m_kind;
    qint64 m_id;
    QString m_old;
    QString m_new;
};

} // namespace assay
