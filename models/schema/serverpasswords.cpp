#include "schema/serverpasswords.h"

#include <QHash>
#include <QMutex>

namespace assay {

namespace {
QMutex mutex;
QHash<QString, QString> &passwords()
{
    static QHash<QString, QString> byAccount; // ServerLocation::account() → password
    return byAccount;
}
} // namespace

void ServerPasswords::remember(const ServerLocation &location)
{
    if (location.password.isEmpty())
        return;
    QMutexLocker lock(&mutex);
    passwords().insert(location.account(), location.password);
}

void ServerPasswords::fill(ServerLocation &location)
{
    if (location.password.isEmpty()) {
        QMutexLocker lock(&mutex);
        location.password = passwords().value(location.account());
    }
    location.takePasswordFromEnvironment();
}

} // namespace assay
