#pragma once
// The tools every agentic workflow (react:, fc:, dfsdt:, pal:) calls, over the project's own
// data: R-Eval's Search / Lookup / Finish, and SQL over the knowledge base.
//   search(query, k)   the pipeline's retriever over the corpus: the best k chunks
//   lookup(text)       chunks (FTS5 phrase match) and knowledge rows that mention the text
//   list_tables()      the knowledge tables with their descriptions
//   describe(table)    a table's columns: type, key, reference, description
//   sql(query)         one SELECT through the read-only, authorizer-guarded connection,
//                      at most `rowLimit` rows shown
//   finish(answer)     the item's answer; the workflow stops
// What the model gets wrong (an unknown tool, a missing argument, a refused or failing SQL
// statement: DROP, ATTACH, PRAGMA, several statements) is an error observation it can read
// and recover from, never a failure of the run. A failure of Assay's own stores is returned as
// the error: it is not the model's doing.
#include "core/result.h"
#include "schema/knowledgetable.h"

#include <QStringList>
#include <QVector>

#include <nlohmann/json.hpp>

namespace assay {

class CorpusStore;
class KnowledgeConnection;
class Retriever;

class AgentTools {
public:
    struct Observation {
        QString text;         // what the model reads
        bool error = false;   // the call was refused or failed on the model's input
        bool finished = false; // finish(answer)
        QString answer;
        QStringList docIds;   // documents the observation showed (search, lookup)
    };
    struct Limits {
        int rowLimit = 20;       // rows an sql() observation shows
        int defaultK = 3;        // search() without k
        int maxK = 10;
        int chunkChars = 600;    // characters of a chunk an observation shows
    };

    // Any of the sources may be null: its tools then answer that it is not available.
    AgentTools(const Retriever *retriever, CorpusStore *corpus, const KnowledgeConnection *knowledge, QVector<KnowledgeTable> schema,
               Limits limits);
    AgentTools(const Retriever *retriever, CorpusStore *corpus, const KnowledgeConnection *knowledge, QVector<KnowledgeTable> schema)
        : AgentTools(retriever, corpus, knowledge, std::move(schema), Limits())
    {
    }

    Result<Observation> call(const QString &tool, const nlohmann::json &arguments) const;
    // PAL: runs the model's one SQL program; `answer` is its whole result verbalised (one value
    // as it is, a column as a list, rows as "a, b; c, d") and `finished` is set when it ran.
    Observation program(const QString &query) const;
    // Every table described, as describe() shows one (the schema part of PAL's prompt).
    QString schemaText() const;
    static QStringList names();
    // The tools as OpenAI function definitions ("tools" of a chat completion request).
    static nlohmann::json functionDefinitions();

private:
    Result<Observation> search(const nlohmann::json &arguments) const;
    Result<Observation> lookup(const QString &text) const;
    Observation listTables() const;
    Observation describe(const QString &table) const;
    Observation sql(const QString &query) const { return runSql(query, false); }
    Observation runSql(const QString &query, bool verbalise) const;
    Result<QString> chunkExcerpt(qint64 chunkId) const;

    const Retriever *m_retriever;
    CorpusStore *m_corpus;
    const KnowledgeConnection *m_knowledge;
    QVector<KnowledgeTable> m_schema;
    Limits m_limits;
};

} // namespace assay
