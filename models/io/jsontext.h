#pragma once
// A JSON value as the text a user would expect: strings as they are, null as empty, anything
// else as compact JSON (numbers, lists, objects).
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

namespace assay {

inline QString jsonText(const nlohmann::json &v)
{
    if (v.is_string())
        return QString::fromStdString(v.get<std::string>());
    if (v.is_null())
        return {};
    return QString::fromStdString(v.dump());
}

// A stored JSON list as texts, each element as jsonText() gives it; not a list: empty.
inline QStringList jsonTextList(const QString &json)
{
    QStringList out;
    const auto parsed = nlohmann::json::parse(json.toStdString(), nullptr, false);
    if (parsed.is_array())
        for (const auto &v : parsed)
            out << jsonText(v);
    return out;
}

} // namespace assay
