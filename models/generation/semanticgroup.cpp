#include "generation/semanticgroup.h"

#include "schema/knowledgevalue.h"

#include <nlohmann/json.hpp>

namespace assay {

QStringList SemanticGroup::valueTexts() const
{
    QStringList out;
    for (const QVariant &v : values)
        out << KnowledgeValue::displayText(v);
    return out;
}

QString SemanticGroup::valuesJson() const { return QString::fromUtf8(valuesJsonUtf8()); }

QByteArray SemanticGroup::valuesJsonUtf8() const
{
    // Written directly (a million groups per template): integers and strings by hand, exactly
    // as nlohmann's dump() writes them (raw UTF-8; quote, backslash and control characters
    // escaped); numbers with a fraction by nlohmann itself, for its round-trip formatting.
    QByteArray out;
    out.reserve(16 * values.size() + 2);
    out += '[';
    for (int i = 0; i < values.size(); ++i) {
        if (i > 0)
            out += ',';
        const QVariant &v = values[i];
        if (!v.isValid() || v.isNull()) {
            out += "null";
            continue;
        }
        switch (v.typeId()) {
        case QMetaType::Int:
        case QMetaType::LongLong:
        case QMetaType::Bool:
            out += QByteArray::number(v.toLongLong());
            break;
        case QMetaType::Double:
        case QMetaType::Float:
            out += QByteArray::fromStdString(KnowledgeValue::toJson(v).dump());
            break;
        default: {
            const QByteArray text = v.toString().toUtf8();
            out += '"';
            for (const char c : text) {
                switch (c) {
                case '"': out += "\\\""; break;
                case '\\': out += "\\\\"; break;
                case '\b': out += "\\b"; break;
                case '\f': out += "\\f"; break;
                case '\n': out += "\\n"; break;
                case '\r': out += "\\r"; break;
                case '\t': out += "\\t"; break;
                default:
                    if (static_cast<unsigned char>(c) < 0x20)
                        out += "\\u00" + QByteArray::number(static_cast<unsigned char>(c), 16).rightJustified(2, '0');
                    else
                        out += c;
                }
            }
            out += '"';
        }
        }
    }
    out += ']';
    return out;
}

QVariantList SemanticGroup::valuesFromJson(const QString &json)
{
    QVariantList out;
    const auto j = nlohmann::json::parse(json.toStdString(), nullptr, false);
    if (j.is_array())
        for (const auto &v : j)
            out << KnowledgeValue::fromJson(v);
    return out;
}

} // namespace assay
