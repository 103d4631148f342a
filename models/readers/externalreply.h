#pragma once
// Reads an external RAG system's reply (http and command readers): the answer, and the
// context ids and text it reports having used, from JSON pointers.
#include "readers/reader.h"

#include <nlohmann/json.hpp>

namespace assay {

class ExternalReply {
public:
    struct Pointers {
        QString answer = QStringLiteral("/answer");
        QString ids;
        QString context;
        QString trace;
        QString halted;
        QString error;
    };
    static ReaderAnswer read(const nlohmann::json &reply, const Pointers &pointers);
    // The request body: every string in the template that is exactly "{{contexts}}" becomes the
    // list of {"id", "text"}; {{query}} and {{id}} are replaced inside strings.
    static nlohmann::json fill(const nlohmann::json &requestTemplate, const ReaderRequest &request);
    static nlohmann::json defaultTemplate();
};

} // namespace assay
