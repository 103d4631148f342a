#pragma once
// reader=none: retrieval only; the answer is left empty and judged from the context.
#include "readers/reader.h"

namespace assay {

class NoReader : public Reader {
public:
    void answer(const ReaderRequest &, Done done) override { done(ReaderAnswer{}); }
    bool answersAtOnce() const override { return true; }
};

} // namespace assay
