#pragma once
// A benchmark's targets: each figure is printed beside its target, and the process exits 0
// only when every target is met (main returns exitCode()).
#include <QElapsedTimer>
#include <QFile>

#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>

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

// The time of a fixed piece of work (sorting and hashing a seeded million numbers), best of
// three: the same-run baseline of figures that have no natural one. Absolute timings on a shared
// machine drift by 20–40% from one hour to the next; a figure divided by this one drifts far
// less, so packaging/bench.sh compares such ratios (docs/ARCHITECTURE.md, "Tests and benchmarks").
inline double calibrationSeconds()
{
    double best = 1e9;
    for (int round = 0; round < 3; ++round) {
        QElapsedTimer clock;
        clock.start();
        std::mt19937_64 random(42);
        std::vector<quint64> numbers(1 << 20);
        for (quint64 &n : numbers)
            n = random();
        std::sort(numbers.begin(), numbers.end());
        quint64 hash = 1469598103934665603ULL;
        for (quint64 n : numbers)
            hash = (hash ^ (n >> 7)) * 1099511628211ULL;
        volatile quint64 sink = hash; // keeps the work
        (void)sink;
        best = std::min(best, clock.nsecsElapsed() / 1e9);
    }
    return best;
}

class BenchTargets {
public:
    // value must be at least `target` (throughput) ...
    void atLeast(const char *what, double value, double target) { check(what, value, target, value >= target, ">="); }
    // ... or at most `target` (time, memory, CPU).
    void atMost(const char *what, double value, double target) { check(what, value, target, value <= target, "<="); }
    // The same-run baseline of the figure `what` (the name its atLeast/atMost line gives), in the
    // figure's own units and direction: seconds beside a time, a throughput beside a throughput
    // (pass 1 / calibrationSeconds() beside a throughput with no natural baseline). Printed as
    // "  reference WHAT: VALUE (NAME)"; packaging/bench.sh pairs it with the target line and
    // compares figure / reference with tests/bench/figures.json.
    void reference(const char *what, double value, const char *name) { std::printf("  reference %s: %.6g (%s)\n", what, value, name); }
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
        std::printf("  target %s: %.6g %s %.4g: %s\n", what, value, op, target, ok ? "met" : "MISSED");
        m_missed += !ok;
    }
    int m_missed = 0;
};

} // namespace assay::bench
