#pragma once
// Finds the JSON in a model's reply: a ```json fenced block, else the first balanced
// {...} or [...], else the whole text. Failure here is a parse failure, counted apart from
// model errors.
#include "core/result.h"

#include <nlohmann/json.hpp>

namespace assay {

class JsonExtractor {
public:
    static Result<nlohmann::json> extract(const QString &reply);
};

} // namespace assay
