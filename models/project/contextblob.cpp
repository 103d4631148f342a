#include "project/contextblob.h"

#include <QCryptographicHash>
#include <QtEndian>

#include <cmath>
#include <cstring>

namespace assay {

namespace {
constexpr char formatVersion = 1;
}

bool ContextRef::operator==(const ContextRef &o) const
{
    return chunkId == o.chunkId && (score == o.score || (std::isnan(score) && std::isnan(o.score)));
}

QByteArray ContextBlob::encode(const QVector<ContextRef> &refs)
{
    QByteArray out;
    out.reserve(1 + refs.size() * 9);
    out.append(formatVersion);
    for (const ContextRef &r : refs) {
        auto id = quint64(r.chunkId);
        do {
            char byte = char(id & 0x7f);
            id >>= 7;
            if (id)
                byte = char(byte | 0x80);
            out.append(byte);
        } while (id);
        quint32 bits = 0;
        static_assert(sizeof bits == sizeof r.score);
        std::memcpy(&bits, &r.score, sizeof bits);
        char le[4];
        qToLittleEndian(bits, le);
        out.append(le, 4);
    }
    return out;
}

Result<QVector<ContextRef>> ContextBlob::decode(const QByteArray &blob)
{
    using R = Result<QVector<ContextRef>>;
    QVector<ContextRef> refs;
    if (blob.isEmpty())
        return refs;
    if (blob.at(0) != formatVersion)
        return R::failure(QStringLiteral("a retrieved context stored in format %1, which this build of Assay cannot read").arg(int(blob.at(0))));
    const auto *p = reinterpret_cast<const unsigned char *>(blob.constData()) + 1;
    const auto *end = reinterpret_cast<const unsigned char *>(blob.constData()) + blob.size();
    while (p < end) {
        quint64 id = 0;
        int shift = 0;
        while (true) {
            if (p >= end || shift > 63)
                return R::failure(QStringLiteral("a retrieved context is cut short (a chunk id at byte %1)").arg(p - reinterpret_cast<const unsigned char *>(blob.constData())));
            const unsigned char byte = *p++;
            id |= quint64(byte & 0x7f) << shift;
            shift += 7;
            if (!(byte & 0x80))
                break;
        }
        if (end - p < 4)
            return R::failure(QStringLiteral("a retrieved context is cut short (the score of chunk %1)").arg(id));
        const quint32 bits = qFromLittleEndian<quint32>(p);
        p += 4;
        ContextRef r;
        r.chunkId = qint64(id);
        std::memcpy(&r.score, &bits, sizeof bits);
        refs << r;
    }
    return refs;
}

qint64 ContextBlob::textHash(const QString &text)
{
    const QByteArray digest = QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha1);
    return qFromLittleEndian<qint64>(digest.constData());
}

} // namespace assay
