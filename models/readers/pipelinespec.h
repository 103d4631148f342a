#pragma once
// A pipeline written as "retriever=bm25,k=3,reader=none": the retriever, how many chunks it
// returns, the reader that answers from them, and the reader's options. Values holding a
// comma are written in double quotes ("" inside stands for one quote).
#include "core/result.h"

#include <QMap>
#include <QString>
#include <QStringList>

namespace assay {

struct PipelineSpec {
    QString retriever = QStringLiteral("bm25");
    int k = 3;
    QString reader = QStringLiteral("none"); // none | llm:PROFILE | react:|fc:|dfsdt:|pal:PROFILE | http | command
    QString embedder;                        // profile whose /embeddings serves dense and hybrid
    QString prompt = QStringLiteral("reader"); // llm reader: prompt template name
    int icl = 0;                             // llm reader: worked examples in the prompt
    QString url;                             // http reader
    QString requestTemplate;                 // http reader: JSON file with {{query}}, {{id}}, {{contexts}}
    QString answerPointer = QStringLiteral("/answer"); // http reader: JSON pointers into the reply
    QString idsPointer;
    QString contextPointer;
    QString command;                         // command reader: program and arguments
    int steps = 10;                          // agent readers: LLM calls per item (DFSDT: nodes)
    qint64 budget = 0;                       // agent readers: tokens per item, 0 = no limit
    int width = 2;                           // dfsdt: alternatives tried per node
    QMap<QString, QString> options;          // keys of readers registered beyond these (ReaderKind::options)

    static Result<PipelineSpec> parse(const QString &text);
    QString text() const; // canonical: retriever=…,k=…,reader=…[,options that differ from the defaults]

    // An LLM reads the contexts and answers in one call (the registry's promptsLlm, not agentic).
    bool usesLlmReader() const;
    // The reader's name in ReaderRegistry: "llm" for llm:PROFILE.
    QString readerKind() const { return reader.section(QLatin1Char(':'), 0, 0); }
    // react, fc, dfsdt, pal or another agentic workflow of ReaderRegistry, else empty.
    QString workflow() const;
    bool usesAgent() const { return !workflow().isEmpty(); }
    // The LLM profile of an llm: or agentic reader.
    QString readerProfile() const;
    static QStringList workflows(); // ReaderRegistry's agentic readers
    bool usesEmbeddings() const; // the retriever needs embedder= (its registry entry says so)
    static QStringList readerKinds(); // ReaderRegistry's readers: none, llm:PROFILE, ...
};

} // namespace assay
