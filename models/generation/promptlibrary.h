#pragma once
// Prompt templates: the bundled ones (resources/prompts/NAME.txt) unless the user keeps an
// edited copy in the configuration folder (<config>/assay/prompts/NAME.txt), which wins.
// {placeholders} are filled with fill().
#include "core/result.h"

#include <QMap>

namespace assay {

class PromptLibrary {
public:
    static Result<QString> load(const QString &name);
    static QString userPath(const QString &name);
    static QString fill(QString prompt, const QMap<QString, QString> &values);
};

} // namespace assay
