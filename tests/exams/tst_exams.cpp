// Exams: grounded generation on the demo's small database (distractors from the answer's
// column, never the key), each filter both ways, seeded shuffles (deterministic, key position
// about uniform), baseline arithmetic, Bloom and question-type cases, the reply parser, the
// IR taker on a hand-made corpus, the letter-logprob and log-likelihood takers against the
// loopback endpoint, and the response-matrix CSV.
#include "testmain.h"
#include "exams/examclassifier.h"
#include "exams/examfilters.h"
#include "exams/examreplyparser.h"
#include "exams/examshuffle.h"
#include "exams/examstats.h"
#include "exams/examstore.h"
#include "exams/examtaker.h"
#include "exams/groundedexamgenerator.h"
#include "exams/responsematrix.h"
#include "llm/llmprofilestore.h"
#include "project/project.h"
#include "retrieval/corpusimporter.h"
#include "schema/knowledgeconnection.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgevalue.h"
#include "scoring/answermetrics.h"
#include "testdemo.h"
#include "testendpoint.h"
#include "testllm.h"
#include "testsettings.h"

#include <QtTest>

namespace tst_exams {

using namespace assay;

namespace {
ExamItem item(const char *stem, QStringList options, int answer)
{
    ExamItem it;
    it.stem = QString::fromUtf8(stem);
    it.options = std::move(options);
    it.answer = answer;
    return it;
}
QStringList opts(const char *a, const char *b, const char *c, const char *d)
{
    return {QString::fromUtf8(a), QString::fromUtf8(b), QString::fromUtf8(c), QString::fromUtf8(d)};
}
} // namespace

class TestExams : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_demo;
    test::TestEndpoint m_endpoint;

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        QVERIFY(m_endpoint.start());
        QVERIFY(test::saveEndpointProfile(m_endpoint, QStringLiteral("local")));
        m_demo = test::openDemoProject(m_dir);
        QVERIFY(m_demo);
    }

    void groundedGeneration()
    {
        GroundedExamGenerator::Report report;
        auto items = GroundedExamGenerator::generate(*m_demo, QStringLiteral("short"), 11, &report);
        QVERIFY2(items.ok(), qPrintable(items.error()));
        QVERIFY(items.value().size() > 1000);
        QCOMPARE(report.generated, int(items.value().size()) + report.skippedFewValues + report.skippedNoColumn);
        auto connection = KnowledgeConnection::open(*m_demo->service<KnowledgeBase>());
        QVERIFY(connection.ok());
        int letters[4] = {0, 0, 0, 0};
        for (int i = 0; i < items.value().size(); ++i) {
            const ExamItem &it = items.value()[i];
            QCOMPARE(it.options.size(), 4);
            ++letters[it.answer];
            // Never the key among the distractors, and all four distinct once normalised.
            QSet<QString> normal;
            for (const QString &o : it.options)
                normal.insert(AnswerMetrics::normalize(o));
            QCOMPARE(normal.size(), 4);
            if (i % 97 != 0)
                continue;
            // Distractors are values of the answer's own column.
            auto sql = m_demo->database().scalar(QStringLiteral("SELECT t.sql FROM sql_template t JOIN query_group g ON g.sql_template_id = t.id JOIN query q ON q.group_id = g.id WHERE q.id = %1")
                                                     .arg(it.key.mid(1)));
            QString table, column;
            QVERIFY(GroundedExamGenerator::answerColumn(sql.value().toString(), &table, &column));
            auto values = connection.value().query(QStringLiteral("SELECT DISTINCT \"%1\" FROM \"%2\"").arg(column, table));
            QStringList all;
            for (const QVariantList &row : values.value().rows)
                all << KnowledgeValue::displayText(row.value(0));
            for (const QString &o : it.options)
                QVERIFY2(all.contains(o), qPrintable(o + QStringLiteral(" not in ") + table + QLatin1Char('.') + column));
        }
        // The key lands on each letter about a quarter of the time.
        for (int l = 0; l < 4; ++l)
            QVERIFY2(letters[l] > items.value().size() * 0.2 && letters[l] < items.value().size() * 0.3, qPrintable(QString::number(letters[l])));
        // Same seed, same exam; another seed, other shuffles.
        auto again = GroundedExamGenerator::generate(*m_demo, QStringLiteral("short"), 11, nullptr);
        auto other = GroundedExamGenerator::generate(*m_demo, QStringLiteral("short"), 12, nullptr);
        int same = 0;
        for (int i = 0; i < items.value().size(); ++i) {
            QCOMPARE(again.value()[i].options, items.value()[i].options);
            same += other.value()[i].options == items.value()[i].options;
        }
        QVERIFY(same < items.value().size() / 2);
    }

    void answerColumns()
    {
        QString t, c;
        QVERIFY(GroundedExamGenerator::answerColumn(QStringLiteral("SELECT city FROM offices WHERE country = '[offices.country]'"), &t, &c));
        QCOMPARE(t + QLatin1Char('.') + c, QStringLiteral("offices.city"));
        QVERIFY(GroundedExamGenerator::answerColumn(QStringLiteral("SELECT o.city FROM employees e JOIN offices o ON o.office_id = e.office_id WHERE e.name = 'x'"), &t, &c));
        QCOMPARE(t + QLatin1Char('.') + c, QStringLiteral("offices.city"));
        QVERIFY(GroundedExamGenerator::answerColumn(QStringLiteral("SELECT DISTINCT \"name\" FROM \"clients\" c WHERE c.id = 1"), &t, &c));
        QCOMPARE(t + QLatin1Char('.') + c, QStringLiteral("clients.name"));
        QVERIFY(!GroundedExamGenerator::answerColumn(QStringLiteral("SELECT count(*) FROM offices"), &t, &c));
    }

    void filters_data()
    {
        QTest::addColumn<QString>("stem");
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("reason");
        QTest::newRow("kept") << "Which city hosts the Bergen office?" << opts("Bergen", "Oslo", "Porto", "Cork") << "";
        QTest::newRow("according to the passage") << "According to the passage, which city is it?" << opts("Bergen", "Oslo", "Porto", "Cork") << "not self-contained";
        QTest::newRow("in the given text") << "What does the author say in the given text?" << opts("a1", "b2", "c3", "d4") << "not self-contained";
        QTest::newRow("self-contained with document word") << "Which document register holds field data?" << opts("shared", "local", "cloud", "paper") << "";
        QTest::newRow("distractor like the key") << "Which office?" << opts("Bergen office", "The Bergen office!", "Porto", "Cork") << "distractor similar to the key";
        QTest::newRow("distractors alike") << "Which budget?" << opts("900 thousand euros", "300 thousand euros total", "300 thousand euros total", "12") << "distractors similar to each other";
    }
    void filters()
    {
        QFETCH(QString, stem);
        QFETCH(QStringList, options);
        QFETCH(QString, reason);
        auto settings = ExamFilters::defaults();
        QVERIFY(settings.ok());
        ExamItem it;
        it.stem = stem;
        it.options = options;
        it.answer = 0;
        QCOMPARE(ExamFilters::reason(it, settings.value()), reason);
    }

    void duplicatesAndNgrams()
    {
        QCOMPARE(ExamFilters::ngramSize(opts("x b", "c d", "e f g h", "i j")), 3); // mean 2.5 → 3 (rounded half up)
        QCOMPARE(ExamFilters::jaccard(QStringLiteral("red apple pie"), QStringLiteral("red apple tart"), 2), 1.0 / 3);
        QVector<ExamItem> items{item("Which city?", opts("Oslo", "Bergen", "Porto", "Cork"), 0), item("which  CITY", opts("Oslo", "Bergen", "Porto", "Cork"), 1)};
        const auto counts = ExamFilters::apply(items, ExamFilters::defaults().value());
        QCOMPARE(items[0].filterReason, QString());
        QCOMPARE(items[1].filterReason, QStringLiteral("duplicate"));
        QCOMPARE(counts.value(QStringLiteral("duplicate")), 1);
    }

    void shufflesAndBaselines()
    {
        QStringList a = opts("k", "x", "y", "z"), b = a;
        const int ka = ExamShuffle::shuffle(a, 0, 5, 42), kb = ExamShuffle::shuffle(b, 0, 5, 42);
        QCOMPARE(a, b);
        QCOMPARE(ka, kb);
        QCOMPARE(a[ka], QStringLiteral("k"));
        // Baselines: keys at A, A, C, D; the longest option is the key twice.
        QVector<ExamItem> items{item("q1", opts("longest one", "b", "c", "d"), 0), item("q2", opts("a", "bbbbbb", "c", "d"), 0),
                                item("q3", opts("a", "b", "c", "d"), 2), item("q4", opts("a", "b", "c", "dddd"), 3),
                                item("q5", opts("a", "b", "c", "d"), 1)};
        items[4].filterReason = QStringLiteral("duplicate"); // not counted
        const auto stats = ExamStats::compute(items, {{"generated", 6}});
        QCOMPARE(stats["kept"].get<int>(), 4);
        QCOMPARE(stats["baselines"]["fixed_A"].get<double>(), 0.5);
        QCOMPARE(stats["baselines"]["fixed_B"].get<double>(), 0.0);
        QCOMPARE(stats["baselines"]["fixed_D"].get<double>(), 0.25);
        QCOMPARE(stats["baselines"]["longest"].get<double>(), 0.5); // q1, q4
        QCOMPARE(stats["filtered"]["duplicate"].get<int>(), 1);
        QCOMPARE(stats["generated"].get<int>(), 6);
        QCOMPARE(ExamStats::longestOption(opts("ab", "cd", "e", "f")), 0); // ties: the first
    }

    void classification()
    {
        const auto keywords = ExamClassifier::bloomKeywords();
        QVERIFY(keywords.ok());
        QCOMPARE(ExamClassifier::bloom(QStringLiteral("Who leads the Cork office?"), keywords.value()), QStringList{QStringLiteral("Remember")});
        QCOMPARE(ExamClassifier::bloom(QStringLiteral("Why did the budget grow, and how would you evaluate it?"), keywords.value()),
                 (QStringList{QStringLiteral("Analyze"), QStringLiteral("Evaluate")}));
        QCOMPARE(ExamClassifier::bloom(QStringLiteral("Budget of Ashcombe roads"), keywords.value()), QStringList{QStringLiteral("Uncategorized")});
        QCOMPARE(ExamClassifier::bloom(QStringLiteral("The wholesale price"), keywords.value()), QStringList{QStringLiteral("Uncategorized")}); // "who" inside a word
        QCOMPARE(ExamClassifier::questionType(QStringLiteral("In which year did it open?")), QStringLiteral("which"));
        QCOMPARE(ExamClassifier::questionType(QStringLiteral("Whose project is it?")), QStringLiteral("who"));
        QCOMPARE(ExamClassifier::questionType(QStringLiteral("Name the city.")), QStringLiteral("other"));
        QCOMPARE(ExamClassifier::questionType(QStringLiteral("What's the budget?")), QStringLiteral("what"));
    }

    void replyParser()
    {
        int bad = 0;
        auto json = ExamReplyParser::parse(QStringLiteral("```json\n[{\"question\": \"Q1?\", \"options\": [\"A. one\", \"B. two\", \"C. three\", \"D. four\"], \"answer\": \"C\"},"
                                                          " {\"question\": \"Q2?\", \"options\": [\"x\", \"y\"], \"answer\": \"A\"}]\n```"), &bad);
        QCOMPARE(json.size(), 1);
        QCOMPARE(json[0].options[2], QStringLiteral("three"));
        QCOMPARE(json[0].answer, 2);
        QCOMPARE(bad, 1);
        bad = 0;
        auto text = ExamReplyParser::parse(QStringLiteral("1. Which city hosts the office?\nA) Oslo\nB) Bergen\nC) Porto\nD) Cork\nAnswer: B\n\n2. Broken?\nA) x\nAnswer: A\n"), &bad);
        QCOMPARE(text.size(), 1);
        QCOMPARE(text[0].stem, QStringLiteral("Which city hosts the office?"));
        QCOMPARE(text[0].answer, 1);
        QCOMPARE(bad, 1);
    }

    void irTakerOnAHandMadeCorpus()
    {
        auto project = Project::create(m_dir.filePath(QStringLiteral("ir.assay")));
        QVERIFY(project.ok());
        QFile f(m_dir.filePath(QStringLiteral("fruit.jsonl")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"id\": \"d1\", \"text\": \"the apple is red and sweet\"}\n{\"id\": \"d2\", \"text\": \"the banana is yellow\"}\n{\"id\": \"d3\", \"text\": \"boats sail on the lake\"}\n");
        f.close();
        QVERIFY(CorpusImporter::import(*project.value(), CorpusImporter::read(f.fileName(), CorpusImporter::Format::Jsonl).value(), {}).ok());
        QVector<ExamItem> items{item("Which fruit is red?", opts("banana", "apple", "kiwi", "boat"), 1), item("Which fruit is yellow?", opts("apple", "kiwi", "banana", "lake"), 2),
                                item("Which planet is largest?", opts("mars", "jupiter", "venus", "earth"), 1)};
        items[0].id = 1;
        items[1].id = 2;
        items[2].id = 3;
        items[0].sourceDocs = {QStringLiteral("d1")};
        for (const char *spec : {"ir:bm25:1", "ir:keyword:1", "ir:tfidf:1"}) {
            auto answers = ExamTaker::take(project.value()->database(), items, ExamTaker::parse(QString::fromLatin1(spec)).value());
            QVERIFY2(answers.ok(), qPrintable(answers.error()));
            QVERIFY2(answers.value()[0].chosen == 1, spec);
            QCOMPARE(answers.value()[1].chosen, 2);
            QCOMPARE(answers.value()[2].chosen, 0); // nothing matches: a tie, the first option
            QVERIFY(answers.value()[0].correct && !answers.value()[2].correct);
        }
        auto oracle = ExamTaker::take(project.value()->database(), items, ExamTaker::parse(QStringLiteral("oracle-ir")).value());
        QCOMPARE(oracle.value()[0].chosen, 1); // "apple" is in d1
        QCOMPARE(ExamTaker::parse(QStringLiteral("ir:oracle:1")).ok(), false);
        QVERIFY(ExamTaker::parse(QStringLiteral("llm-letter:local:icl=9")).error().contains(QLatin1String("icl")));
        QCOMPARE(ExamTaker::parse(QStringLiteral("ir")).value().text, QStringLiteral("ir:bm25:3"));
        // Retrievers that need an embedding profile are refused as the spec is read, not at take time.
        for (const char *spec : {"ir:dense:3", "ir:hybrid", "llm-letter:local:context=dense", "llm-letter:local:context=hybrid"})
            QVERIFY2(ExamTaker::parse(QString::fromLatin1(spec)).error().contains(QLatin1String("needs an embedding profile")), spec);
    }

    void standaloneLetters_data()
    {
        QTest::addColumn<QString>("reply");
        QTest::addColumn<int>("letter");
        QTest::newRow("B") << "B" << 1;
        QTest::newRow("(B)") << "(B)" << 1;
        QTest::newRow("B.") << "B." << 1;
        QTest::newRow("B)") << " B) " << 1;
        QTest::newRow("Answer: B") << "Answer: B" << 1;
        QTest::newRow("answer: d") << "answer: d" << 3;
        QTest::newRow("The answer is (C).") << "The answer is (C)." << 2;
        QTest::newRow("[A]") << "[A]" << 0;
        QTest::newRow("Correct") << "Correct" << -1;
        QTest::newRow("Answer") << "Answer" << -1;
        QTest::newRow("Based on the text") << "Based on the text, B" << -1;
        QTest::newRow("bare a") << "a" << -1;
        QTest::newRow("B, because") << "B, because Oslo" << -1;
        QTest::newRow("E") << "E" << -1;
        QTest::newRow("empty") << "" << -1;
    }
    void standaloneLetters()
    {
        QFETCH(QString, reply);
        QFETCH(int, letter);
        QCOMPARE(ExamTaker::letterOf(reply), letter);
    }

    void llmTakers()
    {
        QVector<ExamItem> items{item("Who leads Cork?", opts("Ana", "Bo", "Cyril", "Dee"), 2), item("Capital?", opts("Oslo", "Bergen", "Tromsoe", "Ski"), 0)};
        items[0].id = 1;
        items[1].id = 2;
        // The endpoint answers the letter of a fixture; its logprobs favour that letter.
        m_endpoint.addFixture(QStringLiteral("Question: Who leads Cork?"), QStringLiteral("C"));
        m_endpoint.addFixture(QStringLiteral("Question: Capital?"), QStringLiteral("B"));
        auto letter = ExamTaker::take(m_demo->database(), items, ExamTaker::parse(QStringLiteral("llm-letter:local")).value());
        QVERIFY2(letter.ok(), qPrintable(letter.error()));
        QCOMPARE(letter.value()[0].chosen, 2);
        QVERIFY(letter.value()[0].correct);
        QCOMPARE(letter.value()[1].chosen, 1);
        QVERIFY(std::abs(letter.value()[0].scores[2] + 0.1) < 1e-9);
        QVERIFY(m_endpoint.lastBody().contains("\"top_logprobs\""));
        QCOMPARE(ExamTaker::summarize(letter.value()).withoutLogprobs, 0);
        // A server without logprobs: only a standalone letter is an answer; "Correct" leaves
        // the item unanswered with the reply as the reason, and the take is warned once.
        m_endpoint.setLogprobs(false);
        // Questions not asked before, so no answer comes from the project's cache.
        QVector<ExamItem> fresh{item("Who leads Tromsoe?", opts("Ana", "Bo", "Cyril", "Dee"), 2), item("Largest city?", opts("Oslo", "Bergen", "Tromsoe", "Ski"), 0)};
        fresh[0].id = 1;
        fresh[1].id = 2;
        m_endpoint.addFixture(QStringLiteral("Question: Who leads Tromsoe?"), QStringLiteral("Correct"));
        m_endpoint.addFixture(QStringLiteral("Question: Largest city?"), QStringLiteral("(A)"));
        auto plain = ExamTaker::take(m_demo->database(), fresh, ExamTaker::parse(QStringLiteral("llm-letter:local")).value());
        m_endpoint.setLogprobs(true);
        QVERIFY2(plain.ok(), qPrintable(plain.error()));
        QCOMPARE(plain.value()[0].chosen, -1);
        QVERIFY(!plain.value()[0].correct);
        QCOMPARE(plain.value()[0].reason, QStringLiteral("no standalone letter in the reply: Correct"));
        QCOMPARE(plain.value()[1].chosen, 0);
        QVERIFY(plain.value()[1].correct);
        const ExamTaker::Summary summary = ExamTaker::summarize(plain.value());
        QCOMPARE(summary.answered, 1);
        QCOMPARE(summary.unanswered, 1);
        QCOMPARE(summary.correct, 1);
        QCOMPARE(summary.withoutLogprobs, 2);
        QVERIFY(summary.text(QStringLiteral("t")).contains(QLatin1String("1 of 2 answered, 1 correct (100.0% of the answered); 1 unanswered")));
        QVERIFY(summary.warning(QStringLiteral("t")).contains(QLatin1String("no logprobs for 2 of 2 items")));
        // ICL examples are other items with their answer letters.
        const QString prompt = ExamTaker::letterPrompt(QStringLiteral("{examples}|{question}|{options}"), items[1], {}, {items[0]});
        QCOMPARE(prompt, QStringLiteral("\nQuestion: Who leads Cork?\nA. Ana\nB. Bo\nC. Cyril\nD. Dee\nAnswer: C\n|Capital?|A. Oslo\nB. Bergen\nC. Tromsoe\nD. Ski"));
        // Log-likelihood: the endpoint gives each echoed word −0.5 × its length, so the
        // shortest option is the likeliest.
        auto loglik = ExamTaker::take(m_demo->database(), items, ExamTaker::parse(QStringLiteral("llm-loglik:local")).value());
        QVERIFY2(loglik.ok(), qPrintable(loglik.error()));
        QCOMPARE(loglik.value()[0].chosen, 1); // "Bo"
        QCOMPARE(loglik.value()[1].chosen, 3); // "Ski"
        QVERIFY(std::abs(loglik.value()[0].scores[0] - (-1.5)) < 1e-9);
    }

    // An item's lists (options, source documents, Bloom levels) come back as they went in,
    // whatever their characters: quotes, backslashes, a newline, a tab, non-Latin text, an
    // empty string, an emoji (a surrogate pair), and an empty list.
    void listsRoundTrip()
    {
        ExamStore store(m_demo->database());
        ExamItem it = item("Which?", opts("say \"yes\"", "C:\\path\\x", "two\nlines\tand a tab", "Ελληνικά 日本語 \U0001F600"), 1);
        it.key = QStringLiteral("lists");
        it.sourceDocs = {QString(), QStringLiteral("doc,1"), QStringLiteral("[\"not a list\"]")};
        it.bloom = {};
        auto id = store.create(QStringLiteral("lists"), QStringLiteral("queries"), 1, {it}, nlohmann::json::object());
        QVERIFY2(id.ok(), qPrintable(id.error()));
        const QVector<ExamItem> stored = store.items(id.value()).value();
        QCOMPARE(stored.size(), 1);
        QCOMPARE(stored[0].options, it.options);
        QCOMPARE(stored[0].sourceDocs, it.sourceDocs);
        QCOMPARE(stored[0].bloom, QStringList());
        QCOMPARE(stored[0].options[3].size(), 15); // the emoji is two UTF-16 units
    }

    void responseMatrixCsv()
    {
        ExamStore store(m_demo->database());
        QVector<ExamItem> items{item("Q one?", opts("a", "b", "c", "d"), 0), item("Q two?", opts("a", "b", "c", "d"), 1), item("Q three?", opts("a", "b", "c", "d"), 2)};
        items[0].key = QStringLiteral("i1");
        items[1].key = QStringLiteral("i2");
        items[2].key = QStringLiteral("i,3");
        auto id = store.create(QStringLiteral("csv"), QStringLiteral("queries"), 1, items, nlohmann::json::object());
        QVERIFY(id.ok());
        const QVector<ExamItem> stored = store.items(id.value()).value();
        QVERIFY(store.saveRun(id.value(), QStringLiteral("s1"), {{"llm", "none"}, {"retriever", "bm25"}},
                              {{stored[0].id, 0, true, {}, 1, {}, false}, {stored[1].id, 2, false, {}, 1, {}, false}}).ok());
        // s2 left "Q one?" unanswered: a missing cell, like the item it never saw.
        QVERIFY(store.saveRun(id.value(), QStringLiteral("s2"), {{"llm", "x"}, {"icl", "2"}},
                              {{stored[0].id, -1, false, {}, 1, QStringLiteral("no standalone letter in the reply: Correct"), true}, {stored[2].id, 2, true, {}, 1, {}, false}})
                    .ok());
        const QString m = m_dir.filePath(QStringLiteral("m.csv")), f = m_dir.filePath(QStringLiteral("f.csv"));
        auto counts = ResponseMatrix::write(m_demo->database(), QStringLiteral("csv"), m, f);
        QVERIFY2(counts.ok(), qPrintable(counts.error()));
        QFile mf(m), ff(f);
        QVERIFY(mf.open(QIODevice::ReadOnly) && ff.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(mf.readAll()), QStringLiteral("student,i1,i2,\"i,3\"\ns1,1,0,\ns2,,,1\n"));
        QCOMPARE(m_demo->database().scalar(QStringLiteral("SELECT reason FROM exam_answer WHERE chosen IS NULL")).value().toString(),
                 QStringLiteral("no standalone letter in the reply: Correct"));
        QCOMPARE(QString::fromUtf8(ff.readAll()), QStringLiteral("student,llm,retriever,icl\ns1,none,bm25,\ns2,x,,2\n"));
        // The guard's counts come from the database without reading the matrix, and agree
        // with it: 2 takes, 3 items, 3 answered cells (s2's unanswered one is no answer).
        auto counted = ResponseMatrix::counts(m_demo->database(), QStringLiteral("csv"));
        QVERIFY2(counted.ok(), qPrintable(counted.error()));
        auto matrix = ResponseMatrix::data(m_demo->database(), QStringLiteral("csv"));
        QVERIFY2(matrix.ok(), qPrintable(matrix.error()));
        QCOMPARE(counted.value().students, 2);
        QCOMPARE(counted.value().items, 3);
        QCOMPARE(counted.value().answered, qint64(3));
        QCOMPARE(counted.value().answered, matrix.value().answered());
        // A rejected item leaves both the matrix and the counts.
        QVERIFY(store.setState(stored[2].id, CurationState::Rejected).ok());
        QCOMPARE(ResponseMatrix::counts(m_demo->database(), QStringLiteral("csv")).value().answered, qint64(2));
        QCOMPARE(ResponseMatrix::data(m_demo->database(), QStringLiteral("csv")).value().answered(), qint64(2));
    }
};

ASSAY_TEST_GUILESS_MAIN(TestExams)

} // namespace tst_exams
#include "tst_exams.moc"
