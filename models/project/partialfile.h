#pragma once
// A database file written beside its target and moved or copied into place only when
// complete (a demo being built, a copy being saved). Its name carries this process's id and a
// random part, so a file left by a killed process is recognised and never mistaken for
// another's, and no stale -wal of an older partial file can ever meet a new one.
#include <QString>

namespace assay {

class PartialFile {
public:
    // A new name beside target for work of the given kind ("build", "partial").
    static QString nameFor(const QString &target, const QString &kind);
    // Removes the partial files of that kind left beside target by processes that no longer
    // run. Each is opened through SQLite first, which rolls back or checkpoints it and removes
    // its own -journal / -wal / -shm as the last user; then the file itself is removed.
    static void removeOrphans(const QString &target, const QString &kind);
    // Removes a partial file whose connections are all closed (the same steps).
    static void discard(const QString &path);
};

} // namespace assay
