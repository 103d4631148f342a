#pragma once
// reader=extractive: an offline baseline reader with no model behind it. It answers with the one
// sentence of the retrieved context that holds the most of the question's words (three
// characters or more, case-folded; the earlier chunk and sentence win a tie), or with nothing
// when no sentence holds any. Its answers are always grounded in the context, so it shows what
// retrieval alone makes possible, and gives the claim metrics (docs/METHODS.md §12) a response
// to check in a project without an LLM, such as the demo.
#include "readers/reader.h"

namespace assay {

class ExtractiveReader : public Reader {
public:
    void answer(const ReaderRequest &request, Done done) override;
    bool answersAtOnce() const override { return true; }
    // The sentence chosen for `query` among `contexts`, and (when not null) its chunk's rank.
    static QString extract(const QString &query, const QVector<ReaderContext> &contexts, int *rank = nullptr);
};

} // namespace assay
