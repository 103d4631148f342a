#include "readers/extractivereader.h"

#include "io/sentences.h"
#include "io/words.h"

#include <QSet>

namespace assay {

QString ExtractiveReader::extract(const QString &query, const QVector<ReaderContext> &contexts, int *rank)
{
    const QSet<QString> wanted = wordsOf(query);
    QString best;
    int bestScore = 0;
    for (int k = 0; k < contexts.size(); ++k)
        for (const QString &sentence : sentencesOf(contexts[k].text)) {
            int score = 0;
            for (const QString &w : wordsOf(sentence))
                score += wanted.contains(w);
            if (score > bestScore) {
                bestScore = score;
                best = sentence;
                if (rank)
                    *rank = k;
            }
        }
    return best;
}

void ExtractiveReader::answer(const ReaderRequest &request, Done done)
{
    ReaderAnswer a;
    int rank = -1;
    a.answer = extract(request.query, request.contexts, &rank);
    a.trace = rank >= 0 ? QStringLiteral("extracted from chunk %1 of %2").arg(rank + 1).arg(request.contexts.size())
                        : QStringLiteral("no sentence of the context holds a word of the question");
    done(a);
}

} // namespace assay
