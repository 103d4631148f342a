#include "llm/secretscrubber.h"

#include <QRegularExpression>

namespace assay {

namespace {
// A bearer token: the characters RFC 6750 allows in b64token, case-insensitive scheme.
const QRegularExpression &bearer()
{
    static const QRegularExpression re(QStringLiteral("(bearer)(\\s+)[A-Za-z0-9\\-._~+/]+=*"), QRegularExpression::CaseInsensitiveOption);
    return re;
}
} // namespace

QString SecretScrubber::scrub(const QString &text, const QString &key)
{
    QString out = text;
    // Keys shorter than 8 characters are not searched for: they would match ordinary words.
    if (key.size() >= 8)
        out.replace(key, QLatin1String(Mark));
    if (out.contains(QLatin1String("earer"), Qt::CaseInsensitive))
        out.replace(bearer(), QStringLiteral("\\1\\2%1").arg(QLatin1String(Mark)));
    return out;
}

QByteArray SecretScrubber::scrub(QByteArray bytes, const QByteArray &key)
{
    const bool hasKey = key.size() >= 8 && bytes.contains(key);
    if (!hasKey && !bytes.contains("earer") && !bytes.contains("EARER"))
        return bytes; // the common case: nothing to look at, no copy
    return scrub(QString::fromUtf8(bytes), QString::fromUtf8(key)).toUtf8();
}

} // namespace assay
