#pragma once
// Which run a gate compares with when none is named, for Analysis → Compare → Gate and
// `assay-cli gate` alike: the run marked as the baseline of the test-set version the candidate
// ran on (TestSetStore::markBaseline), or of a version by name (a candidate not made yet).
#include "core/result.h"

namespace assay {

class Project;

class GateBaseline {
public:
    // The baseline of run's version; empty when the version has none or run has no version.
    static Result<QString> ofRun(Project &project, const QString &run);
    // The baseline of version `testset`; empty when it has none.
    static Result<QString> ofVersion(Project &project, const QString &testset);
};

} // namespace assay
