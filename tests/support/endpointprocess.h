#pragma once
// assay-test-endpoint as a separate process, so that a CLI's blocking work cannot stall it:
// started with `args`, its port read from its first line; ask("count") / ask("twice") send
// that line and return the number it prints back.
#include <QProcess>
#include <QStringList>

namespace assay::test {

class EndpointProcess {
public:
    EndpointProcess(const QString &program, const QStringList &args = {})
    {
        m_process.start(program, args);
        if (m_process.waitForReadyRead(10000))
            m_port = QString::fromLatin1(m_process.readLine()).section(QLatin1Char(' '), 1).trimmed().toInt();
    }
    ~EndpointProcess()
    {
        m_process.closeWriteChannel();
        if (!m_process.waitForFinished(5000))
            m_process.kill();
    }
    EndpointProcess(const EndpointProcess &) = delete;
    EndpointProcess &operator=(const EndpointProcess &) = delete;
    int port() const { return m_port; }
    int ask(const char *what)
    {
        m_process.write(QByteArray(what) + '\n');
        if (!m_process.waitForReadyRead(5000))
            return -1;
        return QString::fromLatin1(m_process.readLine()).section(QLatin1Char(' '), 1).trimmed().toInt();
    }
    int requests() { return ask("count"); }

private:
    QProcess m_process;
    int m_port = 0;
};

} // namespace assay::test
