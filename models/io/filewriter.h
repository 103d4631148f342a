#pragma once
#include "core/result.h"

#include <QByteArray>
#include <QString>

namespace assay {

// Writes a whole output file atomically (a QSaveFile: the old file stays until the new one is
// complete), or says why not ("PATH: cannot write: ..."). Refuses a file SQLite holds open
// (HeldFiles), so that no writer ever replaces a project or its journal.
class FileWriter {
public:
    [[nodiscard]] static Status write(const QString &path, const QByteArray &bytes);
};

} // namespace assay
