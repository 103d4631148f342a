#include "readers/commandreader.h"

#include "llm/llmprofilestore.h"

#include <QSet>

namespace assay {

QProcessEnvironment CommandReader::childEnvironment(const QStringList &allowed)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    QSet<QString> secret{QStringLiteral("OPENAI_API_KEY")};
    for (const LlmProfile &p : LlmProfileStore::all())
        if (!p.keyEnv.isEmpty())
            secret.insert(p.keyEnv);
    for (const QString &name : env.keys())
        if (name.endsWith(QLatin1String("_API_KEY")))
            secret.insert(name);
    for (const QString &name : std::as_const(secret))
        if (!allowed.contains(name))
            env.remove(name);
    return env;
}

CommandReader::CommandReader(QString commandLine, int timeoutMs, QStringList allowedKeys)
    : m_commandLine(std::move(commandLine)), m_allowedKeys(std::move(allowedKeys)), m_timeoutMs(timeoutMs)
{
    m_clock.start();
    QObject::connect(&m_overdue, &QTimer::timeout, [this] { failOverdue(); });
    m_overdue.start(1000);
}

void CommandReader::failOverdue()
{
    const qint64 now = m_clock.elapsed();
    for (auto it = m_sentAt.begin(); it != m_sentAt.end();) {
        if (now - it.value() < m_timeoutMs || !m_waiting.contains(it.key())) {
            it = m_waiting.contains(it.key()) ? std::next(it) : m_sentAt.erase(it);
            continue;
        }
        const QString key = it.key();
        it = m_sentAt.erase(it);
        ReaderAnswer a;
        a.halted = true;
        a.error = QStringLiteral("'%1' gave no reply to request '%2' within %3 s").arg(m_commandLine, key).arg(m_timeoutMs / 1000);
        a.errorClass = QStringLiteral("timeout");
        m_waiting.take(key)(a);
    }
}

CommandReader::~CommandReader()
{
    m_waiting.clear();
    abort();
}

bool CommandReader::ensureStarted(QString *error)
{
    if (m_process && m_process->state() != QProcess::NotRunning)
        return true;
    const QStringList parts = QProcess::splitCommand(m_commandLine);
    if (parts.isEmpty()) {
        *error = QStringLiteral("the command is empty");
        return false;
    }
    delete m_process;
    m_process = new QProcess;
    m_buffer.clear();
    m_stderr.clear();
    m_line = 0;
    QObject::connect(m_process, &QProcess::readyReadStandardOutput, m_process, [this] { readLines(); });
    QObject::connect(m_process, &QProcess::readyReadStandardError, m_process, [this] {
        m_stderr = (m_stderr + m_process->readAllStandardError()).right(2000);
    });
    QObject::connect(m_process, &QProcess::finished, m_process, [this](int code, QProcess::ExitStatus status) {
        readLines();
        failAll(QStringLiteral("'%1' %2 with %3 request(s) unanswered%4")
                    .arg(m_commandLine, status == QProcess::CrashExit ? QStringLiteral("crashed") : QStringLiteral("exited with code %1").arg(code))
                    .arg(m_waiting.size())
                    .arg(m_stderr.trimmed().isEmpty() ? QString() : QStringLiteral(": ") + QString::fromUtf8(m_stderr.trimmed().right(300))));
    });
    m_process->setProcessEnvironment(childEnvironment(m_allowedKeys));
    m_process->start(parts.first(), parts.mid(1));
    if (!m_process->waitForStarted(10000)) {
        *error = QStringLiteral("cannot start '%1': %2").arg(m_commandLine, m_process->errorString());
        return false;
    }
    return true;
}

void CommandReader::answer(const ReaderRequest &request, Done done)
{
    QString error;
    if (!ensureStarted(&error)) {
        ReaderAnswer a;
        a.error = error;
        a.halted = true;
        done(a);
        return;
    }
    m_waiting.insert(request.itemKey, std::move(done));
    m_sentAt.insert(request.itemKey, m_clock.elapsed());
    const nlohmann::json line = ExternalReply::fill(ExternalReply::defaultTemplate(), request);
    m_process->write(QByteArray::fromStdString(line.dump()) + '\n');
}

void CommandReader::readLines()
{
    if (!m_process)
        return;
    m_buffer += m_process->readAllStandardOutput();
    static const ExternalReply::Pointers pointers{QStringLiteral("/answer"), QStringLiteral("/context_ids"), QStringLiteral("/context"),
                                                  QStringLiteral("/trace"), QStringLiteral("/halted"), QStringLiteral("/error")};
    for (int nl = m_buffer.indexOf('\n'); nl >= 0; nl = m_buffer.indexOf('\n')) {
        const QByteArray line = m_buffer.left(nl).trimmed();
        m_buffer.remove(0, nl + 1);
        ++m_line;
        if (line.isEmpty())
            continue;
        const auto json = nlohmann::json::parse(line.toStdString(), nullptr, false);
        const QString id = json.is_object() && json.contains("id") ? QString::fromStdString(json["id"].is_string() ? json["id"].get<std::string>() : json["id"].dump()) : QString();
        if (!m_waiting.contains(id)) {
            // A reply that names no request we sent cannot be placed: it fails the oldest one.
            if (m_waiting.isEmpty())
                continue;
            const QString key = m_waiting.begin().key();
            ReaderAnswer a;
            a.halted = true;
            a.error = QStringLiteral("'%1' stdout line %2: %3").arg(m_commandLine).arg(m_line)
                          .arg(json.is_discarded() ? QStringLiteral("not JSON: ") + QString::fromUtf8(line.left(120)) : QStringLiteral("no pending request with id '%1'").arg(id));
            a.errorClass = json.is_discarded() ? QStringLiteral("invalid_json") : QStringLiteral("system");
            m_waiting.take(key)(a);
            continue;
        }
        m_waiting.take(id)(ExternalReply::read(json, pointers));
    }
}

void CommandReader::failAll(const QString &error)
{
    const auto waiting = std::exchange(m_waiting, {});
    for (const Done &done : waiting) {
        ReaderAnswer a;
        a.error = error;
        a.halted = true;
        done(a);
    }
}

void CommandReader::abort()
{
    if (!m_process)
        return;
    m_process->disconnect();
    m_process->closeWriteChannel();
    if (!m_process->waitForFinished(2000)) {
        m_process->kill();
        m_process->waitForFinished(2000);
    }
    delete m_process;
    m_process = nullptr;
    m_waiting.clear();
}

} // namespace assay
