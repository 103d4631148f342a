#pragma once
// The database files this process has open through SQLite. SQLite's locks on a file are POSIX
// advisory locks, which the kernel drops for the whole process when *any* descriptor of that
// file is closed; a reader or writer that opened the project (or its -wal / -shm) with
// QFile would silently unlock it and let another process delete the WAL under this one
// (docs/project-file.md). Every file Assay reads or writes by any other means asks here first.
#include "core/result.h"

#include <QString>
#include <QtGlobal>

namespace assay {

class HeldFiles {
public:
    // The file a connection holds, as the device and inode it had when opened (the path may
    // later name another file).
    struct Token {
        quint64 device = 0;
        quint64 inode = 0;
        bool valid = false;
    };
    // Called by Database for every file it opens and closes (counted: one file may have
    // several connections).
    static Token hold(const QString &path);
    static void release(const Token &token);
    // Failure when path is a database this process holds, or that database's -wal, -shm or
    // -journal file: reading or writing it by other means than SQLite would break its locks.
    static Status checkFree(const QString &path);
};

} // namespace assay
