#pragma once
// The benchmarks share one executable, assay_benches (tests/bench/CMakeLists.txt): each source
// keeps its code in a namespace named after its file and registers its entry with ASSAY_BENCH;
// `assay_benches NAME [ARGS]` runs that one, its argv[0] being NAME.
#include <map>
#include <string>

namespace assay::bench {

using BenchEntry = int (*)(int argc, char **argv);

inline std::map<std::string, BenchEntry> &registeredBenches()
{
    static std::map<std::string, BenchEntry> benches;
    return benches;
}

struct BenchRegistration {
    BenchRegistration(const char *name, BenchEntry entry) { registeredBenches()[name] = entry; }
};

} // namespace assay::bench

#define ASSAY_BENCH(name) static const assay::bench::BenchRegistration assay_bench_registration_##name(#name, &name::run);
