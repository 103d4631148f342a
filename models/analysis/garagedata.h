#pragma once
// GaRAGe files: the benchmark JSONL (question, grounding passages keyed cite_N with their
// provider, evidence_relevant YES/NO aligned with the grounding, answer_generate, question
// labels) and a system's responses JSONL ({"id"?, "response"}), paired by id when both
// carry ids, else by line order. A bad line names its file and line; nothing is read then.
#include "core/result.h"

#include <QMap>
#include <QVector>

namespace assay {

struct GaragePassage {
    QString key; // cite_N
    QString provider;
    QString text;
    bool relevant = false;
};

struct GarageQuestion {
    QString id;
    QString question;
    QString reference; // answer_generate
    QVector<GaragePassage> passages;
    QMap<QString, QString> labels;
    QString response; // filled in by pair()
    int line = 0;

    bool hasRelevant() const;
};

class GarageData {
public:
    static Result<QVector<GarageQuestion>> readBenchmark(const QString &path);
    // Fills each question's response from the responses file.
    static Status pair(QVector<GarageQuestion> &questions, const QString &responsesPath);
};

} // namespace assay
