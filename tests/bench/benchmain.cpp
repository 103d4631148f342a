// assay_benches NAME [ARGS]: runs the benchmark NAME (tests/bench/benchregistry.h); with no
// name or an unknown one, lists them and exits 2.
#include "benchregistry.h"

#include <cstdio>

int main(int argc, char **argv)
{
    const auto &benches = assay::bench::registeredBenches();
    const auto found = argc > 1 ? benches.find(argv[1]) : benches.end();
    if (found == benches.end()) {
        std::fprintf(stderr, "usage: %s NAME [ARGS]; the benchmarks:\n", argv[0]);
        for (const auto &[name, entry] : benches)
            std::fprintf(stderr, "  %s\n", name.c_str());
        return 2;
    }
    return found->second(argc - 1, argv + 1);
}
