#pragma once
#include "core/result.h"

#include <QByteArray>

namespace assay {

// Reads a whole input file, or says why not ("PATH: no such file", "PATH: cannot read: ...").
class FileReader {
public:
    static Result<QByteArray> readAll(const QString &path);
};

} // namespace assay
