#include "project/heldfiles.h"

#include <QFile>
#include <QMutex>
#include <QMutexLocker>

#include <map>
#include <utility>

#include <sys/stat.h>

namespace assay {

namespace {

using FileId = std::pair<quint64, quint64>;

struct Registry {
    QMutex mutex;
    std::map<FileId, int> counts; // the held files, by device and inode
};

Registry &registry()
{
    static Registry r;
    return r;
}

// stat() looks the file up without opening it, so asking never breaks a lock itself.
bool fileId(const QString &path, FileId *id)
{
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return false;
    *id = {quint64(st.st_dev), quint64(st.st_ino)};
    return true;
}

bool held(const QString &path)
{
    FileId id;
    if (!fileId(path, &id))
        return false;
    Registry &r = registry();
    QMutexLocker lock(&r.mutex);
    return r.counts.count(id) > 0;
}

} // namespace

HeldFiles::Token HeldFiles::hold(const QString &path)
{
    FileId id;
    if (!fileId(path, &id))
        return {};
    Registry &r = registry();
    QMutexLocker lock(&r.mutex);
    ++r.counts[id];
    return {id.first, id.second, true};
}

void HeldFiles::release(const Token &token)
{
    if (!token.valid)
        return;
    Registry &r = registry();
    QMutexLocker lock(&r.mutex);
    auto it = r.counts.find({token.device, token.inode});
    if (it != r.counts.end() && --it->second <= 0)
        r.counts.erase(it);
}

Status HeldFiles::checkFree(const QString &path)
{
    if (held(path))
        return Status::failure(QStringLiteral("%1: this is a project or database Assay has open; choose another file").arg(path));
    for (const char *suffix : {"-wal", "-shm", "-journal"}) {
        const QString s = QLatin1String(suffix);
        if (path.endsWith(s) && held(path.chopped(s.size())))
            return Status::failure(QStringLiteral("%1: this file belongs to a project Assay has open (its %2 file); choose another file")
                                       .arg(path, s.mid(1)));
    }
    return {};
}

} // namespace assay
