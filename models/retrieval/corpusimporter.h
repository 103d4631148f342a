#pragma once
// Brings documents into a project's corpus: a folder of .txt/.md files (doc id = path below
// the folder without extension), JSONL ({"id", "text", ...metadata}), or GRAMMAR's corpus
// JSON ({doc_id: text} or {doc_id: [text, …]}, GrammarCorpusFile; docs/METHODS.md §1.9). Each
// document is chunked; the whole import is one transaction and a bad line or a duplicate id
// imports nothing.
#include "core/result.h"
#include "retrieval/chunker.h"
#include "retrieval/corpusdocument.h"

#include <QJsonObject>
#include <QVector>

namespace assay {

class Project;

class CorpusImporter {
public:
    // Detect: a single file in either JSON format, JSON Lines tried first (docs/METHODS.md §1.9).
    enum class Format { Folder, Jsonl, Grammar, Detect };
    using Document = CorpusDocument;
    struct Report {
        int documents = 0;
        qint64 chunks = 0;
    };

    static Result<QVector<Document>> read(const QString &path, Format format);
    static Result<Report> import(Project &project, const QVector<Document> &documents, const Chunker::Options &chunking);
    static Result<Format> formatOf(const QString &name); // dir, jsonl, grammar or auto
    // The format when none is named: a folder is Folder, a .json file Detect, any other Jsonl.
    static Format defaultFor(const QString &path);
};

} // namespace assay
