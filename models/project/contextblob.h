#pragma once
// How the project file stores a run item's retrieved context (docs/project-file.md): the
// corpus chunks it came from, in rank order, each with the retriever's score, packed in one
// BLOB (a format byte, then per chunk its id as an unsigned LEB128 varint and its score as a
// little-endian float32; NaN when unknown). Five chunks take about 36 bytes, where their text
// took kilobytes. Text is kept, once per distinct text, only for contexts no chunk can name.
#include "core/result.h"

#include <QByteArray>
#include <QString>
#include <QVector>

#include <limits>

namespace assay {

struct ContextRef {
    qint64 chunkId = 0;
    float score = std::numeric_limits<float>::quiet_NaN();
    bool operator==(const ContextRef &o) const;
};

class ContextBlob {
public:
    static QByteArray encode(const QVector<ContextRef> &refs);
    // Failure names what is wrong with a blob this build cannot read.
    static Result<QVector<ContextRef>> decode(const QByteArray &blob);
    // The key a context text is found by before it is stored again (64 bits of SHA-1 of
    // its UTF-8): stable across builds, platforms and Qt versions.
    static qint64 textHash(const QString &text);
};

} // namespace assay
