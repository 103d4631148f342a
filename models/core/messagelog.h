#pragma once
// Collects Qt log messages (qInfo, qWarning, ... from any thread) so the GUI's log dock can
// show them; it chains to the previous handler so stderr output stays as it was.
#include "core/logentry.h"

#include <QMutex>
#include <QObject>
#include <QVector>

namespace assay {

class MessageLog : public QObject {
    Q_OBJECT
public:
    static MessageLog &instance();
    // Installs the Qt message handler once; later calls do nothing.
    static void install();

    QVector<LogEntry> entries() const;
    void append(const LogEntry &entry);
    void clear();
    int capacity() const { return m_capacity; }

signals:
    void entryAdded(const assay::LogEntry &entry);
    void cleared();

private:
    MessageLog() = default;
    mutable QMutex m_mutex;
    QVector<LogEntry> m_entries;
    int m_capacity = 5000;
};

} // namespace assay

Q_DECLARE_METATYPE(assay::LogEntry)
