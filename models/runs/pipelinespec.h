#pragma once
// A pipeline written as "retriever=bm25,k=3,reader=none": the retriever, how many chunks it
// returns, and the reader that answers from them.
#include "core/result.h"

#include <QString>

namespace assay {

struct PipelineSpec {
    QString retriever = QStringLiteral("bm25");
    int k = 3;
    QString reader = QStringLiteral("none");

    static Result<PipelineSpec> parse(const QString &text);
    QString text() const; // canonical: retriever=…,k=…,reader=…
};

} // namespace assay
