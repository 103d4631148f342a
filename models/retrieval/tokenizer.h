#pragma once
#include <QStringList>

namespace assay {

// Lowercased tokens split where SQLite FTS5's unicode61 tokenizer (default categories L* N* Co)
// splits: at anything that is not a letter, a number or a private-use character — spaces,
// punctuation, symbols, marks — so the in-memory retrievers and the FTS5 index see the same
// words ("$100" is "100", "c++" is "c", "state-of-the-art" is four words).
class Tokenizer {
public:
    static QStringList tokens(const QString &text);
    // The next token at or after `from`, written into `token` (whose storage is reused, so a
    // loop over a query allocates nothing); returns where to continue, or -1 when no token is
    // left. tokens() is this in a loop.
    static qsizetype next(QStringView text, qsizetype from, QString &token);
};

} // namespace assay
