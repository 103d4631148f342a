#include "llm/llmkeychain.h"

#include <qt6keychain/keychain.h>

namespace assay {

namespace {
QString explain(const QKeychain::Job *job, const QString &profile)
{
    switch (job->error()) {
    case QKeychain::EntryNotFound: return QStringLiteral("keychain: no key is stored for profile %1").arg(profile);
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
        return QStringLiteral("keychain: no OS keychain (Secret Service or KWallet) is available here; use an environment variable instead");
    case QKeychain::AccessDenied:
    case QKeychain::AccessDeniedByUser: return QStringLiteral("keychain: access to the key of profile %1 was denied").arg(profile);
    default:
        return QStringLiteral("keychain: no key for profile %1 (%2; is an OS keychain running?)").arg(profile, job->errorString());
    }
}
} // namespace

void LlmKeychain::read(const QString &profile, std::function<void(Result<QString>)> done)
{
    auto *job = new QKeychain::ReadPasswordJob(QStringLiteral("assay"));
    job->setKey(profile);
    QObject::connect(job, &QKeychain::Job::finished, job, [job, profile, done](QKeychain::Job *) {
        if (job->error() != QKeychain::NoError)
            done(Result<QString>::failure(explain(job, profile)));
        else
            done(job->textData());
    });
    job->start(); // deletes itself after finished()
}

void LlmKeychain::write(const QString &profile, const QString &key, std::function<void(Status)> done)
{
    auto *job = new QKeychain::WritePasswordJob(QStringLiteral("assay"));
    job->setKey(profile);
    job->setTextData(key);
    QObject::connect(job, &QKeychain::Job::finished, job, [job, profile, done](QKeychain::Job *) {
        done(job->error() == QKeychain::NoError ? Status() : Status::failure(explain(job, profile)));
    });
    job->start();
}

} // namespace assay
