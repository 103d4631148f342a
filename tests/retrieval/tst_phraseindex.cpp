// The phrase index behind the automatic proposals (issue 49): one pass over the corpus lists,
// for every phrase looked for, the chunks whose words hold it. Checked by hand on a few
// chunks (case, punctuation, letters beyond ASCII, a phrase inside a longer word), and as a
// property over 400 random chunks and 300 phrases: every chunk that holds a phrase at word
// boundaries is listed (the linker must not lose a document FTS5 would have found), and every
// listed chunk holds the phrase's words in a row (nothing is listed by chance).
#include "testmain.h"
#include "grounding/phraseindex.h"
#include "io/wordmatch.h"
#include "project/project.h"
#include "retrieval/corpusimporter.h"
#include "retrieval/corpusstore.h"
#include "testsettings.h"

#include <QRandomGenerator>
#include <QtTest>

namespace tst_phraseindex {

using namespace assay;

class TestPhraseIndex : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    int m_serial = 0;

    // A project whose corpus is `texts`, one short document (one chunk) each, ids d0, d1, …
    std::unique_ptr<Project> corpusOf(const QStringList &texts)
    {
        auto project = Project::create(m_dir.filePath(QStringLiteral("p%1.assay").arg(++m_serial))).take();
        QVector<CorpusDocument> docs;
        for (int i = 0; i < texts.size(); ++i)
            docs.append({QStringLiteral("d%1").arg(i), QString(), texts.at(i), QStringLiteral("{}"), {}});
        auto imported = CorpusImporter::import(*project, docs, {});
        if (!imported.ok() || imported.value().chunks != texts.size())
            return nullptr;
        return project;
    }

    // The documents of the chunks the index lists for `phrase`.
    static QStringList documents(const PhraseIndex &index, int phrase)
    {
        QStringList out;
        for (int c : index.chunksOf(phrase))
            out << index.documentOfChunk().at(c);
        return out;
    }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        QVERIFY(m_dir.isValid());
    }

    void byHand()
    {
        auto project = corpusOf({QStringLiteral("Greyfen Telecom opened an office in Ålesund."), QStringLiteral("GREYFEN  telecom's report: O'Brien signed it."),
                                 QStringLiteral("Greyfen Telecoms is another firm; 5 offices."), QStringLiteral("Nothing here but item 15 and item 5.")});
        QVERIFY(project);
        PhraseIndex index;
        const int greyfen = index.add(QStringLiteral("Greyfen Telecom"));
        const int alesund = index.add(QStringLiteral("ÅLESUND"));
        const int obrien = index.add(QStringLiteral("o'brien"));
        const int five = index.add(QStringLiteral("5"));
        const int item5 = index.add(QStringLiteral("Item 5"));
        QCOMPARE(index.add(QStringLiteral("  greyfen   TELECOM ")), greyfen); // the same words: the same phrase
        QCOMPARE(index.add(QStringLiteral("—")), -1);                        // no words: nothing to look for
        QCOMPARE(PhraseIndex::wordsOf(QStringLiteral("O'Brien, Ltd.")), QStringLiteral("o brien ltd"));
        QVERIFY(index.build(CorpusStore(project->database())));
        QCOMPARE(index.chunkIds().size(), 4);
        QCOMPARE(documents(index, greyfen), (QStringList{QStringLiteral("d0"), QStringLiteral("d1")})); // not "Telecoms"
        QCOMPARE(documents(index, alesund), QStringList{QStringLiteral("d0")});
        QCOMPARE(documents(index, obrien), QStringList{QStringLiteral("d1")});
        QCOMPARE(documents(index, five), (QStringList{QStringLiteral("d2"), QStringLiteral("d3")})); // not inside "15"
        QCOMPARE(documents(index, item5), QStringList{QStringLiteral("d3")});
        QCOMPARE(index.unionOf({alesund, obrien, greyfen}), (QVector<int>{0, 1}));
        QCOMPARE(index.chunkWords().at(0), 7);
    }

    void listsEveryChunkThatHoldsThePhrase()
    {
        QRandomGenerator random(49);
        static const QStringList vocabulary{QStringLiteral("north"), QStringLiteral("North"), QStringLiteral("port"), QStringLiteral("porto"),
                                            QStringLiteral("5"),     QStringLiteral("15"),    QStringLiteral("o'neil"), QStringLiteral("Škoda"),
                                            QStringLiteral("item"),  QStringLiteral("ITEM"),  QStringLiteral("a-b"), QStringLiteral("ß")};
        static const QStringList gaps{QStringLiteral(" "), QStringLiteral("  "), QStringLiteral(", "), QStringLiteral(". "), QStringLiteral("\n"), QStringLiteral("-"),
                                      QStringLiteral("")};
        const auto sentence = [&](int words) {
            QString s;
            for (int w = 0; w < words; ++w)
                s += (w ? gaps.at(int(random.bounded(gaps.size()))) : QString()) + vocabulary.at(int(random.bounded(vocabulary.size())));
            return s;
        };
        QStringList texts;
        for (int i = 0; i < 400; ++i)
            texts << sentence(3 + int(random.bounded(10)));
        QStringList phrases;
        for (int i = 0; i < 300; ++i)
            phrases << sentence(1 + int(random.bounded(3)));
        auto project = corpusOf(texts);
        QVERIFY(project);
        PhraseIndex index;
        QVector<int> numbers;
        for (const QString &p : phrases)
            numbers << index.add(p);
        QVERIFY(index.build(CorpusStore(project->database())));
        QCOMPARE(index.chunkIds().size(), texts.size());
        qint64 held = 0, listed = 0;
        for (int p = 0; p < phrases.size(); ++p) {
            const QVector<int> &chunks = index.chunksOf(numbers.at(p));
            QVERIFY(std::is_sorted(chunks.begin(), chunks.end()));
            const QString needle = phrases.at(p).trimmed().toCaseFolded();
            const QString words = QLatin1Char(' ') + PhraseIndex::wordsOf(phrases.at(p)) + QLatin1Char(' ');
            for (int c = 0; c < texts.size(); ++c) {
                const int doc = index.documentOfChunk().at(c).mid(1).toInt();
                const bool isListed = std::binary_search(chunks.begin(), chunks.end(), c);
                if (containsWord(texts.at(doc).toCaseFolded(), needle)) {
                    ++held;
                    QVERIFY2(isListed, qPrintable(QStringLiteral("\"%1\" holds \"%2\" but is not listed").arg(texts.at(doc), phrases.at(p))));
                }
                if (isListed) {
                    ++listed;
                    QVERIFY2((QLatin1Char(' ') + PhraseIndex::wordsOf(texts.at(doc)) + QLatin1Char(' ')).contains(words),
                             qPrintable(QStringLiteral("\"%1\" is listed for \"%2\"").arg(texts.at(doc), phrases.at(p))));
                }
            }
        }
        qInfo("%lld chunk-phrase pairs held at word boundaries, %lld listed", held, listed);
        QVERIFY(held > 500); // the property was exercised
        QVERIFY(listed >= held);
    }
};

ASSAY_TEST_GUILESS_MAIN(TestPhraseIndex)

} // namespace tst_phraseindex
#include "tst_phraseindex.moc"
