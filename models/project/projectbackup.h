#pragma once
// Copies of a project through SQLite's online backup API: consistent while the project is
// being written (the copy reads one snapshot), and all-or-nothing at the destination (its
// pages are written in one transaction, so a cancel, a failure or a kill leaves it as it was).
#include "core/result.h"

#include <QString>

namespace assay {

class Job;

class ProjectBackup {
public:
    // File → Save a Copy…, `assay-cli backup`: a new file at `to` (an existing file there is
    // replaced only when complete; a file in use by this process is refused).
    static Status saveCopy(const QString &from, const QString &to, Job *job = nullptr);
    // Replaces the content of the database at `to` (created when missing) with `from`'s, in one
    // transaction of `to`'s: other connections to `to` see the old content or the new, never
    // a mixture, and nothing but SQLite touches `to` or its -wal / -shm files.
    static Status replaceContent(const QString &from, const QString &to, Job *job = nullptr);
};

} // namespace assay
