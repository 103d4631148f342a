// Replays a fuzz target's corpus in the default build (no libFuzzer needed): every file under
// the folders given runs through LLVMFuzzerTestOneInput once. A crash, a sanitizer report (in a
// sanitized build) or an uncaught exception fails the test; an empty corpus fails it too.
#include <QCoreApplication>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>

#include <cstdint>
#include <cstdio>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QElapsedTimer timer;
    timer.start();
    qint64 inputs = 0;
    for (int i = 1; i < argc; ++i) {
        QStringList files;
        QDirIterator it(QString::fromLocal8Bit(argv[i]), QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            files << it.next();
        files.sort();
        for (const QString &path : files) {
            QFile file(path);
            if (!file.open(QIODevice::ReadOnly)) {
                std::fprintf(stderr, "%s: cannot read: %s\n", qPrintable(path), qPrintable(file.errorString()));
                return 1;
            }
            const QByteArray bytes = file.readAll();
            LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(bytes.constData()), size_t(bytes.size()));
            ++inputs;
        }
    }
    std::printf("replayed %lld inputs in %lld ms\n", static_cast<long long>(inputs), static_cast<long long>(timer.elapsed()));
    return inputs > 0 ? 0 : 1;
}
