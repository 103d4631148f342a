#pragma once
// A students × items matrix of 0/1 responses with missing cells (-1), the ids of both, and
// optionally each student's level of each factor (llm, retriever, icl, …) for hierarchical
// fits. Read from the CSV files `assay-cli exam export` writes.
#include "core/result.h"

#include <QStringList>
#include <QVector>

namespace assay {

struct IrtData {
    QStringList students;
    QStringList items;
    QVector<QVector<qint8>> responses; // [student][item]: 1, 0 or -1 (missing)
    QStringList factors;                // names
    QVector<QStringList> levels;        // [student][factor]

    static Result<IrtData> readCsv(const QString &responsesPath, const QString &factorsPath = {});
    // The same data restricted to the given item columns.
    IrtData columns(const QVector<int> &keep) const;
    // The filled (not missing) cells.
    qint64 answered() const;
};

} // namespace assay
