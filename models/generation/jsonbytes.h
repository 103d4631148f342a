#pragma once
// JSON written straight into UTF-8 bytes, exactly as nlohmann's dump() writes the same values
// (raw UTF-8; quote, backslash and control characters escaped; numbers with a fraction in
// nlohmann's round-trip form), for the million-row writes where building a json value per
// row costs more than the row. Property-tested byte for byte against nlohmann.
#include <QByteArray>
#include <QByteArrayView>
#include <QVariant>

namespace assay {

class JsonBytes {
public:
    static void appendString(QByteArray &out, QByteArrayView utf8);
    static void appendInteger(QByteArray &out, qint64 value);
    static void appendReal(QByteArray &out, double value);
    // A knowledge value as the project stores it: NULL, integer, real or text.
    static void appendValue(QByteArray &out, const QVariant &value);
};

} // namespace assay
