#include "llm/llmkeychain.h"

#include "core/secretkeychain.h"

namespace assay {

// The entry's name is the profile's, as before the server passwords joined the keychain.
void LlmKeychain::read(const QString &profile, std::function<void(Result<QString>)> done)
{
    SecretKeychain::read(profile, QStringLiteral("the key of profile %1").arg(profile), std::move(done));
}

void LlmKeychain::write(const QString &profile, const QString &key, std::function<void(Status)> done)
{
    SecretKeychain::write(profile, QStringLiteral("the key of profile %1").arg(profile), key, std::move(done));
}

} // namespace assay
