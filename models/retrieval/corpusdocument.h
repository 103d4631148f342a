#pragma once
#include <QString>

namespace assay {

// One document as it enters the corpus: its id (unique in the project), title, text,
// metadata (a JSON object) and where it came from (file, or file and line).
struct CorpusDocument {
    QString id;
    QString title;
    QString text;
    QString metadataJson = QStringLiteral("{}");
    QString source;
};

} // namespace assay
