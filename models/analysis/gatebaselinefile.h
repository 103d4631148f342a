#pragma once
// A baseline that lives in git (docs/ci.md): a run exported as results JSONL (`export results
// --judge NAME`), read back as the outcomes a gate compares against — id, identity, template,
// group, query, gold, answer, form, verdict, retrieval_verdict (or, when absent, the top-1
// verdict from retrieved_ids and true_doc_ids, a stored run's default retrieval judge) of each
// line, with the closed-domain rule applied as for a stored run. A bad line is named by file:line.
#include "analysis/runoutcomes.h"

namespace assay {

class GateBaselineFile {
public:
    static Result<RunOutcomes::Loaded> load(const QString &path, bool closedDomain);
};

} // namespace assay
