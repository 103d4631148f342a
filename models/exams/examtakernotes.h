#pragma once
// Why a taker scores below a retrieval-only student (docs/METHODS.md §9.19). A pipeline with an
// LLM, or the oracle that reads each item's true documents, is expected to beat the IR students
// (`ir:<retriever>:<k>`, which pick the option their retrieved text supports best); when one does
// not, the exam's summary says why instead of leaving a ranking nobody can read:
// - the oracle: the share of items with no true documents (their query's group has none, or a
//   corpus item's chunk was removed), which it can only guess, and its accuracy with and without
//   them against the best IR student's on the same items;
// - any taker: the share of items it left unanswered (an unanswered item counts as wrong in the
//   share correct the IRT abilities rank), and its accuracy on the items it answered.
#include "core/result.h"
#include "exams/responsematrix.h"

#include <QString>
#include <QVector>

namespace assay {

class Database;

struct ExamTakerNote {
    QString taker;
    double accuracy = 0;   // share correct over every item (unanswered = wrong)
    int irBelow = 0;       // IR students that score higher
    int irStudents = 0;
    QString bestIr;        // the best of them
    double bestIrAccuracy = 0;
    QString why;           // one sentence
};

class ExamTakerNotes {
public:
    static QVector<ExamTakerNote> explain(const ResponseMatrix::Takes &takes);
    static Result<QVector<ExamTakerNote>> explain(Database &db, const QString &exam);
    // "oracle-ir scores below 12 of 24 IR students: …", one line per note.
    static QStringList lines(const QVector<ExamTakerNote> &notes);
    static bool isIrStudent(const QString &taker) { return taker.startsWith(QLatin1String("ir:")) && !taker.contains(QLatin1Char('@')); }
    static bool isOracle(const QString &taker) { return taker.startsWith(QLatin1String("oracle")); }
};

} // namespace assay
