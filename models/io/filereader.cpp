#include "io/filereader.h"

#include "project/heldfiles.h"

#include <QFile>

namespace assay {

Result<QByteArray> FileReader::readAll(const QString &path) { return readHead(path, -1); }

Result<QByteArray> FileReader::readHead(const QString &path, qint64 bytes)
{
    QFile f(path);
    if (!f.exists())
        return Result<QByteArray>::failure(QStringLiteral("%1: no such file").arg(path));
    if (auto free = HeldFiles::checkFree(path); !free)
        return Result<QByteArray>::failure(free);
    if (!f.open(QIODevice::ReadOnly))
        return Result<QByteArray>::failure(QStringLiteral("%1: cannot read: %2").arg(path, f.errorString()));
    return bytes < 0 ? f.readAll() : f.read(bytes);
}

} // namespace assay
