#include "exams/corpusexamgenerator.h"

#include "exams/examclassifier.h"
#include "exams/examreplyparser.h"
#include "exams/examshuffle.h"
#include "generation/promptlibrary.h"
#include "llm/llmbatchcall.h"
#include "llm/llmclient.h"
#include "llm/llmprofilestore.h"
#include "llm/llmstore.h"
#include "project/database.h"
#include "retrieval/corpusstore.h"

namespace assay {

Result<QVector<ExamItem>> CorpusExamGenerator::generate(Database &db, const QString &profileName, quint64 seed, int perChunk, int maxChunks, Report *report, Job *job)
{
    using R = Result<QVector<ExamItem>>;
    Report local;
    Report &r = report ? *report : local;
    auto profile = LlmProfileStore::find(profileName);
    if (!profile)
        return R::failure(profile.error());
    auto prompt = PromptLibrary::load(QStringLiteral("exam_questions"));
    if (!prompt)
        return R::failure(prompt.error());
    auto bloom = ExamClassifier::bloomKeywords();
    if (!bloom)
        return R::failure(bloom.error());
    struct Chunk {
        qint64 id;
        QString docId;
    };
    QVector<Chunk> chunks;
    QVector<LlmRequest> requests;
    auto corpus = CorpusStore(db).chunks(maxChunks > 0 ? maxChunks : -1);
    if (!corpus)
        return R::failure(corpus);
    for (const CorpusChunk &c : corpus.value()) {
        chunks.append({c.id, c.docId});
        LlmRequest req = LlmClient::chat({}, PromptLibrary::fill(prompt.value(), {{QStringLiteral("chunk"), c.text}, {QStringLiteral("count"), QString::number(perChunk)}}), 0, 1024);
        req.tag = QStringLiteral("exam-generation");
        requests << req;
    }
    if (chunks.isEmpty())
        return R::failure(QStringLiteral("the project has no corpus: import documents first"));
    LlmStore store(db);
    LlmClient client(profile.value(), &store);
    auto results = LlmBatchCall::run(client, requests, job);
    if (!results)
        return R::failure(results.error());
    r.requests = int(requests.size());
    QVector<ExamItem> items;
    for (int c = 0; c < chunks.size(); ++c) {
        const QVector<ExamItem> parsed = ExamReplyParser::parse(results.value()[c].content(), &r.unparsable);
        for (int n = 0; n < parsed.size(); ++n) {
            ExamItem item = parsed[n];
            item.key = QStringLiteral("c%1-%2").arg(chunks[c].id).arg(n + 1);
            item.answer = ExamShuffle::shuffle(item.options, item.answer, seed, quint64(chunks[c].id) * 16 + quint64(n));
            item.sourceRef = QStringLiteral("chunk:%1").arg(chunks[c].id);
            item.sourceDocs = {chunks[c].docId};
            item.bloom = ExamClassifier::bloom(item.stem, bloom.value());
            item.questionType = ExamClassifier::questionType(item.stem);
            items << item;
            ++r.parsed;
        }
    }
    return items;
}

} // namespace assay
