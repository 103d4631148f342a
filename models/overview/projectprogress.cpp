#include "overview/projectprogress.h"

#include <cmath>

#include "exams/examstore.h"
#include "generation/generationreadstore.h"
#include "grounding/groundlinkstore.h"
#include "project/project.h"
#include "runs/runresultstore.h"
#include "runs/gatestore.h"
#include "runs/runstore.h"
#include "runs/testsetstore.h"
#include "schema/knowledgebase.h"

#include <QLocale>
#include <QObject>

namespace assay {

namespace {

QString n(qint64 value) { return QLocale().toString(value); }
// "1 exam", "3 exams".
QString count(qint64 value, const QString &one, const QString &many) { return QStringLiteral("%1 %2").arg(n(value), value == 1 ? one : many); }

// What the stores hold, in the numbers the steps are judged by.
struct Facts {
    qint64 tables = 0, rows = 0;
    QString serverProblem; // linked to a server whose rows could not be counted: why
    GenerationReadStore::Tally generated;
    GenerationReadStore::GroupCount groups; // the groups runs ask about (docs/METHODS.md §1.6)
    qint64 documents = 0, chunks = 0;
    GroundLinkStore::Coverage coverage;
    qint64 runs = 0, runsDone = 0, scored = 0;
    ExamProgress exams;
    QStringList baselines; // "tfidf-k1 (version v1)", one per version with a baseline
    std::optional<GateRecord> gate; // the latest gate computed
};

Result<Facts> readFacts(Project &project)
{
    Facts f;
    const KnowledgeBase *kb = project.service<KnowledgeBase>();
    f.tables = kb->tables().size();
    for (const KnowledgeTable &t : kb->tables()) {
        auto rows = kb->rowCount(t.id);
        if (!rows && kb->isRemote()) {
            f.serverProblem = rows.error(); // the rows are on a server not reached (yet)
            continue;
        }
        if (!rows)
            return Result<Facts>::failure(rows);
        f.rows += rows.value();
    }
    Database &db = project.database();
    auto tally = GenerationReadStore(db).tally();
    if (!tally)
        return Result<Facts>::failure(tally);
    f.generated = tally.value();
    auto groups = GenerationReadStore(db).groupCount();
    if (!groups)
        return Result<Facts>::failure(groups);
    f.groups = groups.value();
    auto counts = project.counts();
    if (!counts)
        return Result<Facts>::failure(counts);
    f.documents = counts.value().value(QStringLiteral("documents"));
    f.chunks = counts.value().value(QStringLiteral("chunks"));
    auto coverage = GroundLinkStore(db).coverage();
    if (!coverage)
        return Result<Facts>::failure(coverage);
    f.coverage = coverage.value();
    auto runs = RunStore(db).runs();
    if (!runs)
        return Result<Facts>::failure(runs);
    f.runs = runs.value().size();
    for (const RunSummary &r : runs.value())
        f.runsDone += r.status == QLatin1String("done") ? 1 : 0;
    auto scored = RunResultStore(db).scoredRunNames();
    if (!scored)
        return Result<Facts>::failure(scored);
    f.scored = scored.value().size();
    auto exams = ExamStore(db).progress();
    if (!exams)
        return Result<Facts>::failure(exams);
    f.exams = exams.value();
    auto versions = TestSetStore(db).list();
    if (!versions)
        return Result<Facts>::failure(versions);
    for (const TestSetInfo &v : versions.value())
        if (!v.baseline.isEmpty())
            f.baselines << QObject::tr("%1 (version %2)").arg(v.baseline, v.name);
    auto working = TestSetStore(db).workingSetBaseline();
    if (!working)
        return Result<Facts>::failure(working);
    if (!working.value().isEmpty())
        f.baselines << QObject::tr("%1 (the working set)").arg(working.value());
    auto gate = GateStore(db).latest();
    if (!gate)
        return Result<Facts>::failure(gate);
    f.gate = gate.value();
    return f;
}

using Step = ProjectProgress::Step;
using State = ProjectProgress::State;
using Item = ProjectProgress::Item;

Item knowledge(const Facts &f)
{
    Item it{Step::Knowledge, State::Ready, QObject::tr("Knowledge schema"), {}, QObject::tr("Open Schema"), "open-schema"};
    if (f.tables > 0 && f.rows > 0) {
        it.state = State::Done;
        it.detail = QObject::tr("%1 with %2: the facts the questions ask about.").arg(count(f.tables, QObject::tr("table"), QObject::tr("tables")), count(f.rows, QObject::tr("row"), QObject::tr("rows")));
    } else if (f.tables > 0 && !f.serverProblem.isEmpty()) {
        it.detail = QObject::tr("%1 linked to a server whose rows cannot be read now: %2. The Schema page checks it again.")
                        .arg(count(f.tables, QObject::tr("table"), QObject::tr("tables")), f.serverProblem);
    } else if (f.tables > 0) {
        it.detail = QObject::tr("%1 but no rows yet: add rows or import data on the Schema page.").arg(count(f.tables, QObject::tr("table"), QObject::tr("tables")));
    } else {
        it.detail = QObject::tr("No knowledge tables yet: import a database, a CSV folder or an SQL script (File → Import Knowledge Schema), or add tables on the Schema page.");
    }
    return it;
}

Item sqlTemplates(const Facts &f)
{
    Item it{Step::SqlTemplates, State::Ready, QObject::tr("SQL query templates"), {}, QObject::tr("Generate SQL Templates…"), "generate-sql"};
    const auto &g = f.generated;
    if (g.sqlAccepted > 0) {
        it.state = State::Done;
        it.detail = QObject::tr("%1 accepted of %2 (%3 in review).").arg(n(g.sqlAccepted), n(g.sqlTemplates), n(g.sqlInReview));
        it.setAction("review-templates", QObject::tr("Review Templates"));
    } else if (g.sqlTemplates > 0) {
        it.detail = QObject::tr("%1 templates, none accepted yet: accept them on the Templates page.").arg(n(g.sqlTemplates));
        it.setAction("review-templates", QObject::tr("Review Templates"));
    } else if (f.rows == 0) {
        it.state = State::Waiting;
        it.detail = QObject::tr("Needs knowledge tables with rows (step 1).");
    } else {
        it.detail = QObject::tr("None yet: written from the schema by rules or by an LLM, or imported from GRAMMAR JSON files.");
    }
    return it;
}

Item queries(const Facts &f)
{
    const auto &g = f.generated;
    Item it{Step::Queries, State::Ready, QObject::tr("Text templates and queries"), {},
            g.textAccepted > 0 ? QObject::tr("Build Queries…") : QObject::tr("Generate Text Templates…"),
            g.textAccepted > 0 ? "build-queries" : "generate-text"};
    if (g.queriesAccepted > 0) {
        it.state = State::Done;
        it.detail = QObject::tr("%1 text templates; %2 queries in %3 semantic groups.").arg(n(g.textAccepted), n(g.queriesAccepted), n(f.groups.groups));
        if (f.groups.withoutQueries > 0)
            it.detail += QObject::tr(" %1 more groups of accepted SQL templates have no text query yet: they are not evaluated.").arg(n(f.groups.withoutQueries));
        it.setAction("review-queries", QObject::tr("Review Queries"));
    } else if (g.sqlAccepted == 0) {
        it.state = State::Waiting;
        it.detail = QObject::tr("Needs accepted SQL templates (step 2).");
    } else if (g.textAccepted > 0) {
        it.detail = QObject::tr("%1 text templates; fill them in with the knowledge rows to build queries whose answers come from SQL.").arg(n(g.textAccepted));
    } else {
        it.detail = QObject::tr("None yet: each SQL template is phrased as questions in several linguistic forms.");
    }
    return it;
}

Item corpus(const Facts &f)
{
    Item it{Step::Corpus, State::Ready, QObject::tr("Corpus"), {}, QObject::tr("Import Documents…"), "import-documents"};
    if (f.documents > 0) {
        it.state = State::Done;
        it.detail = QObject::tr("%1 documents in %2 chunks, indexed for BM25.").arg(n(f.documents), n(f.chunks));
        it.setAction("open-corpus", QObject::tr("Open Corpus"));
    } else {
        it.detail = QObject::tr("No documents yet: import the files your RAG system retrieves from.");
    }
    return it;
}

Item groundTruth(const Facts &f)
{
    Item it{Step::GroundTruth, State::Ready, QObject::tr("Ground-truth links"), {}, QObject::tr("Propose Links"), "propose-links"};
    const auto &c = f.coverage;
    const QString review = c.proposed > 0 ? QObject::tr(" %1 proposed links wait for review.").arg(n(c.proposed)) : QString();
    if (c.grounded > 0) {
        it.state = State::Done;
        it.detail = QObject::tr("%1. Retrieval accuracy is measured on their items only.").arg(c.sourcesText()) + review;
        it.setAction("review-links", QObject::tr("Review Links"));
    } else if (f.generated.queriesAccepted == 0 || f.documents == 0) {
        it.state = State::Waiting;
        it.detail = QObject::tr("Needs queries (step 3) and documents (step 4): links say which document states each group's fact.");
    } else {
        it.detail = QObject::tr("No group has a true document yet, so retrieval accuracy cannot be measured.") + review;
    }
    return it;
}

Item runs(const Facts &f)
{
    Item it{Step::Runs, State::Ready, QObject::tr("Pipeline runs"), {}, QObject::tr("Launch Runs"), "launch-runs"};
    if (f.runsDone > 0) {
        it.state = State::Done;
        it.detail = QObject::tr("%1, %2 finished.").arg(count(f.runs, QObject::tr("run"), QObject::tr("runs")), n(f.runsDone));
        it.setAction("open-runs", QObject::tr("Open Runs"));
    } else if (f.generated.queriesAccepted == 0) {
        it.state = State::Waiting;
        it.detail = QObject::tr("Needs queries (step 3); or import results of your own system (File → Import Results).");
    } else if (f.runs > 0) {
        it.detail = QObject::tr("%1, none finished yet.").arg(count(f.runs, QObject::tr("run"), QObject::tr("runs")));
        it.setAction("open-runs", QObject::tr("Open Runs"));
    } else {
        it.detail = QObject::tr("No runs yet: choose retrievers and LLMs and run them over the queries.");
    }
    return it;
}

Item scoring(const Facts &f)
{
    Item it{Step::Scoring, State::Ready, QObject::tr("Scoring"), {}, QObject::tr("Score Runs"), "score-runs"};
    if (f.scored > 0) {
        it.state = State::Done;
        it.detail = QObject::tr("%1 of %2 runs have answer verdicts.").arg(n(f.scored), n(f.runs));
    } else if (f.runsDone == 0) {
        it.state = State::Waiting;
        it.detail = QObject::tr("Needs a finished run (step 6).");
    } else {
        it.detail = QObject::tr("No verdicts yet: judge each answer against its SQL answer (exact, contains, F1 or an LLM judge).");
    }
    return it;
}

Item analysis(const Facts &f)
{
    Item it{Step::Analysis, State::Ready, QObject::tr("Analysis"), {}, QObject::tr("Open Analysis"), "open-analysis"};
    if (f.scored > 0) {
        it.state = State::Done;
        it.detail = QObject::tr("Gap / robust / non-robust groups, workflows and response types of %1 scored runs.").arg(n(f.scored));
        // The evaluation loop: the baselines runs are gated against, and the latest verdict.
        if (!f.baselines.isEmpty())
            it.detail += QObject::tr(" Baseline: %1.").arg(f.baselines.join(QStringLiteral(", ")));
        if (f.gate && !std::isfinite(f.gate->difference))
            it.detail += QObject::tr(" Latest gate: %1 of %2 against %3: it could not evaluate (items failed or unread).")
                             .arg(f.gate->verdict.toUpper(), f.gate->run, f.gate->baseline);
        else if (f.gate)
            it.detail += QObject::tr(" Latest gate: %1 of %2 against %3, %4 points (95% %5 to %6).")
                             .arg(f.gate->verdict.toUpper(), f.gate->run, f.gate->baseline)
                             .arg(100 * f.gate->difference, 0, 'f', 1)
                             .arg(100 * f.gate->low, 0, 'f', 1)
                             .arg(100 * f.gate->high, 0, 'f', 1);
    } else {
        it.state = State::Waiting;
        it.detail = QObject::tr("Needs a scored run (step 7).");
    }
    return it;
}

Item exam(const Facts &f)
{
    Item it{Step::Exam, State::Ready, QObject::tr("Exam"), {}, QObject::tr("Generate Exam…"), "generate-exam"};
    const auto &e = f.exams;
    // Short forms are named apart: their items are their parent's.
    const QString exams = e.shortForms > 0 ? QObject::tr("%1 (plus %2)").arg(count(e.exams, QObject::tr("exam"), QObject::tr("exams")),
                                                                                    count(e.shortForms, QObject::tr("short form"), QObject::tr("short forms")))
                                           : count(e.exams, QObject::tr("exam"), QObject::tr("exams"));
    if (e.taken > 0) {
        it.state = State::Done;
        it.detail = QObject::tr("%1, %2 taken (%3 in all).").arg(exams, n(e.taken), count(e.takes, QObject::tr("student"), QObject::tr("students")));
        it.setAction("open-exams", QObject::tr("Open Exams"));
    } else if (e.exams > 0) {
        it.detail = QObject::tr("%1, none taken yet: let pipelines take one as students.").arg(exams);
        it.setAction("take-exam", QObject::tr("Take Exam…"));
    } else if (f.generated.queriesAccepted == 0 && f.chunks == 0) {
        it.state = State::Waiting;
        it.detail = QObject::tr("Needs queries (step 3) or documents (step 4) to write questions from.");
    } else {
        it.detail = QObject::tr("No exam yet: multiple-choice questions from the queries or the corpus.");
    }
    return it;
}

Item irt(const Facts &f)
{
    Item it{Step::Irt, State::Ready, QObject::tr("Item response model"), {}, QObject::tr("Fit IRT"), "fit-irt"};
    if (f.exams.fitted > 0) {
        it.state = State::Done;
        it.detail = QObject::tr("%1 with fitted items: difficulty, discrimination and information.").arg(count(f.exams.fitted, QObject::tr("exam"), QObject::tr("exams")));
        it.setAction("open-exams", QObject::tr("Review the Fit"));
    } else if (f.exams.taken == 0) {
        it.state = State::Waiting;
        it.detail = QObject::tr("Needs an exam taken by students (step 9).");
    } else {
        it.detail = QObject::tr("Not fitted yet: item difficulty, discrimination and the students' abilities.");
    }
    return it;
}

Item report(const Facts &f, const QString &lastReport)
{
    Item it{Step::Report, State::Ready, QObject::tr("Report"), {}, QObject::tr("Export Report…"), "export-report"};
    if (f.scored == 0 && f.exams.taken == 0) {
        it.state = State::Waiting;
        it.detail = QObject::tr("Needs a scored run (step 7) or a taken exam (step 9).");
    } else if (!lastReport.isEmpty()) {
        it.state = State::Done;
        it.detail = QObject::tr("Last exported to %1.").arg(lastReport);
    } else {
        it.detail = QObject::tr("An HTML report with every chart, for the people who did not run the evaluation.");
    }
    return it;
}

} // namespace

Result<QVector<ProjectProgress::Item>> ProjectProgress::read(Project &project, const QString &lastReport)
{
    auto facts = readFacts(project);
    if (!facts)
        return Result<QVector<Item>>::failure(facts);
    const Facts &f = facts.value();
    QVector<Item> items{knowledge(f), sqlTemplates(f), queries(f), corpus(f),    groundTruth(f), runs(f),
                        scoring(f),   analysis(f),     exam(f),    irt(f),       report(f, lastReport)};
    for (Item &it : items)
        if (it.state == State::Ready) {
            it.state = State::Next;
            break;
        }
    return items;
}

QString ProjectProgress::stateName(State state)
{
    switch (state) {
    case State::Done: return QStringLiteral("done");
    case State::Next: return QStringLiteral("next");
    case State::Ready: return QStringLiteral("ready");
    case State::Waiting: return QStringLiteral("waiting");
    }
    return {};
}

} // namespace assay
