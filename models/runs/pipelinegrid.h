#pragma once
// A grid of pipelines written as one spec whose values may list alternatives with '|':
// "retriever=keyword|bm25,k=1|3,reader=none" is four pipelines (every combination, in the
// order written). Each pipeline gets a run name: the base name, then the varying values.
#include "readers/pipelinespec.h"

#include <QPair>
#include <QVector>

namespace assay {

class PipelineGrid {
public:
    static Result<QVector<PipelineSpec>> expand(const QString &text);
    // "base" for a single pipeline; "base/bm25-k3" style names for a grid (only the keys that vary).
    static QVector<QPair<QString, PipelineSpec>> named(const QString &base, const QVector<PipelineSpec> &specs);
};

} // namespace assay
