#pragma once
// Evaluation datasets in the shape RAGAS reads, as a run (docs/METHODS.md §12.2): one record
// per item with `user_input` (the question), `retrieved_contexts` (a list of texts),
// `response` and `reference` (the ground-truth answer); the older names `question`,
// `contexts`, `answer` and `ground_truth` are read too. JSON Lines or CSV (a header row; the
// contexts a JSON list or a Python list literal, as pandas writes one). An optional `id` (or
// `query_id`) names the item, else its line. True documents are unknown. A bad record names
// its file, line and field, and nothing is imported.
#include "core/result.h"
#include "runs/importedrunitem.h"

#include <QStringList>
#include <QVector>

namespace assay {

class RagasFile {
public:
    static Result<QVector<ImportedRunItem>> read(const QString &path);
    // A list of texts written as JSON (["a", "b"]) or as a Python literal (['a', "b's"]).
    static Result<QStringList> parseList(const QString &text);
};

} // namespace assay
