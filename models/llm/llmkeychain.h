#pragma once
// API keys in the OS keychain (qtkeychain: Secret Service, KWallet, ...), service "assay",
// account = profile name. Asynchronous: the callback runs on the caller's event loop. Where
// no keychain is available (a headless machine), the callback gets that error.
#include "core/result.h"

#include <functional>

namespace assay {

class LlmKeychain {
public:
    static void read(const QString &profile, std::function<void(Result<QString>)> done);
    static void write(const QString &profile, const QString &key, std::function<void(Status)> done);
};

} // namespace assay
