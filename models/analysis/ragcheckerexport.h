#pragma once
// A run written in RAGChecker's format (RagCheckerFile::write): each executed item's query,
// gold answer, response and retrieved chunks; with a checker, also the claims and checks it
// stored, so RAGChecker (or Assay again) reads the same matrices; items that checker did not
// check are then left out and counted.
#include "core/result.h"

#include <QString>

namespace assay {

class Database;

class RagCheckerExport {
public:
    struct Report {
        qint64 written = 0;
        qint64 withoutClaims = 0; // left out: the checker did not check them
    };
    static Result<Report> write(Database &db, qint64 runId, const QString &checker, const QString &path);
    static Result<QByteArray> bytes(Database &db, qint64 runId, const QString &checker, Report *report = nullptr);
};

} // namespace assay
