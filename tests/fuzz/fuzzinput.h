#pragma once
// Hands a fuzzer's bytes to an importer that reads a file: the bytes become one file per
// process under the temporary folder, so the importer runs exactly as it does for a user.
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QString>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace assay::fuzz {

inline QString inputFolder()
{
    static const QString dir = [] {
        const QString d = QDir::temp().filePath(QStringLiteral("assay-fuzz-%1").arg(QCoreApplication::applicationPid()));
        QDir().mkpath(d);
        // The folder goes when the process ends normally (a crash leaves it, with the input
        // that crashed it).
        std::atexit([] { QDir(QDir::temp().filePath(QStringLiteral("assay-fuzz-%1").arg(QCoreApplication::applicationPid()))).removeRecursively(); });
        return d;
    }();
    return dir;
}

// Writes the input to FOLDER/name and returns the path; aborts if the file cannot be written
// (a harness that silently tested nothing would be worse than none).
inline QString writeInput(const uint8_t *data, size_t size, const QString &name)
{
    const QString path = inputFolder() + QLatin1Char('/') + name;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)
        || file.write(reinterpret_cast<const char *>(data), qint64(size)) != qint64(size))
        std::abort();
    return path;
}

} // namespace assay::fuzz
