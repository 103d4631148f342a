#pragma once
// Secrets in the OS keychain (qtkeychain: Secret Service, KWallet, ...), service "assay": the
// LLM profiles' API keys (LlmKeychain) and the database servers' passwords (the server import
// dialog). Asynchronous: the callback runs on the caller's event loop. Where no keychain is
// available (a headless machine), the callback gets that error, worded for the user.
#include "core/result.h"

#include <functional>

namespace assay {

class SecretKeychain {
public:
    // account: the keychain entry's name; what: the secret as a message names it ("the key of
    // profile x", "the password of PostgreSQL ann@db/sales").
    static void read(const QString &account, const QString &what, std::function<void(Result<QString>)> done);
    static void write(const QString &account, const QString &what, const QString &secret, std::function<void(Status)> done);
};

} // namespace assay
