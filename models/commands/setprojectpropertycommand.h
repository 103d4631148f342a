#pragma once
#include <QString>
#include <QUndoCommand>

namespace assay {

class Project;

// Changes one project property (name, description, ...); undo restores the previous value.
class SetProjectPropertyCommand : public QUndoCommand {
public:
    SetProjectPropertyCommand(Project *project, QString key, QString value, QUndoCommand *parent = nullptr);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    Project *m_project;
    QString m_key;
    QString m_oldValue;
    QString m_newValue;
};

} // namespace assay
