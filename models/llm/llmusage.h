#pragma once
#include <QMap>
#include <QString>

namespace assay {

// Accumulated accounting of calls: counts, tokens, cost, latency, failures by class.
struct LlmUsage {
    qint64 requests = 0;
    qint64 cached = 0;
    qint64 failed = 0;
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    double cost = 0;
    qint64 latencyMs = 0;
    QMap<QString, qint64> failures;
    qint64 unreported = 0; // answered calls whose reply carried no token usage

    QString summary() const
    {
        return QStringLiteral("%1 calls (%2 cached, %3 failed), %4 + %5 tokens, $%6")
                   .arg(requests).arg(cached).arg(failed).arg(promptTokens).arg(completionTokens).arg(cost, 0, 'f', 4)
               + (unreported > 0 ? QStringLiteral(" (at least: %1 replies reported no token usage)").arg(unreported) : QString());
    }
};

} // namespace assay
