#pragma once
#include <QStringList>

namespace assay {

struct RetrievalHit {
    int rank = 0; // 1-based
    QString docId;
    qint64 chunkId = 0;
    double score = 0;
};

// What a retriever is asked: the query text and, for the oracle, the item's true documents.
struct RetrievalQuery {
    QString text;
    QStringList trueDocIds;
};

} // namespace assay
