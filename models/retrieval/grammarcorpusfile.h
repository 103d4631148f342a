#pragma once
// GRAMMAR's corpus JSON (docs/METHODS.md §1.9): one object whose keys are document ids and
// whose values are either a text, {"d1": "text"} → document d1, or a list of texts,
// {"c1": ["text", "text"]} → documents c1#1, c1#2 (numbered from 1, file order, a one-text list
// included; an empty list gives none). The reader names the file and, for a bad file, the line
// and column (invalid JSON) or the id and list position (a value that is not a text).
#include "core/result.h"
#include "retrieval/corpusdocument.h"

#include <QByteArray>
#include <QVector>

namespace assay {

class GrammarCorpusFile {
public:
    // `path` names the file in messages and becomes each document's source.
    static Result<QVector<CorpusDocument>> parse(const QByteArray &bytes, const QString &path);
    // The id of text `position` (1-based) of the list under `key`: "key#position".
    static QString listItemId(const QString &key, int position);
};

} // namespace assay
