#pragma once
// Every retriever Assay knows, with what the pipeline parser, the exam takers, the CLI's help
// and the run launcher need to offer and check it: keyword, tfidf, bm25, dense, hybrid, oracle
// and closed-book register themselves; a new retriever is one add() call and one Retriever
// subclass (docs/ARCHITECTURE.md, "How to add …").
#include "core/registry.h"
#include "core/result.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

namespace assay {

class Database;
class Job;
class LlmStore;
class Retriever;

struct RetrieverKind {
    QString name;        // "bm25": retriever=bm25
    QString label;       // "BM25 (SQLite FTS5)": launcher rows, tooltips
    QString shortName;   // at most five characters under a chart's bar ("kw"); empty: the name
    QString description; // one sentence, for tooltips and help
    bool needsEmbedder = false; // dense/hybrid: embedder=PROFILE names the embedding profile
    bool searchesCorpus = true; // false for oracle and closed-book, which return fixed contexts
    bool servesTruth = false;   // oracle: returns the item's true documents, so an item without any gets nothing
    struct Services {
        QString embedder;         // embedding profile name, when needsEmbedder
        LlmStore *store = nullptr; // caches and accounts embedding calls
        Job *job = nullptr;        // progress and cancel while an index is built
    };
    std::function<Result<std::unique_ptr<Retriever>>(Database &, const Services &)> create;
};

class RetrieverRegistry : public Registry<RetrieverKind> {
public:
    static RetrieverRegistry &instance();

    QStringList names() const;
    // Those that search the corpus (an ir exam taker can use them).
    QStringList corpusRetrievers() const;

private:
    RetrieverRegistry();
};

} // namespace assay
