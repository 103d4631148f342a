#pragma once
// Test input files written into a test's temporary folder.
#include <QByteArray>
#include <QFile>
#include <QTemporaryDir>

namespace assay::test {

// Writes `bytes` to dir/name; returns the file's path, or empty when it cannot be written.
inline QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    QFile f(dir.filePath(name));
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return {};
    return f.fileName();
}

} // namespace assay::test
