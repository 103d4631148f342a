#pragma once
// Base of undo commands whose domain call can refuse: a failed redo marks the command
// obsolete so QUndoStack drops it, and keeps the reason for the view.
#include <QString>
#include <QUndoCommand>

namespace assay {

class CheckedCommand : public QUndoCommand {
public:
    explicit CheckedCommand(const QString &text, QUndoCommand *parent = nullptr) : QUndoCommand(text, parent) {}
    QString error() const { return m_error; }
    // QUndoStack deletes a refused command during push(); the reason is copied here first.
    void reportErrorsTo(QString *sink) { m_sink = sink; }

protected:
    template <typename R>
    bool check(const R &result)
    {
        if (result.ok())
            return true;
        m_error = result.error();
        if (m_sink)
            *m_sink = m_error;
        qWarning("%s: %s", qPrintable(text()), qPrintable(m_error));
        setObsolete(true);
        return false;
    }
    QString m_error;
    QString *m_sink = nullptr;
};

} // namespace assay
