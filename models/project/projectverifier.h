#pragma once
// Checks every page of a project file (SQLite's quick_check: b-tree structure, page
// accounting, NOT NULL and CHECK constraints), on its own connection, with progress and
// cancel. Opening a project reads only its header (constant time); this runs on demand
// (File → Verify Project…, `assay-cli verify`) and after an unclean shutdown.
#include "core/result.h"

#include <QString>
#include <QStringList>

namespace assay {

class Job;

class ProjectVerifier {
public:
    struct Report {
        bool ok = false;
        QStringList problems; // SQLite's findings, at most maxProblems of them
        qint64 pages = 0;
        qint64 bytes = 0;
        double seconds = 0;
        QString text() const;
    };
    static constexpr int maxProblems = 100;

    // job (may be null) sees progress as pages read and may cancel.
    static Result<Report> verify(const QString &path, Job *job = nullptr);
};

} // namespace assay
