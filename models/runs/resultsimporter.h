#pragma once
// Results of systems run elsewhere, imported as a run (source "imported") whose verdicts
// are kept as judgements of judge "imported":
// - grammar: GRAMMAR's results JSON, a list of {query, answer, true_document_ids,
//   retrieved_document_ids, gpt_response, retrieval_judgement (0/1), judgement
//   ("Correct"/"Incorrect"), query_tag (the semantic group)};
// - reval: R-Eval logs, JSONL of {question, answer (gold), prediction, reward, halted,
//   error, scratchpad, level (KS/KU/KA)};
// - jsonl: Assay's generic JSONL (see the README);
// - ragchecker: RAGChecker's input or checking output JSON, whose claims and checks are kept
//   too (RagCheckerImporter);
// - ragas: datasets in RAGAS's shape, JSONL or CSV (RagasFile).
// Everything is checked first: one bad record names its file and line (or record number)
// and nothing is imported.
#include "core/result.h"

namespace assay {

class Database;

class ResultsImporter {
public:
    enum class Format { Grammar, Reval, Jsonl, RagChecker, Ragas };
    static Result<Format> formatFromName(const QString &name);
    // The format a file most likely has: JSON that is an object with "results" is RAGChecker's,
    // other JSON GRAMMAR's; a name with "reval" R-Eval's; CSV, or JSONL whose first record has
    // "user_input", RAGAS's; anything else Assay's JSONL.
    static Format guessFormat(const QString &path);

    struct Report {
        qint64 runId = 0;
        qint64 items = 0;
        qint64 answerVerdicts = 0;
        qint64 retrievalVerdicts = 0;
        qint64 claimItems = 0; // items with claims and checks (RAGChecker's checking output)
        // How the file's own claim metrics compare with Assay's on its checks; empty when the
        // file has none.
        QString claimNote;
    };
    static Result<Report> import(Database &db, Format format, const QString &path, const QString &runName, const QString &querySet = {});
    // Reads and checks every record without touching a project: the number of records, or the
    // first bad one named by file and line (a preview before import, and the fuzzers' entry).
    static Result<qint64> check(Format format, const QString &path);
};

} // namespace assay
