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
    auto taken = takeAtDepths(db, items, spec.retriever, {spec.k}, job);
    if (!taken)
        return Result<QVector<ExamAnswer>>::failure(taken);
    return taken.value().constFirst();
}

Result<QVector<QVector<ExamAnswer>>> IrTaker::takeAtDepths(Database &db, const QVector<ExamItem> &items, const QString &retriever,
                                                          const QVector<int> &ks, Job *job)
{
    using R = Result<QVector<QVector<ExamAnswer>>>;
    if (ks.isEmpty())
        return R::failure(QStringLiteral("no depth k to take the exam at"));
    QElapsedTimer clock;
    clock.start();
    const int deepest = *std::max_element(ks.begin(), ks.end());
    // scores[d][item][option]: the sum of the option's top ks[d] hit scores, added in rank
    // order as a take at that k alone adds them.
    QVector<QVector<QVector<double>>> scores(ks.size(), QVector<QVector<double>>(items.size(), QVector<double>(4, 0.0)));
    LlmStore store(db);
    auto ranker = Retriever::create(retriever, db, {}, &store, job);
    if (!ranker)
        return R::failure(ranker.error());
    QStringList texts;
    for (const ExamItem &it : items)
        for (const QString &o : it.options)
            texts << it.stem + QLatin1Char(' ') + o;
    if (auto s = ranker.value()->prepare(texts, job); !s)
        return R::failure(s.error());
    for (int i = 0; i < items.size(); ++i) {
        if (job && job->isCancelled())
            return R::cancelled();
        for (int o = 0; o < items[i].options.size() && o < 4; ++o) {
            auto hits = ranker.value()->retrieve({items[i].stem + QLatin1Char(' ') + items[i].options[o], {}}, deepest);
            if (!hits)
                return R::failure(hits.error());
            for (int d = 0; d < ks.size(); ++d)
                for (int h = 0; h < hits.value().size() && h < ks[d]; ++h)
                    scores[d][i][o] += hits.value()[h].score;
        }
        if (job)
            job->reportProgress(i + 1, items.size());
    }
    // Each student's latency is the whole ranking's: a take at one k alone costs about as much.
    const double latency = double(clock.nsecsElapsed()) / 1e6 / std::max<qsizetype>(1, items.size());
    QVector<QVector<ExamAnswer>> out;
    for (int d = 0; d < ks.size(); ++d) {
        auto answers = ExamTaker::answersFrom(items, scores[d], latency);
        if (!answers)
            return R::failure(answers);
        out << answers.take();
    }
    return out;
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
