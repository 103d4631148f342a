#pragma once
// The true documents of the demo's semantic groups (GRAMMAR's "true_document_ids"). The demo
// world has no document-id column, so they come from the documents written from it:
// 1. documents with a sentence that states the answer next to a value of the question;
// 2. else, documents stating a fact whose value is the answer and that also mention a value
//    of the question (joins: the answer is said about a related row);
// 3. else none — the fact was withheld from the corpus, and the group is a knowledge gap.
// Groups that already carry documents (a doc_id column in the SQL) are left alone.
#include "core/result.h"

namespace assay {

class Database;
class DemoCorpus;

class DemoGrounding {
public:
    // Returns how many groups received documents.
    static Result<qint64> assign(Database &db, const DemoCorpus &corpus);
};

} // namespace assay
