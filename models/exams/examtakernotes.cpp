#include "exams/examtakernotes.h"

#include <algorithm>

namespace assay {

namespace {

QString percent(double share) { return QStringLiteral("%1%").arg(100 * share, 0, 'f', 0); }

// Right answers of take t over the items in `which` (all when empty), and how many there are.
std::pair<int, int> rightOn(const ResponseMatrix::Takes &takes, int t, const QVector<int> &which)
{
    int right = 0, count = 0;
    const auto one = [&](int i) {
        ++count;
        right += takes.chosen[t].value(i, -1) == takes.items[i].answer ? 1 : 0;
    };
    if (which.isEmpty())
        for (int i = 0; i < takes.items.size(); ++i)
            one(i);
    else
        for (int i : which)
            one(i);
    return {right, count};
}

double share(std::pair<int, int> rc) { return rc.second ? double(rc.first) / rc.second : 0.0; }

} // namespace

QVector<ExamTakerNote> ExamTakerNotes::explain(const ResponseMatrix::Takes &takes)
{
    QVector<ExamTakerNote> notes;
    if (takes.items.isEmpty())
        return notes;
    QVector<int> ir;
    for (int t = 0; t < takes.runs.size(); ++t)
        if (isIrStudent(takes.runs[t].taker))
            ir << t;
    if (ir.isEmpty())
        return notes;
    QVector<double> accuracy(takes.runs.size());
    for (int t = 0; t < takes.runs.size(); ++t)
        accuracy[t] = share(rightOn(takes, t, {}));
    const int best = *std::max_element(ir.begin(), ir.end(), [&](int a, int b) { return accuracy[a] < accuracy[b]; });
    QVector<int> withDocs, withoutDocs;
    for (int i = 0; i < takes.items.size(); ++i)
        (takes.items[i].sourceDocs.isEmpty() ? withoutDocs : withDocs) << i;
    for (int t = 0; t < takes.runs.size(); ++t) {
        const QString &taker = takes.runs[t].taker;
        if (isIrStudent(taker) || accuracy[t] >= accuracy[best])
            continue;
        ExamTakerNote n;
        n.taker = taker;
        n.accuracy = accuracy[t];
        n.irStudents = int(ir.size());
        n.irBelow = int(std::count_if(ir.begin(), ir.end(), [&](int s) { return accuracy[s] > accuracy[t]; }));
        n.bestIr = takes.runs[best].taker;
        n.bestIrAccuracy = accuracy[best];
        QStringList why;
        const int items = int(takes.items.size());
        if (isOracle(taker) && !withoutDocs.isEmpty()) {
            const double without = double(withoutDocs.size()) / items;
            why << QStringLiteral("it has no true documents for %1 of the items (%2 of %3; their groups have none), which it can only guess: "
                                  "%4 right there against %5 for %6")
                       .arg(percent(without)).arg(withoutDocs.size()).arg(items)
                       .arg(percent(share(rightOn(takes, t, withoutDocs)))).arg(percent(share(rightOn(takes, best, withoutDocs)))).arg(n.bestIr);
            if (!withDocs.isEmpty())
                why << QStringLiteral("on the %1 with documents it scores %2 against %3")
                           .arg(withDocs.size()).arg(percent(share(rightOn(takes, t, withDocs)))).arg(percent(share(rightOn(takes, best, withDocs))));
        }
        int unanswered = 0, right = 0;
        for (int i = 0; i < items; ++i) {
            const int c = takes.chosen[t].value(i, -1);
            unanswered += c < 0 ? 1 : 0;
            right += c >= 0 && c == takes.items[i].answer ? 1 : 0;
        }
        if (unanswered > 0)
            why << QStringLiteral("it left %1 of the items unanswered (%2 of %3; counted as wrong), and answered %4 of the rest right")
                       .arg(percent(double(unanswered) / items)).arg(unanswered).arg(items)
                       .arg(percent(unanswered < items ? double(right) / (items - unanswered) : 0.0));
        if (why.isEmpty())
            why << QStringLiteral("it answered every item and the items' documents are there: its answers, not the exam, fall short (compare its wrong "
                                  "items with %1's in the grid's Source column)").arg(n.bestIr);
        n.why = why.join(QStringLiteral("; "));
        notes << n;
    }
    return notes;
}

Result<QVector<ExamTakerNote>> ExamTakerNotes::explain(Database &db, const QString &exam)
{
    auto takes = ResponseMatrix::takes(db, exam);
    if (!takes)
        return Result<QVector<ExamTakerNote>>::failure(takes.error());
    return explain(takes.value());
}

QStringList ExamTakerNotes::lines(const QVector<ExamTakerNote> &notes)
{
    QStringList out;
    for (const ExamTakerNote &n : notes)
        out << QStringLiteral("%1 scores %2, below %3 of %4 IR students (best %5, %6): %7")
                   .arg(n.taker, percent(n.accuracy)).arg(n.irBelow).arg(n.irStudents).arg(n.bestIr, percent(n.bestIrAccuracy), n.why);
    return out;
}

} // namespace assay
