#pragma once
// A RAGChecker file (RagCheckerFile) imported as a run: each result becomes an item (query,
// ground-truth answer as gold, response as answer, the retrieved chunks as its context, true
// documents unknown), and a checking output's claims and checks are stored with it as checker
// "imported" — run and claims in one transaction. Assay's metrics on the stored checks are
// compared with the file's own (each item's `metrics` and the run's block); the report says
// how many values were compared and the largest difference, in points (×100).
#include "core/result.h"

#include <QString>

namespace assay {

class Database;

class RagCheckerImporter {
public:
    struct Report {
        qint64 runId = 0;
        qint64 items = 0;
        qint64 claimItems = 0;      // items with claims and checks
        qint64 unreadableChecks = 0; // checks that were none of the three words: unknown
        qint64 itemValuesCompared = 0;
        double largestItemDifference = 0; // points
        qint64 runValuesCompared = 0;
        double largestRunDifference = 0; // points
        QString largestRunMetric;
    };
    static Result<Report> import(Database &db, const QString &path, const QString &runName, const QString &querySet = {});
    // Reads and checks the file without a project: the number of results, or what is wrong.
    static Result<qint64> check(const QString &path);
    static QString checker() { return QStringLiteral("imported"); }
};

} // namespace assay
