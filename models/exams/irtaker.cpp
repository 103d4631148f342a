#include "exams/irtaker.h"

#include "core/job.h"
#include "exams/examtaker.h"
#include "llm/llmstore.h"
#include "retrieval/corpusstore.h"
#include "retrieval/retriever.h"
#include "retrieval/tokenizer.h"

#include <QElapsedTimer>
#include <QHash>
#include <QSet>

#include <algorithm>

namespace assay {

Result<QVector<ExamAnswer>> IrTaker::take(Database &db, const QVector<ExamItem> &items, const TakerSpec &spec, Job *job)
{
    using R = Result<QVector<ExamAnswer>>;
    QElapsedTimer clock;
    clock.start();
    QVector<QVector<double>> scores(items.size(), QVector<double>(4, 0.0));
    LlmStore store(db);
    auto retriever = Retriever::create(spec.retriever, db, {}, &store, job);
    if (!retriever)
        return R::failure(retriever.error());
    QStringList texts;
    for (const ExamItem &it : items)
        for (const QString &o : it.options)
            texts << it.stem + QLatin1Char(' ') + o;
    if (auto s = retriever.value()->prepare(texts, job); !s)
        return R::failure(s.error());
    for (int i = 0; i < items.size(); ++i) {
        if (job && job->isCancelled())
            return R::cancelled();
        for (int o = 0; o < items[i].options.size() && o < 4; ++o) {
            auto hits = retriever.value()->retrieve({items[i].stem + QLatin1Char(' ') + items[i].options[o], {}}, spec.k);
            if (!hits)
                return R::failure(hits.error());
            for (const RetrievalHit &h : hits.value())
                scores[i][o] += h.score;
        }
        if (job)
            job->reportProgress(i + 1, items.size());
    }
    return ExamTaker::answersFrom(items, scores, double(clock.nsecsElapsed()) / 1e6 / std::max<qsizetype>(1, items.size()));
}

Result<QVector<ExamAnswer>> IrTaker::takeOracle(Database &db, const QVector<ExamItem> &items, const TakerSpec &, Job *)
{
    using R = Result<QVector<ExamAnswer>>;
    QElapsedTimer clock;
    clock.start();
    QVector<QVector<double>> scores(items.size(), QVector<double>(4, 0.0));
    QHash<QString, QSet<QString>> docTokens;
    CorpusStore corpus(db);
    for (int i = 0; i < items.size(); ++i) {
        QSet<QString> source;
        for (const QString &d : items[i].sourceDocs) {
            if (!docTokens.contains(d)) {
                auto text = corpus.documentText(d);
                if (!text)
                    return R::failure(text);
                const QStringList t = Tokenizer::tokens(text.value());
                docTokens.insert(d, QSet<QString>(t.begin(), t.end()));
            }
            source.unite(docTokens.value(d));
        }
        for (int o = 0; o < items[i].options.size() && o < 4; ++o) {
            const QStringList t = Tokenizer::tokens(items[i].options[o]);
            for (const QString &w : QSet<QString>(t.begin(), t.end()))
                scores[i][o] += source.contains(w);
        }
    }
    return ExamTaker::answersFrom(items, scores, double(clock.nsecsElapsed()) / 1e6 / std::max<qsizetype>(1, items.size()));
}

} // namespace assay
