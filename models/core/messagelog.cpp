#include "core/messagelog.h"

namespace assay {

namespace {
QtMessageHandler previousHandler = nullptr;

void handleMessage(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    MessageLog::instance().append({QDateTime::currentDateTime(), type,
                                   QString::fromLatin1(context.category ? context.category : "default"), message});
    if (previousHandler)
        previousHandler(type, context, message);
}
} // namespace

MessageLog &MessageLog::instance()
{
    static MessageLog log;
    return log;
}

void MessageLog::install()
{
    static bool installed = false;
    if (installed)
        return;
    installed = true;
    qRegisterMetaType<assay::LogEntry>();
    previousHandler = qInstallMessageHandler(handleMessage);
}

QVector<LogEntry> MessageLog::entries() const
{
    QMutexLocker lock(&m_mutex);
    return m_entries;
}

void MessageLog::append(const LogEntry &entry)
{
    {
        QMutexLocker lock(&m_mutex);
        if (m_entries.size() >= m_capacity)
            m_entries.remove(0, m_capacity / 10);
        m_entries.append(entry);
    }
    emit entryAdded(entry);
}

void MessageLog::clear()
{
    {
        QMutexLocker lock(&m_mutex);
        m_entries.clear();
    }
    emit cleared();
}

} // namespace assay
