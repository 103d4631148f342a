#pragma once
// reader=command — an external RAG system as a long-lived process: one JSON request per
// line on its stdin ({"id", "query", "contexts": [{"id", "text"}]}), one JSON reply per line
// on its stdout ({"id", "answer", optional "context_ids", "context", "trace", "halted",
// "error"}), matched by id so the process may answer out of order. If it exits, the
// requests it still owed fail with its exit code and the end of its stderr.
// The process gets no API key: every LLM profile's key variable, OPENAI_API_KEY and any
// *_API_KEY variable are removed from its environment unless `env=VAR;VAR` names them
// (docs/llm-faults.md, "Secrets").
#include "readers/externalreply.h"

#include <QElapsedTimer>
#include <QHash>
#include <QProcess>
#include <QTimer>

namespace assay {

class CommandReader : public Reader {
public:
    explicit CommandReader(QString commandLine, int timeoutMs = 120000, QStringList allowedKeys = {});
    // The environment the program starts with: this process's, without key variables not in `allowed`.
    static QProcessEnvironment childEnvironment(const QStringList &allowed);
    ~CommandReader() override;
    void answer(const ReaderRequest &request, Done done) override;
    int concurrency() const override { return 16; }
    void abort() override;

private:
    bool ensureStarted(QString *error);
    void readLines();
    void failAll(const QString &error);

    QString m_commandLine;
    QStringList m_allowedKeys;
    QProcess *m_process = nullptr;
    void failOverdue();
    QHash<QString, Done> m_waiting;
    QHash<QString, qint64> m_sentAt; // ms on m_clock
    QElapsedTimer m_clock;
    QTimer m_overdue;
    int m_timeoutMs;
    QByteArray m_buffer;
    QByteArray m_stderr;
    qint64 m_line = 0;
};

} // namespace assay
