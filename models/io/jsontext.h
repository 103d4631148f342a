#pragma once
// A JSON value as the text a user would expect: strings as they are, null as empty, anything
// else as compact JSON (numbers, lists, objects).
#include <QString>

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

} // namespace assay
