#include "generation/jsonbytes.h"

#include "schema/knowledgevalue.h"

#include <nlohmann/json.hpp>

namespace assay {

void JsonBytes::appendString(QByteArray &out, QByteArrayView utf8)
{
    static const char hex[] = "0123456789abcdef";
    out += '"';
    for (const char c : utf8) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                out += "\\u00";
                out += hex[static_cast<unsigned char>(c) >> 4];
                out += hex[static_cast<unsigned char>(c) & 15];
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

void JsonBytes::appendInteger(QByteArray &out, qint64 value) { out += QByteArray::number(value); }

void JsonBytes::appendReal(QByteArray &out, double value) { out += QByteArray::fromStdString(nlohmann::json(value).dump()); }

void JsonBytes::appendValue(QByteArray &out, const QVariant &v)
{
    if (!v.isValid() || v.isNull()) {
        out += "null";
        return;
    }
    switch (v.typeId()) {
    case QMetaType::Int:
    case QMetaType::LongLong:
    case QMetaType::Bool:
        appendInteger(out, v.toLongLong());
        return;
    case QMetaType::Double:
    case QMetaType::Float:
        appendReal(out, v.toDouble());
        return;
    default:
        appendString(out, v.toString().toUtf8());
    }
}

} // namespace assay
