// Why a taker scores below the IR students (issue 50 item 5, docs/METHODS.md §9.19), counted
// by hand on a ten-item exam: an oracle without true documents for six items, an LLM taker that
// left items unanswered, and takers above every IR student that get no note.
#include "testmain.h"
#include "exams/examtakernotes.h"

#include <QtTest>

namespace tst_examtakernotes {

using namespace assay;

class TestExamTakerNotes : public QObject {
    Q_OBJECT

    static ResponseMatrix::Takes exam()
    {
        ResponseMatrix::Takes t;
        for (int i = 0; i < 10; ++i) {
            ExamItem it;
            it.key = QStringLiteral("q%1").arg(i);
            it.answer = i % 4;
            if (i < 4)
                it.sourceDocs = {QStringLiteral("doc-%1").arg(i)};
            t.items << it;
        }
        const auto take = [&](const QString &taker, const QVector<bool> &right, const QVector<int> &skipped = {}) {
            ExamRunInfo run;
            run.taker = taker;
            t.runs << run;
            QVector<int> chosen;
            for (int i = 0; i < 10; ++i)
                chosen << (skipped.contains(i) ? -1 : right[i] ? t.items[i].answer : (t.items[i].answer + 1) % 4);
            t.chosen << chosen;
        };
        //                          q0     q1     q2     q3     q4     q5     q6     q7     q8     q9
        take(QStringLiteral("ir:bm25:1"), {true, true, false, true, true, true, false, true, true, false}); // 7
        take(QStringLiteral("ir:keyword:3"), {true, false, false, true, false, true, false, true, false, false}); // 4
        take(QStringLiteral("oracle-ir"), {true, true, true, true, false, true, false, false, false, false}); // 5: 4/4 with documents, 1/6 without
        take(QStringLiteral("llm:small"), {true, true, true, true, true, true, true, true, true, true}, {5, 6, 7, 8}); // 6 right, 4 unanswered
        take(QStringLiteral("llm:large"), {true, true, true, true, true, true, true, true, false, false}); // 8: above every IR student
        return t;
    }

private slots:
    void takersBelowAnIrStudentAreExplained()
    {
        const QVector<ExamTakerNote> notes = ExamTakerNotes::explain(exam());
        QCOMPARE(notes.size(), 2);
        const ExamTakerNote &oracle = notes[0];
        QCOMPARE(oracle.taker, QStringLiteral("oracle-ir"));
        QCOMPARE(oracle.accuracy, 0.5);
        QCOMPARE(oracle.irBelow, 1);
        QCOMPARE(oracle.irStudents, 2);
        QCOMPARE(oracle.bestIr, QStringLiteral("ir:bm25:1"));
        QCOMPARE(oracle.bestIrAccuracy, 0.7);
        // Six items without documents: 1 of 6 right (17%) against bm25's 4 of 6 (67%); with
        // documents 4 of 4 against 3 of 4.
        QCOMPARE(oracle.why, QStringLiteral("it has no true documents for 60% of the items (6 of 10; their groups have none), which it can only guess: "
                                            "17% right there against 67% for ir:bm25:1; on the 4 with documents it scores 100% against 75%"));
        const ExamTakerNote &small = notes[1];
        QCOMPARE(small.taker, QStringLiteral("llm:small"));
        QCOMPARE(small.accuracy, 0.6);
        QCOMPARE(small.why, QStringLiteral("it left 40% of the items unanswered (4 of 10; counted as wrong), and answered 100% of the rest right"));
        const QStringList lines = ExamTakerNotes::lines(notes);
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines[0].startsWith(QStringLiteral("oracle-ir scores 50%, below 1 of 2 IR students (best ir:bm25:1, 70%): it has no true documents")),
                 qPrintable(lines[0]));
    }

    void noIrStudentsNoNotes()
    {
        ResponseMatrix::Takes t = exam();
        t.runs.remove(0, 2);
        t.chosen.remove(0, 2);
        QVERIFY(ExamTakerNotes::explain(t).isEmpty());
        QVERIFY(ExamTakerNotes::explain(ResponseMatrix::Takes()).isEmpty());
        // An adaptive take of an IR student is not an IR student of the whole exam.
        QVERIFY(!ExamTakerNotes::isIrStudent(QStringLiteral("ir:bm25:1 @adaptive")));
        QVERIFY(ExamTakerNotes::isIrStudent(QStringLiteral("ir:bm25:1")));
    }
};

ASSAY_TEST_GUILESS_MAIN(TestExamTakerNotes)

} // namespace tst_examtakernotes
#include "tst_examtakernotes.moc"
