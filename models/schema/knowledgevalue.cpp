#include "schema/knowledgevalue.h"

#include <QDate>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

namespace assay {

KnowledgeValue::Affinity KnowledgeValue::affinity(const QString &declaredType)
{
    const QString t = declaredType.toUpper();
    if (t.contains(QLatin1String("INT")))
        return Affinity::Integer;
    if (t.contains(QLatin1String("CHAR")) || t.contains(QLatin1String("CLOB")) || t.contains(QLatin1String("TEXT")))
        return Affinity::Text;
    if (t.contains(QLatin1String("BLOB")) || t.isEmpty())
        return Affinity::Blob;
    if (t.contains(QLatin1String("REAL")) || t.contains(QLatin1String("FLOA")) || t.contains(QLatin1String("DOUB")))
        return Affinity::Real;
    return Affinity::Numeric;
}

bool KnowledgeValue::isDateType(const QString &declaredType)
{
    const QString t = declaredType.toUpper();
    return t == QLatin1String("DATE") || t == QLatin1String("DATETIME") || t == QLatin1String("TIMESTAMP");
}

QVariant KnowledgeValue::fromText(const QString &declaredType, const QString &text)
{
    if (text.isEmpty())
        return {};
    const QString trimmed = text.trimmed();
    switch (affinity(declaredType)) {
    case Affinity::Integer: {
        bool ok = false;
        const qint64 v = trimmed.toLongLong(&ok);
        if (ok)
            return v;
        const double d = trimmed.toDouble(&ok);
        if (ok)
            return d;
        return text;
    }
    case Affinity::Real:
    case Affinity::Numeric: {
        if (isDateType(declaredType))
            return trimmed;
        bool ok = false;
        const qint64 v = trimmed.toLongLong(&ok);
        if (ok && affinity(declaredType) == Affinity::Numeric)
            return v;
        const double d = trimmed.toDouble(&ok);
        if (ok)
            return d;
        return text;
    }
    case Affinity::Text:
    case Affinity::Blob:
        break;
    }
    return text;
}

bool KnowledgeValue::fits(const QString &declaredType, const QVariant &value)
{
    if (!value.isValid() || value.isNull())
        return true;
    const bool isNumber = value.typeId() == QMetaType::LongLong || value.typeId() == QMetaType::Int ||
                          value.typeId() == QMetaType::Double;
    if (isDateType(declaredType)) {
        static const QRegularExpression iso(QStringLiteral("^\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2})?)?$"));
        return !isNumber && iso.match(value.toString()).hasMatch() &&
               QDate::fromString(value.toString().left(10), Qt::ISODate).isValid();
    }
    switch (affinity(declaredType)) {
    case Affinity::Integer:
        return value.typeId() == QMetaType::LongLong || value.typeId() == QMetaType::Int;
    case Affinity::Real:
    case Affinity::Numeric:
        return isNumber;
    case Affinity::Text:
    case Affinity::Blob:
        return true;
    }
    return true;
}

QString KnowledgeValue::displayText(const QVariant &value)
{
    if (!value.isValid() || value.isNull())
        return {};
    if (value.typeId() == QMetaType::Double)
        return QString::number(value.toDouble(), 'g', 15);
    if (value.typeId() == QMetaType::QByteArray) {
        const QByteArray bytes = value.toByteArray();
        return QStringLiteral("0x%1%2").arg(QString::fromLatin1(bytes.left(32).toHex()), bytes.size() > 32 ? QStringLiteral("… (%1 bytes)").arg(bytes.size()) : QString());
    }
    return value.toString();
}

nlohmann::json KnowledgeValue::toJson(const QVariant &value)
{
    if (!value.isValid() || value.isNull())
        return nullptr;
    switch (value.typeId()) {
    case QMetaType::Int:
    case QMetaType::LongLong:
    case QMetaType::Bool:
        return value.toLongLong();
    case QMetaType::Double:
    case QMetaType::Float:
        return value.toDouble();
    case QMetaType::QByteArray:
        // Bytes as text would be re-read as UTF-8 and lose what is not: kept as base64.
        return nlohmann::json{{"$blob", value.toByteArray().toBase64().toStdString()}};
    default:
        return value.toString().toStdString();
    }
}

QVariant KnowledgeValue::fromJson(const nlohmann::json &value)
{
    if (value.is_null())
        return {};
    if (value.is_number_integer())
        return QVariant(qint64(value.get<std::int64_t>()));
    if (value.is_number())
        return QVariant(value.get<double>());
    if (value.is_string())
        return QString::fromStdString(value.get<std::string>());
    if (value.is_object() && value.size() == 1 && value.contains("$blob") && value["$blob"].is_string())
        return QByteArray::fromBase64(QByteArray::fromStdString(value["$blob"].get<std::string>()));
    return QString::fromStdString(value.dump());
}

QVariant KnowledgeValue::fromJsonText(const QString &text)
{
    const auto parsed = nlohmann::json::parse(text.toStdString(), nullptr, false);
    return parsed.is_discarded() ? QVariant(text) : fromJson(parsed);
}

bool KnowledgeValue::compatible(const QString &typeA, const QString &typeB)
{
    auto numeric = [](const QString &t) {
        if (isDateType(t))
            return false;
        const Affinity a = affinity(t);
        return a == Affinity::Integer || a == Affinity::Real || a == Affinity::Numeric;
    };
    return numeric(typeA) == numeric(typeB);
}

} // namespace assay
