#include "core/secretkeychain.h"

#include <qt6keychain/keychain.h>

namespace assay {

namespace {
QString explain(const QKeychain::Job *job, const QString &what)
{
    switch (job->error()) {
    case QKeychain::EntryNotFound: return QStringLiteral("keychain: %1 is not stored").arg(what);
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
        return QStringLiteral("keychain: no OS keychain (Secret Service or KWallet) is available here; use an environment variable instead");
    case QKeychain::AccessDenied:
    case QKeychain::AccessDeniedByUser: return QStringLiteral("keychain: access to %1 was denied").arg(what);
    default:
        return QStringLiteral("keychain: cannot read %1 (%2; is an OS keychain running?)").arg(what, job->errorString());
    }
}
} // namespace

void SecretKeychain::read(const QString &account, const QString &what, std::function<void(Result<QString>)> done)
{
    auto *job = new QKeychain::ReadPasswordJob(QStringLiteral("assay"));
    job->setKey(account);
    QObject::connect(job, &QKeychain::Job::finished, job, [job, what, done](QKeychain::Job *) {
        if (job->error() != QKeychain::NoError)
            done(Result<QString>::failure(explain(job, what)));
        else
            done(job->textData());
    });
    job->start(); // deletes itself after finished()
}

void SecretKeychain::write(const QString &account, const QString &what, const QString &secret, std::function<void(Status)> done)
{
    auto *job = new QKeychain::WritePasswordJob(QStringLiteral("assay"));
    job->setKey(account);
    job->setTextData(secret);
    QObject::connect(job, &QKeychain::Job::finished, job, [job, what, done](QKeychain::Job *) {
        done(job->error() == QKeychain::NoError ? Status() : Status::failure(explain(job, what)));
    });
    job->start();
}

} // namespace assay
