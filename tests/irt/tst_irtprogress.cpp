// The IRT fit's progress (issue 77 item 4): a search reports its stages in order — the model
// comparison, each joint start, the refit, the dimensionality check — and moves within each by
// the fitters' iterations, never backwards; through IrtImprovement and a Job, the first step's
// search fills its share of the bar and its end is reported when the step is fitted.
#include "testmain.h"
#include "core/job.h"
#include "irt/irtimprovement.h"
#include "irt/irtinformation.h"
#include "irt/irtsearch.h"
#include "irt/irtsimulation.h"

#include <QtTest>

#include <algorithm>

namespace tst_irtprogress {

using namespace assay;

namespace {
IrtSimulationSpec spec(int students, int items, quint64 seed)
{
    IrtSimulationSpec s;
    s.students = students;
    s.items = items;
    s.seed = seed;
    return s;
}
} // namespace

class TestIrtProgress : public QObject {
    Q_OBJECT

private slots:
    // The fit's progress moves through every stage of the search in order (the comparison,
    // each joint start, the refit, the dimensionality check), within each stage by iterations,
    // never backwards; through a Job, the bar reaches the first step's end only when it is fitted.
    void theSearchReportsItsStages()
    {
        const IrtSimulation sim = IrtSimulation::generate(spec(400, 25, 5));
        IrtOptions options; // auto: the comparison, then the joint starts up to BIC's model
        QVector<std::pair<double, QString>> seen;
        options.progress = [&](double fraction, const QString &stage) { seen.append({fraction, stage}); };
        auto fit = IrtSearch::run(sim.data, options);
        QVERIFY2(fit.ok(), qPrintable(fit.error()));
        QVERIFY(seen.size() >= 5);
        QCOMPARE(seen.first().first, 0.0);
        QVERIFY(seen.first().second.startsWith(QStringLiteral("comparing the 1PL, 2PL and 3PL")));
        QVERIFY(seen.last().second.startsWith(QStringLiteral("checking the dimensionality")));
        QStringList stages;
        for (int i = 0; i < seen.size(); ++i) {
            QVERIFY2(seen[i].first >= 0 && seen[i].first < 1, qPrintable(seen[i].second));
            if (i > 0)
                QVERIFY2(seen[i].first >= seen[i - 1].first, qPrintable(QStringLiteral("%1 after %2").arg(seen[i].second, seen[i - 1].second)));
            const QString stage = seen[i].second.section(QStringLiteral(": iteration"), 0, 0);
            if (stages.isEmpty() || stages.last() != stage)
                stages << stage;
        }
        QVERIFY2(stages.filter(QStringLiteral("joint fit, start 1 of at most")).size() == 1, qPrintable(stages.join(QStringLiteral(" | "))));
        QVERIFY2(stages.contains(QStringLiteral("standard errors and item fit")), qPrintable(stages.join(QStringLiteral(" | "))));
        const int starts = int(stages.filter(QStringLiteral("joint fit, start")).size());
        QVERIFY2(starts >= 1 && starts <= 5, qPrintable(stages.join(QStringLiteral(" | "))));

        // Through IrtImprovement and a Job: the first step's search fills 1000 of 1000 + 200
        // per later step, and its end is reported once the step is fitted.
        Job job(QStringLiteral("fit"), [&](Job &j) {
            IrtOptions plain;
            return Status(IrtImprovement::run(sim.data, plain, 1, 0.1, IrtInformation::grid(), &j).ok() ? Status() : Status::failure(QStringLiteral("fit failed")));
        });
        QVector<qint64> done;
        QStringList details;
        connect(&job, &Job::progressChanged, this, [&](qint64 d, qint64 total, const QString &detail, double) {
            QCOMPARE(total, qint64(1200));
            done << d;
            details << detail;
        });
        QVERIFY(job.runHere().ok());
        QVERIFY(!done.isEmpty());
        QCOMPARE(done.first(), qint64(0));
        QVERIFY(std::is_sorted(done.cbegin(), done.cend()));
        QVERIFY2(details.contains(QStringLiteral("step 0 fitted")), qPrintable(details.join(QStringLiteral(" | "))));
        QCOMPARE(done[details.indexOf(QStringLiteral("step 0 fitted"))], qint64(1000));
        QVERIFY(!details.filter(QStringLiteral("comparing the 1PL, 2PL and 3PL")).isEmpty());
    }
};

ASSAY_TEST_GUILESS_MAIN(TestIrtProgress)

} // namespace tst_irtprogress
#include "tst_irtprogress.moc"
