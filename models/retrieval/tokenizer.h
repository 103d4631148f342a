#pragma once
#include <QStringList>

namespace assay {

// Lowercased runs of letters and digits (any script); the lexical retrievers share it.
class Tokenizer {
public:
    static QStringList tokens(const QString &text);
};

} // namespace assay
