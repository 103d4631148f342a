#pragma once
// A benchmark's targets: each figure is printed beside its target, and the process exits 0
// only when every target is met (main returns exitCode()).
#include <QFile>

#include <cstdio>

namespace assay::bench {

// The process's peak resident memory (VmHWM) in MB, or -1 when /proc cannot tell.
inline long peakRssMb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLong() / 1024;
    return -1;
}

class BenchTargets {
public:
    // value must be at least `target` (throughput) ...
    void atLeast(const char *what, double value, double target) { check(what, value, target, value >= target, ">="); }
    // ... or at most `target` (time, memory, CPU).
    void atMost(const char *what, double value, double target) { check(what, value, target, value <= target, "<="); }
    // A precondition that is not a figure (the work itself failed).
    void require(const char *what, bool ok)
    {
        if (!ok) {
            std::printf("FAILED: %s\n", what);
            m_missed++;
        }
    }
    int missed() const { return m_missed; }
    int exitCode() const
    {
        std::printf("%s\n", m_missed == 0 ? "all targets met" : "targets missed: see the lines marked MISSED");
        std::fflush(stdout);
        return m_missed == 0 ? 0 : 1;
    }

private:
    void check(const char *what, double value, double target, bool ok, const char *op)
    {
        std::printf("  target %s: %.4g %s %.4g: %s\n", what, value, op, target, ok ? "met" : "MISSED");
        m_missed += !ok;
    }
    int m_missed = 0;
};

} // namespace assay::bench
