// Corpus import and retrieval: chunking, each import format with malformed input (the error
// names the line, nothing is imported), every retriever on a hand-made corpus with known
// rankings and ties, TF-IDF checked against an independent dense computation, and BM25 on
// hostile query text.
#include "testmain.h"
#include "project/project.h"
#include "retrieval/bm25index.h"
#include "retrieval/bm25retriever.h"
#include "retrieval/corpussnapshot.h"
#include "retrieval/chunker.h"
#include "retrieval/corpusimporter.h"
#include "retrieval/retriever.h"
#include "retrieval/tokenizer.h"
#include "testsettings.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <random>

namespace tst_retrieval {

using namespace assay;

namespace {
void writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

const char *corpus = R"({"id": "d1", "text": "red apple banana"}
{"id": "d2", "text": "red apple"}
{"id": "d3", "text": "green kiwi"}
{"id": "d4", "text": "red apple banana", "lang": "en"}
)";

QStringList docsOf(const QVector<RetrievalHit> &hits)
{
    QStringList out;
    for (const RetrievalHit &h : hits)
        out << h.docId;
    return out;
}

// Cosine of smooth-idf TF-IDF vectors, computed densely and independently of the retriever.
double denseTfidf(const QVector<QStringList> &docs, const QStringList &query, int doc)
{
    QStringList vocabulary;
    for (const QStringList &d : docs)
        for (const QString &t : d)
            if (!vocabulary.contains(t))
                vocabulary << t;
    auto vec = [&](const QStringList &tokens) {
        QVector<double> v;
        for (const QString &term : vocabulary) {
            int df = 0;
            for (const QStringList &d : docs)
                df += d.contains(term);
            v << tokens.count(term) * (std::log((1.0 + docs.size()) / (1.0 + df)) + 1.0);
        }
        return v;
    };
    const auto a = vec(docs[doc]), b = vec(query);
    double dot = 0, na = 0, nb = 0;
    for (int i = 0; i < a.size(); ++i) {
        dot += a[i] * b[i];
        na += a[i] * a[i];
        nb += b[i] * b[i];
    }
    return dot / std::sqrt(na * nb);
}
} // namespace

class TestRetrieval : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_project;
    int m_serial = 0;

    std::unique_ptr<Project> fresh() { return Project::create(m_dir.filePath(QStringLiteral("r%1.assay").arg(++m_serial))).take(); }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        writeFile(m_dir.filePath(QStringLiteral("corpus.jsonl")), corpus);
        m_project = fresh();
        auto docs = CorpusImporter::read(m_dir.filePath(QStringLiteral("corpus.jsonl")), CorpusImporter::Format::Jsonl);
        QVERIFY2(docs.ok(), qPrintable(docs.error()));
        QCOMPARE(CorpusImporter::import(*m_project, docs.value(), {}).value().chunks, qint64(4));
    }

    void chunking()
    {
        Chunker::Options o;
        QVERIFY(Chunker::parse(QStringLiteral("sentences:2"), o, nullptr));
        QCOMPARE(Chunker::split(QStringLiteral("One. Two! Three? Four."), o), (QStringList{QStringLiteral("One. Two!"), QStringLiteral("Three? Four.")}));
        QVERIFY(Chunker::parse(QStringLiteral("tokens:4:1"), o, nullptr));
        const QString text = QStringLiteral("a b c d e f g h i j");
        const QStringList chunks = Chunker::split(text, o);
        QCOMPARE(chunks, (QStringList{QStringLiteral("a b c d"), QStringLiteral("d e f g"), QStringLiteral("g h i j")}));
        for (const QString &c : chunks)
            QVERIFY(text.contains(c));
        QVERIFY(Chunker::parse(QStringLiteral("whole"), o, nullptr));
        QCOMPARE(Chunker::split(QStringLiteral("  all of it  "), o), QStringList{QStringLiteral("all of it")});
        QString error;
        QVERIFY(!Chunker::parse(QStringLiteral("tokens:4:4"), o, &error));
        QVERIFY(error.contains(QLatin1String("overlap < N")));
        QVERIFY(!Chunker::parse(QStringLiteral("paragraphs"), o, nullptr));
    }

    void importFormats()
    {
        const QString folder = m_dir.filePath(QStringLiteral("docs"));
        writeFile(folder + QStringLiteral("/a.txt"), "Alpha report\nThe alpha text.");
        writeFile(folder + QStringLiteral("/sub/b.md"), "# Beta\nBeta text.");
        writeFile(folder + QStringLiteral("/ignored.pdf"), "%PDF");
        auto dir = CorpusImporter::read(folder, CorpusImporter::Format::Folder);
        QCOMPARE(dir.value().size(), 2);
        QCOMPARE(dir.value()[0].id, QStringLiteral("a"));
        QCOMPARE(dir.value()[1].id, QStringLiteral("sub/b"));
        QCOMPARE(dir.value()[0].title, QStringLiteral("Alpha report"));
        writeFile(m_dir.filePath(QStringLiteral("g.json")), R"({"doc-2": "second", "doc-1": "first"})");
        auto grammar = CorpusImporter::read(m_dir.filePath(QStringLiteral("g.json")), CorpusImporter::Format::Grammar);
        QCOMPARE(grammar.value()[0].id, QStringLiteral("doc-2")); // file order kept
        auto jsonl = CorpusImporter::read(m_dir.filePath(QStringLiteral("corpus.jsonl")), CorpusImporter::Format::Jsonl);
        QCOMPARE(jsonl.value()[3].metadataJson, QStringLiteral("{\"lang\":\"en\"}"));
        auto p = fresh();
        QCOMPARE(CorpusImporter::import(*p, dir.value() + grammar.value(), {}).value().documents, 4);
    }

    void malformedInputImportsNothing_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not json") << QByteArray("{\"id\": \"a\", \"text\": \"x\"}\n{broken\n") << "bad.jsonl:2: not a JSON object";
        QTest::newRow("no text") << QByteArray("{\"id\": \"a\"}\n") << "bad.jsonl:1: a document needs";
        QTest::newRow("duplicate id") << QByteArray("{\"id\": \"a\", \"text\": \"x\"}\n{\"id\": \"a\", \"text\": \"y\"}\n") << "duplicate document id 'a'";
    }
    void malformedInputImportsNothing()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        const QString path = m_dir.filePath(QStringLiteral("bad.jsonl"));
        writeFile(path, content);
        auto p = fresh();
        QString error;
        auto docs = CorpusImporter::read(path, CorpusImporter::Format::Jsonl);
        if (!docs)
            error = docs.error();
        else
            error = CorpusImporter::import(*p, docs.value(), {}).error();
        QVERIFY2(error.contains(expected), qPrintable(error));
        QCOMPARE(p->counts().value().value(QStringLiteral("documents")), 0);
        QCOMPARE(p->counts().value().value(QStringLiteral("chunks")), 0);
    }

    void keywordCountsSharedTokensWithTies()
    {
        auto r = Retriever::create(QStringLiteral("keyword"), m_project->database());
        const auto hits = r.value()->retrieve({QStringLiteral("Red banana, cherry!"), {}}, 10).value();
        QCOMPARE(docsOf(hits), (QStringList{QStringLiteral("d1"), QStringLiteral("d4"), QStringLiteral("d2")})); // d1 before its twin d4; d3 scores 0
        QCOMPARE(hits[0].score, 2.0);
        QCOMPARE(hits[2].score, 1.0);
        QCOMPARE(r.value()->retrieve({QStringLiteral("red"), {}}, 2).value().size(), 2);
    }

    void tfidfMatchesTheDefinition()
    {
        auto r = Retriever::create(QStringLiteral("tfidf"), m_project->database());
        const QString query = QStringLiteral("red banana banana");
        const auto hits = r.value()->retrieve({query, {}}, 10).value();
        QCOMPARE(docsOf(hits), (QStringList{QStringLiteral("d1"), QStringLiteral("d4"), QStringLiteral("d2")}));
        const QVector<QStringList> docs{Tokenizer::tokens(QStringLiteral("red apple banana")), Tokenizer::tokens(QStringLiteral("red apple")),
                                        Tokenizer::tokens(QStringLiteral("green kiwi")), Tokenizer::tokens(QStringLiteral("red apple banana"))};
        QVERIFY(std::abs(hits[0].score - denseTfidf(docs, Tokenizer::tokens(query), 0)) < 1e-12);
        QVERIFY(std::abs(hits[2].score - denseTfidf(docs, Tokenizer::tokens(query), 1)) < 1e-12);
    }

    void bm25RanksAndSurvivesHostileText()
    {
        auto r = Retriever::create(QStringLiteral("bm25"), m_project->database());
        const auto hits = r.value()->retrieve({QStringLiteral("banana kiwi"), {}}, 10).value();
        QCOMPARE(hits.size(), 3);
        QCOMPARE(hits[0].docId, QStringLiteral("d3")); // kiwi is rarer than banana
        QCOMPARE(docsOf(hits).mid(1), (QStringList{QStringLiteral("d1"), QStringLiteral("d4")}));
        for (const char *hostile : {"\"", "NEAR(red apple)", "red AND", "*", "- red", "'); DROP TABLE chunk; --", "red\" OR \"x",
                                    "東京 Ørn ü", "", "   ", "^red", "red:apple", "{red}"}) {
            auto h = r.value()->retrieve({QString::fromUtf8(hostile), {}}, 5);
            QVERIFY2(h.ok(), hostile);
        }
        QCOMPARE(Bm25Retriever::matchExpression(QStringLiteral("a \"b\" a")), QStringLiteral("\"a\" OR \"b\""));
        QCOMPARE(m_project->counts().value().value(QStringLiteral("chunks")), 4);
    }

    void tokensSplitLikeFts5()
    {
        // unicode61's default categories: letters, numbers, private use; all else separates.
        QCOMPARE(Tokenizer::tokens(QStringLiteral("$100 C++ state-of-the-art x² 5°C Café 3.14 O'Hara")),
                 (QStringList{QStringLiteral("100"), QStringLiteral("c"), QStringLiteral("state"), QStringLiteral("of"), QStringLiteral("the"),
                              QStringLiteral("art"), QStringLiteral("x²"), QStringLiteral("5"), QStringLiteral("c"), QStringLiteral("café"),
                              QStringLiteral("3"), QStringLiteral("14"), QStringLiteral("o"), QStringLiteral("hara")}));
        // A letter outside the BMP is one letter (not two surrogates that split the word).
        QCOMPARE(Tokenizer::tokens(QStringLiteral("a𝐀b")), QStringList{QStringLiteral("a𝐀b")});
        // keyword finds "$100" for the query "100", as FTS5 does.
        auto p = fresh();
        QVERIFY(CorpusImporter::import(*p, {{QStringLiteral("price"), QString(), QStringLiteral("It costs $100 a month."), QStringLiteral("{}"), QStringLiteral("t")},
                                             {QStringLiteral("other"), QString(), QStringLiteral("Nothing about money."), QStringLiteral("{}"), QStringLiteral("t")}},
                                        {})
                    .ok());
        for (const char *name : {"keyword", "tfidf", "bm25"}) {
            auto r = Retriever::create(QString::fromLatin1(name), p->database());
            QVERIFY(r);
            QCOMPARE(docsOf(r.value()->retrieve({QStringLiteral("100"), {}}, 1).value()), QStringList{QStringLiteral("price")});
        }
    }

    void bm25IndexEqualsFts5()
    {
        // A random corpus (Zipf-like word use, some accented and symbol tokens) and random
        // queries: the in-memory index must rank exactly as FTS5's bm25() does.
        std::mt19937 random(11);
        const QStringList vocabulary = [] {
            QStringList v;
            for (int i = 0; i < 400; ++i)
                v << QStringLiteral("w%1").arg(i);
            v << QStringLiteral("café") << QStringLiteral("Ørn") << QStringLiteral("$100") << QStringLiteral("naïve") << QStringLiteral("東京");
            // Symbols, hyphens and digits split where FTS5's unicode61 splits them: "$100" must
            // meet the query word "100", "c++" the word "c" ("x²" stays whole: ² is a number).
            v << QStringLiteral("100") << QStringLiteral("c++") << QStringLiteral("c") << QStringLiteral("state-of-the-art") << QStringLiteral("art")
              << QStringLiteral("x²") << QStringLiteral("x") << QStringLiteral("e-mail") << QStringLiteral("mail") << QStringLiteral("3.14")
              << QStringLiteral("14") << QStringLiteral("€5") << QStringLiteral("O'Hara") << QStringLiteral("hara");
            return v;
        }();
        auto word = [&] {
            const int r = int(random() % 1000);
            return vocabulary[r < 600 ? r % 20 : r < 900 ? 20 + r % 100 : int(random() % vocabulary.size())];
        };
        QVector<CorpusImporter::Document> docs;
        for (int d = 0; d < 1500; ++d) {
            QStringList text;
            const int len = 5 + int(random() % 40);
            for (int w = 0; w < len; ++w)
                text << word();
            docs.append({QStringLiteral("r%1").arg(d), QString(), text.join(QLatin1Char(' ')) + QStringLiteral(", end."), QStringLiteral("{}"), QStringLiteral("random")});
        }
        auto p = fresh();
        QVERIFY(CorpusImporter::import(*p, docs, {}).ok());
        Bm25Retriever fts(p->database());
        Bm25Index memory(CorpusSnapshot::load(p->database()).value());
        // A retriever prepared for a batch answers from the in-memory index.
        Bm25Retriever prepared(p->database());
        QVERIFY(prepared.prepare(QStringList(Bm25Retriever::InMemoryFrom, QStringLiteral("q")), nullptr).ok());
        for (int q = 0; q < 120; ++q) {
            QStringList text;
            for (int w = 0, len = 3 + int(random() % 35); w < len; ++w)
                text << word();
            const RetrievalQuery query{text.join(QLatin1Char(' ')), {}};
            const int k = q % 3 == 0 ? 1 : q % 3 == 1 ? 5 : 10;
            const auto a = fts.retrieve(query, k).value(), b = memory.retrieve(query, k).value(), c = prepared.retrieve(query, k).value();
            QCOMPARE(docsOf(b), docsOf(a));
            QCOMPARE(docsOf(c), docsOf(a));
            for (int i = 0; i < a.size(); ++i)
                QVERIFY2(std::abs(a[i].score - b[i].score) < 1e-9, qPrintable(query.text));
        }
    }

    void oracleAndClosedBook()
    {
        auto oracle = Retriever::create(QStringLiteral("oracle"), m_project->database());
        QCOMPARE(docsOf(oracle.value()->retrieve({QStringLiteral("anything"), {QStringLiteral("d3"), QStringLiteral("d2")}}, 5).value()),
                 (QStringList{QStringLiteral("d3"), QStringLiteral("d2")}));
        auto none = Retriever::create(QStringLiteral("closed-book"), m_project->database());
        QVERIFY(none.value()->retrieve({QStringLiteral("red"), {}}, 5).value().isEmpty());
        QVERIFY(!Retriever::create(QStringLiteral("magic"), m_project->database()).ok());
    }
};

ASSAY_TEST_GUILESS_MAIN(TestRetrieval)

} // namespace tst_retrieval
#include "tst_retrieval.moc"
