#pragma once
// Removes secrets from what a server sends back before it is stored, logged or printed
// (docs/llm-faults.md, "Secrets"): every occurrence of the profile's key, and every
// "Bearer <token>" whatever the token. A server that echoes the Authorization header in an
// error body (as some proxies and mock servers do) thus never puts the key in a project file.
#include <QByteArray>
#include <QString>

namespace assay {

class SecretScrubber {
public:
    static constexpr const char *Mark = "[redacted]";
    // `key` may be empty (no key: only bearer tokens are removed).
    static QByteArray scrub(QByteArray bytes, const QByteArray &key);
    static QString scrub(const QString &text, const QString &key);
};

} // namespace assay
