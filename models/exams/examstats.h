#pragma once
// An exam's statistics: items generated / parsed / stored / filtered by reason / rejected or
// waiting in review / kept, the
// fixed-letter baselines (the accuracy of always answering A, B, C or D), the longest-option
// baseline (ties: the first longest), mean stem length in tokens, Bloom level counts
// (multi-label) and question-type counts, over the kept items.
#include "exams/examitem.h"

#include <QString>
#include <QVector>

#include <nlohmann/json.hpp>

namespace assay {

class ExamStats {
public:
    // `generation` carries what the generator counted: generated, parsed, skipped reasons.
    static nlohmann::json compute(const QVector<ExamItem> &allItems, const nlohmann::json &generation);
    static int longestOption(const QStringList &options);
    // compute()'s figures in words, one line: kept of generated and what removed the others
    // (unreadable, rejected in review, waiting for review, filtered by reason), the baselines
    // and the mean stem length (the Exams page's line and `exam stats`).
    static QString summary(const nlohmann::json &stats);
    // The kept items' Bloom levels and question types with their counts, one line.
    static QString categories(const nlohmann::json &stats);
};

} // namespace assay
