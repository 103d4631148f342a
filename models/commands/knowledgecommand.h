#pragma once
// Base of the schema editor's undo commands: a failed redo (the domain refused the edit)
// marks the command obsolete so QUndoStack drops it, and keeps the reason for the view.
#include <QString>
#include <QUndoCommand>

namespace assay {

class KnowledgeBase;

class KnowledgeCommand : public QUndoCommand {
public:
    KnowledgeCommand(KnowledgeBase *knowledge, const QString &text, QUndoCommand *parent = nullptr)
        : QUndoCommand(text, parent), m_knowledge(knowledge)
    {
    }
    QString error() const { return m_error; }

protected:
    template <typename R>
    bool check(const R &result)
    {
        if (result.ok())
            return true;
        m_error = result.error();
        qWarning("%s: %s", qPrintable(text()), qPrintable(m_error));
        setObsolete(true);
        return false;
    }
    KnowledgeBase *m_knowledge;
    QString m_error;
};

} // namespace assay
