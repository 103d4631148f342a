#pragma once
// Conversions of knowledge cell values between the editor's text, SQLite's type affinity and
// the JSON the project file stores them in.
#include <QString>
#include <QVariant>

#include <nlohmann/json_fwd.hpp>

namespace assay {

class KnowledgeValue {
public:
    enum class Affinity { Integer, Real, Numeric, Text, Blob };

    // SQLite's rules for a declared column type (§3.1 of SQLite's datatype documentation).
    static Affinity affinity(const QString &declaredType);
    static bool isDateType(const QString &declaredType);
    // Text typed by a user (or read from CSV) as the value a column of this type stores.
    // Empty text is NULL; text that does not fit the type is kept as text (validation flags it).
    static QVariant fromText(const QString &declaredType, const QString &text);
    // Whether a stored value fits the declared type (NULL always fits).
    static bool fits(const QString &declaredType, const QVariant &value);
    static QString displayText(const QVariant &value);
    static nlohmann::json toJson(const QVariant &value);
    // Bytes are stored as {"$blob": base64}; fromJson gives them back as a QByteArray.
    static QVariant fromJson(const nlohmann::json &value);
    // A JSON value as json_extract() returns it (an object as its text).
    static QVariant fromJsonText(const QString &text);
    // Same SQL value class (numbers vs text), for FK type checks.
    static bool compatible(const QString &typeA, const QString &typeB);
};

} // namespace assay
