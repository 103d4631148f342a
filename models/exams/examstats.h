#pragma once
// An exam's statistics: items generated / parsed / filtered by reason / kept, the
// fixed-letter baselines (the accuracy of always answering A, B, C or D), the longest-option
// baseline (ties: the first longest), mean stem length in tokens, Bloom level counts
// (multi-label) and question-type counts, over the kept items.
#include "exams/examitem.h"

#include <QVector>

#include <nlohmann/json.hpp>

namespace assay {

class ExamStats {
public:
    // `generation` carries what the generator counted: generated, parsed, skipped reasons.
    static nlohmann::json compute(const QVector<ExamItem> &allItems, const nlohmann::json &generation);
    static int longestOption(const QStringList &options);
};

} // namespace assay
