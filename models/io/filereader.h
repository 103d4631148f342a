#pragma once
#include "core/result.h"

#include <QByteArray>

namespace assay {

// Reads a whole input file, or says why not ("PATH: no such file", "PATH: cannot read: ...").
class FileReader {
public:
    static Result<QByteArray> readAll(const QString &path);
    // At most the first `bytes` bytes (to tell a file's format before reading it whole).
    static Result<QByteArray> readHead(const QString &path, qint64 bytes);
};

} // namespace assay
