#include "io/filewriter.h"

#include "project/heldfiles.h"

#include <QSaveFile>

namespace assay {

Status FileWriter::write(const QString &path, const QByteArray &bytes)
{
    if (auto free = HeldFiles::checkFree(path); !free)
        return Status::failure(free);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Status::failure(QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()));
    if (file.write(bytes) != bytes.size())
        return Status::failure(QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()));
    if (!file.commit())
        return Status::failure(QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()));
    return {};
}

} // namespace assay
