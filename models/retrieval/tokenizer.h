#pragma once
#include <QStringList>

namespace assay {

// Lowercased tokens split where SQLite FTS5's unicode61 tokenizer splits (at spaces,
// punctuation and control characters), so the in-memory retrievers and the FTS5 index see
// the same words.
class Tokenizer {
public:
    static QStringList tokens(const QString &text);
};

} // namespace assay
