#pragma once
#include "core/result.h"

namespace assay {

class SqlTemplate;

// A text template must keep exactly the SQL template's placeholders: none lost, none added.
class TextTemplateCheck {
public:
    static Status check(const QString &text, const SqlTemplate &sqlTemplate);
};

} // namespace assay
