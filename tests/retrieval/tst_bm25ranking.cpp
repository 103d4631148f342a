// The in-memory BM25 index (Bm25Index) against an exhaustive scorer written here: on a fixed
// random corpus (Zipf-like word use, chunk lengths from 1 to 90 tokens, repeated words, exact
// duplicates that tie, accents, symbols and a letter outside the BMP) every query's top 1, 5,
// 10 and 50 must be the reference's, chunk for chunk, with the same scores. The reference
// scores every chunk with FTS5's bm25() formula (docs/METHODS.md §2.5), summing the distinct
// query terms in first-occurrence order, and breaks ties by corpus order; it tokenizes with
// its own reading of §2.2, checked against Tokenizer on every chunk.
#include "testmain.h"
#include "project/database.h"
#include "project/project.h"
#include "retrieval/bm25index.h"
#include "retrieval/corpusimporter.h"
#include "retrieval/corpussnapshot.h"
#include "retrieval/corpusstore.h"
#include "retrieval/tokenizer.h"
#include "testsettings.h"

#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>

namespace tst_bm25ranking {

using namespace assay;

namespace {

// Runs of letters, numbers and private-use characters, lower-cased, read code point by code
// point (docs/METHODS.md §2.2).
QStringList referenceTokens(const QString &text)
{
    QStringList out;
    QString word;
    const QList<uint> points = text.toUcs4();
    for (const uint point : points) {
        const auto category = QChar::category(char32_t(point));
        const bool inWord = category == QChar::Letter_Uppercase || category == QChar::Letter_Lowercase || category == QChar::Letter_Titlecase
            || category == QChar::Letter_Modifier || category == QChar::Letter_Other || category == QChar::Number_DecimalDigit
            || category == QChar::Number_Letter || category == QChar::Number_Other || category == QChar::Other_PrivateUse;
        if (inWord) {
            const char32_t lower = QChar::toLower(char32_t(point));
            word += QString::fromUcs4(&lower, 1);
        } else if (!word.isEmpty()) {
            out << word;
            word.clear();
        }
    }
    if (!word.isEmpty())
        out << word;
    return out;
}

struct Reference {
    struct Chunk {
        qint64 id;
        QString docId;
        QHash<int, int> counts; // by word id: a lookup per chunk and query word hashes no string
        int length;
    };
    QVector<Chunk> chunks;
    QHash<QString, int> documentFrequency;
    QHash<QString, int> wordIds;
    double average = 1;

    // Every chunk scored; the best k with a positive score, ties to the earlier chunk.
    QVector<RetrievalHit> top(const QString &query, int k) const
    {
        constexpr double k1 = 1.2, b = 0.75;
        const double n = chunks.size();
        QStringList terms;
        for (const QString &t : referenceTokens(query))
            if (!terms.contains(t) && documentFrequency.contains(t))
                terms << t;
        QVector<int> ids;
        QVector<double> idf;
        for (const QString &t : std::as_const(terms)) {
            ids << wordIds.value(t);
            const double hit = documentFrequency.value(t);
            const double value = std::log((n - hit + 0.5) / (hit + 0.5));
            idf << (value <= 0.0 ? 1e-6 : value);
        }
        QVector<std::pair<double, int>> scored;
        for (int c = 0; c < chunks.size(); ++c) {
            const double lengthNorm = k1 * (1.0 - b + b * double(chunks[c].length) / average);
            double score = 0;
            for (int q = 0; q < terms.size(); ++q)
                if (const int f = chunks[c].counts.value(ids[q]))
                    score += idf[q] * (f * (k1 + 1.0)) / (f + lengthNorm);
            if (score > 0)
                scored.append({score, c});
        }
        std::sort(scored.begin(), scored.end(), [](const auto &x, const auto &y) { return x.first != y.first ? x.first > y.first : x.second < y.second; });
        QVector<RetrievalHit> hits;
        for (int i = 0; i < std::min(k, int(scored.size())); ++i)
            hits.append({i + 1, chunks[scored[i].second].docId, chunks[scored[i].second].id, scored[i].first});
        return hits;
    }
};

QString describe(const QVector<RetrievalHit> &hits)
{
    QStringList out;
    for (const RetrievalHit &h : hits)
        out << QStringLiteral("%1:%2:%3").arg(h.docId).arg(h.chunkId).arg(h.score, 0, 'g', 17);
    return out.join(QLatin1Char(' '));
}

} // namespace

class TestBm25Ranking : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    // The reference's view of a project's corpus, its tokenizing checked against Tokenizer's.
    Reference load(Database &db)
    {
        Reference reference;
        qint64 tokens = 0;
        bool same = true;
        const Status read = CorpusStore(db).forEachChunk([&](const CorpusChunk &chunk) {
            const QStringList words = referenceTokens(chunk.text);
            if (Tokenizer::tokens(chunk.text) != words) {
                qWarning("Tokenizer and the reference split differently: %s", qPrintable(chunk.text));
                same = false;
            }
            Reference::Chunk c{chunk.id, chunk.docId, {}, int(words.size())};
            QSet<QString> distinct;
            for (const QString &w : words) {
                const auto id = reference.wordIds.insert(w, reference.wordIds.value(w, int(reference.wordIds.size())));
                ++c.counts[id.value()];
                distinct.insert(w);
            }
            for (const QString &w : std::as_const(distinct))
                ++reference.documentFrequency[w];
            tokens += words.size();
            reference.chunks.append(c);
        });
        if (!read)
            qWarning("%s", qPrintable(read.error()));
        if (!read || !same || reference.chunks.isEmpty())
            return {};
        reference.average = double(tokens) / double(reference.chunks.size());
        return reference;
    }

private slots:
    void initTestCase() { test::isolateSettings(); }

    void topListsEqualExhaustiveScoring()
    {
        std::mt19937 random(20260612);
        QStringList vocabulary;
        for (int i = 0; i < 900; ++i)
            vocabulary << QStringLiteral("t%1").arg(i);
        vocabulary << QStringLiteral("Café") << QStringLiteral("ØRN") << QStringLiteral("$100") << QStringLiteral("state-of-the-art")
                   << QStringLiteral("x²") << QStringLiteral("𝐀lpha") << QStringLiteral("naïve") << QStringLiteral("東京");
        // Zipf-like: a few words in nearly every chunk (their idf is clamped to 1e-6), a long
        // tail of rare ones.
        QVector<double> cdf;
        double total = 0;
        for (int i = 0; i < vocabulary.size(); ++i)
            cdf << (total += 1.0 / (i + 1));
        std::uniform_real_distribution<double> uniform(0, total);
        auto word = [&] { return vocabulary[int(std::lower_bound(cdf.begin(), cdf.end(), uniform(random)) - cdf.begin())]; };

        QVector<CorpusImporter::Document> docs;
        for (int d = 0; d < 4000; ++d) {
            QStringList text;
            const int length = 1 + int(random() % 90);
            for (int w = 0; w < length; ++w)
                text << word();
            if (d % 7 == 0) // a word said many times: high term frequencies
                for (int r = 0, times = 2 + int(random() % 6); r < times; ++r)
                    text << text.first();
            docs.append({QStringLiteral("d%1").arg(d), QString(), text.join(QLatin1Char(' ')) + QStringLiteral("."), QStringLiteral("{}"), QStringLiteral("zipf")});
        }
        for (int d = 0; d < 40; ++d) // exact duplicates: equal scores, ranked in corpus order
            docs.append({QStringLiteral("copy%1").arg(d), QString(), docs[d * 37].text, QStringLiteral("{}"), QStringLiteral("zipf")});

        auto project = Project::create(m_dir.filePath(QStringLiteral("ranking.assay"))).take();
        const auto imported = CorpusImporter::import(*project, docs, {});
        QVERIFY2(imported.ok(), qPrintable(imported.error()));

        const Reference reference = load(project->database());
        QCOMPARE(reference.chunks.size(), qsizetype(docs.size()));
        QVERIFY(reference.documentFrequency.value(QStringLiteral("t0")) > reference.chunks.size() / 2); // idf clamped

        auto snapshot = CorpusSnapshot::load(project->database());
        QVERIFY2(snapshot.ok(), qPrintable(snapshot.error()));
        const Bm25Index index(snapshot.value());

        // A second, tiny index used between the queries: the per-thread buffers are shared.
        auto small = Project::create(m_dir.filePath(QStringLiteral("small.assay"))).take();
        QVERIFY(CorpusImporter::import(*small, {{QStringLiteral("s1"), QString(), QStringLiteral("t1 t2 rare"), QStringLiteral("{}"), QStringLiteral("x")},
                                                {QStringLiteral("s2"), QString(), QStringLiteral("rare rare"), QStringLiteral("{}"), QStringLiteral("x")}},
                                       {})
                    .ok());
        const Bm25Index smallIndex(CorpusSnapshot::load(small->database()).value());
        const Reference smallReference = load(small->database());
        QCOMPARE(smallReference.top(QStringLiteral("rare t1 t2"), 5).size(), 2);

        int full = 0, ties = 0;
        for (int q = 0; q < 300; ++q) {
            QStringList text;
            if (q % 2 == 0) // half the queries start with a chunk's own words, as the benchmark's do
                text = docs[int(random() % docs.size())].text.split(QLatin1Char(' ')).mid(0, 1 + int(random() % 20));
            for (int w = 0, extra = int(random() % 26); w < extra; ++w)
                text << (w % 9 == 8 ? QStringLiteral("unknown%1").arg(w) : word());
            if (q % 5 == 0 && !text.isEmpty())
                text << text.first().toUpper() << text.first(); // repeated terms count once
            const QString query = text.join(q % 3 == 0 ? QStringLiteral(", ") : QStringLiteral(" "));
            for (const int k : {1, 5, 10, 50}) {
                const auto expected = reference.top(query, k);
                const auto got = index.retrieve({query, {}}, k);
                QVERIFY2(got.ok(), qPrintable(got.error()));
                QVERIFY2(describe(got.value()) == describe(expected),
                         qPrintable(QStringLiteral("k=%1, query \"%2\"\n got:      %3\n expected: %4").arg(k).arg(query, describe(got.value()), describe(expected))));
                for (int i = 0; i < expected.size(); ++i)
                    QCOMPARE(got.value()[i].rank, i + 1);
                if (k == 5) {
                    full += expected.size() == 5;
                    for (int i = 1; i < expected.size(); ++i)
                        ties += expected[i].score == expected[i - 1].score;
                }
            }
            QCOMPARE(describe(smallIndex.retrieve({QStringLiteral("rare t1 t2"), {}}, 5).value()), describe(smallReference.top(QStringLiteral("rare t1 t2"), 5)));
        }
        // The corpus exercises what it is meant to: full top-5 lists and tied scores.
        QVERIFY2(full > 250, qPrintable(QString::number(full)));
        QVERIFY2(ties > 0, "no tie among the top-5 lists: the duplicates are not exercised");

        // Empty and unknown queries, and k < 1, give nothing.
        QVERIFY(index.retrieve({QStringLiteral("  ,;  "), {}}, 5).value().isEmpty());
        QVERIFY(index.retrieve({QStringLiteral("nowhere"), {}}, 5).value().isEmpty());
        QVERIFY(index.retrieve({QStringLiteral("t5"), {}}, 0).value().isEmpty());
    }
};

ASSAY_TEST_GUILESS_MAIN(TestBm25Ranking)

} // namespace tst_bm25ranking
#include "tst_bm25ranking.moc"
