#pragma once
// A pipeline written as "retriever=bm25,k=3,reader=none": the retriever, how many chunks it
// returns, the reader that answers from them, and the reader's options. Values holding a
// comma are written in double quotes ("" inside stands for one quote).
#include "core/result.h"

#include <QString>
#include <QStringList>

namespace assay {

struct PipelineSpec {
    QString retriever = QStringLiteral("bm25");
    int k = 3;
    QString reader = QStringLiteral("none"); // none | llm:PROFILE | http | command
    QString embedder;                        // profile whose /embeddings serves dense and hybrid
    QString prompt = QStringLiteral("reader"); // llm reader: prompt template name
    int icl = 0;                             // llm reader: worked examples in the prompt
    QString url;                             // http reader
    QString requestTemplate;                 // http reader: JSON file with {{query}}, {{id}}, {{contexts}}
    QString answerPointer = QStringLiteral("/answer"); // http reader: JSON pointers into the reply
    QString idsPointer;
    QString contextPointer;
    QString command;                         // command reader: program and arguments

    static Result<PipelineSpec> parse(const QString &text);
    QString text() const; // canonical: retriever=…,k=…,reader=…[,options that differ from the defaults]

    bool usesLlmReader() const { return reader.startsWith(QLatin1String("llm:")); }
    QString readerProfile() const { return usesLlmReader() ? reader.mid(4) : QString(); }
    bool usesEmbeddings() const { return retriever == QLatin1String("dense") || retriever == QLatin1String("hybrid"); }
    static QStringList readerKinds() { return {QStringLiteral("none"), QStringLiteral("llm:PROFILE"), QStringLiteral("http"), QStringLiteral("command")}; }
};

} // namespace assay
