#pragma once
// Simulated IRT matrices for the IRT tests: a flat (no factors) design under the default box.
#include "irt/irtsimulation.h"

namespace assay::test {

// cMax 0: the 1PL/2PL data (c = 0); otherwise c drawn from [0.15, cMax].
inline IrtSimulationSpec flatSpec(int students, int items, quint64 seed, double cMax)
{
    IrtSimulationSpec spec;
    spec.students = students;
    spec.items = items;
    spec.seed = seed;
    spec.cMin = cMax > 0 ? 0.15 : 0.0;
    spec.cMax = cMax;
    return spec;
}

} // namespace assay::test
