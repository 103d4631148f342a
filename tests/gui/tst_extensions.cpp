// Extension points: a judge, a reader, a retriever and an exam taker registered in this test
// binary alone, with no other file touched, are parsed and checked like the built-in ones,
// listed by `assay-cli score|run|exam --help`, usable by `assay-cli run`, `score` and `exam
// take` (run in process), and offered by the GUI: the judge chooser lists the judge with its
// description, the run launcher a check box for the reader and a row for the retriever whose
// cells plan runs with them, the Take Exam dialog the taker.
#include "testmain.h"
#include "testdemo.h"
#include "scoring/closeddomain.h"
#include "dialogs/scorerundialog.h"
#include "analysis/runoutcomes.h"
#include "examcommand.h"
#include "exams/examstore.h"
#include "exams/examtaker.h"
#include "exams/takerregistry.h"
#include "exams/takerspec.h"
#include "dialogs/examtakedialog.h"
#include "retrieval/retriever.h"
#include "retrieval/retrieverregistry.h"
#include "demo/demoproject.h"
#include "judgechooser.h"
#include "project/project.h"
#include "readers/pipelinespec.h"
#include "readers/reader.h"
#include "readers/readerregistry.h"
#include "runlauncher.h"
#include "runcommand.h"
#include "runs/runstore.h"
#include "scorecommand.h"
#include "scoring/judgeregistry.h"
#include "scoring/judgespec.h"
#include "testsettings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QPushButton>
#include <QLabel>
#include <QSpinBox>
#include <QtTest>

namespace tst_extensions {

using namespace assay;

namespace {

// Correct when the response has at most N characters (80 by default).
class ShorterJudge : public Judge {
public:
    explicit ShorterJudge(int limit) : m_limit(limit) {}
    Result<QVector<Verdict>> judge(const QVector<Item> &items, const Context &) override
    {
        QVector<Verdict> out;
        for (const Item &it : items)
            out.append({int(it.response.size() <= m_limit), double(it.response.size()), QString()});
        return out;
    }

private:
    int m_limit;
};

void registerShorter()
{
    JudgeKind k;
    k.name = QStringLiteral("shorter");
    k.description = QStringLiteral("the response has at most N characters (80 by default)");
    k.argument = JudgeKind::Argument::Optional;
    k.argumentName = QStringLiteral("N");
    k.checkArgument = [](const QString &a) {
        bool ok = a.isEmpty();
        if (!ok)
            ok = a.toInt(&ok) > 0 && ok;
        return ok ? Status() : Status::failure(QStringLiteral("N must be a positive whole number"));
    };
    k.choices = [] { return QStringList{QStringLiteral("shorter"), QStringLiteral("shorter:8")}; };
    k.create = [](const JudgeSpec &spec) { return std::make_unique<ShorterJudge>(spec.argument().isEmpty() ? 80 : spec.argument().toInt()); };
    JudgeRegistry::instance().add(k);
}

// reader=echo[,prefix=P]: answers P followed by the first retrieved document's id, at once.
class EchoReader : public Reader {
public:
    explicit EchoReader(QString prefix) : m_prefix(std::move(prefix)) {}
    void answer(const ReaderRequest &request, Done done) override
    {
        ReaderAnswer a;
        a.answer = m_prefix + (request.contexts.isEmpty() ? QString() : request.contexts.first().docId);
        done(a);
    }
    bool answersAtOnce() const override { return true; }

private:
    QString m_prefix;
};

void registerEcho()
{
    ReaderKind k;
    k.name = QStringLiteral("echo");
    k.label = QStringLiteral("Echo");
    k.description = QStringLiteral("answers PREFIX and the first retrieved document's id");
    k.inLauncher = true;
    k.options = {{QStringLiteral("prefix"), QStringLiteral("what the answer starts with")}};
    k.create = [](const PipelineSpec &spec, const ReaderKind::Services &) {
        return Result<std::unique_ptr<Reader>>(std::make_unique<EchoReader>(spec.options.value(QStringLiteral("prefix"))));
    };
    ReaderRegistry::instance().add(k);
}

// retriever=nothing: never finds anything (a closed book that searches).
class NothingRetriever : public Retriever {
public:
    QString name() const override { return QStringLiteral("nothing"); }
    Result<QVector<RetrievalHit>> retrieve(const RetrievalQuery &, int) const override { return QVector<RetrievalHit>(); }
};

void registerNothing()
{
    RetrieverKind k;
    k.name = QStringLiteral("nothing");
    k.label = QStringLiteral("Nothing");
    k.description = QStringLiteral("finds no chunk for any query");
    k.create = [](Database &, const RetrieverKind::Services &) { return Result<std::unique_ptr<Retriever>>(std::make_unique<NothingRetriever>()); };
    RetrieverRegistry::instance().add(k);
}

// Taker first-option[:N]: always chooses option N (A by default).
void registerFirstOption()
{
    TakerKind k;
    k.name = QStringLiteral("first-option");
    k.synopsis = QStringLiteral("first-option[:N]");
    k.description = QStringLiteral("always the same letter");
    k.parse = [](const QStringList &options, TakerSpec &s) {
        s.k = 0;
        if (options.size() > 1 || (options.size() == 1 && !QStringList{QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3")}.contains(options[0])))
            return Status::failure(QStringLiteral("N is 0 to 3"));
        if (!options.isEmpty())
            s.k = options[0].toInt();
        s.text = QStringLiteral("first-option:%1").arg(s.k);
        return Status();
    };
    k.factors = [](const TakerSpec &) { return nlohmann::json{{"llm", "none"}, {"retriever", "none"}, {"k", "0"}, {"icl", "0"}}; };
    k.offered = [](const QStringList &) { return QStringList{QStringLiteral("first-option")}; };
    k.take = [](Database &, const QVector<ExamItem> &items, const TakerSpec &spec, Job *) {
        QVector<QVector<double>> scores(items.size(), QVector<double>(4, 0.0));
        for (auto &s : scores)
            s[spec.k] = 1;
        return ExamTaker::answersFrom(items, scores, 0);
    };
    TakerRegistry::instance().add(k);
}

int runCommand(CliCommand &&command, const QStringList &args, QString *output)
{
    QString out, err;
    QTextStream o(&out), e(&err);
    CliIo io{o, e};
    const int code = command.run(args, io);
    o.flush();
    e.flush();
    *output = out + err;
    return code;
}

} // namespace

class TestExtensions : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_path;

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        registerShorter();
        registerEcho();
        registerNothing();
        registerFirstOption();
        m_path = m_dir.filePath(QStringLiteral("demo.assay"));
        QVERIFY(test::writeDemoProject(m_path));
    }

    void aReaderRegisteredHereIsParsedLikeTheBuiltIns()
    {
        auto spec = PipelineSpec::parse(QStringLiteral("retriever=bm25,k=1,reader=echo,prefix=>>"));
        QVERIFY2(spec.ok(), qPrintable(spec.error()));
        QCOMPARE(spec.value().readerKind(), QStringLiteral("echo"));
        QCOMPARE(spec.value().options.value(QStringLiteral("prefix")), QStringLiteral(">>"));
        QCOMPARE(PipelineSpec::parse(spec.value().text()).value().text(), spec.value().text());
        QVERIFY(PipelineSpec::readerKinds().contains(QStringLiteral("echo")));
        auto foreign = PipelineSpec::parse(QStringLiteral("retriever=bm25,k=1,reader=none,prefix=>>"));
        QVERIFY(!foreign.ok());
        QVERIFY2(foreign.error().contains(QLatin1String("unknown key 'prefix'")), qPrintable(foreign.error()));
        QVERIFY(!PipelineSpec::parse(QStringLiteral("reader=echo:profile")).ok());
        QVERIFY(!PipelineSpec::parse(QStringLiteral("reader=react")).ok()); // needs a profile
        QVERIFY(PipelineSpec::parse(QStringLiteral("reader=react:p")).ok());
        QVERIFY(Reader::create(spec.value(), nullptr).ok());
    }

    void theLauncherOffersTheReader()
    {
        auto project = Project::open(m_path);
        QVERIFY(project);
        RunLauncher launcher(*project.value());
        launcher.reload();
        QCheckBox *echo = launcher.workflowBox(QStringLiteral("echo"));
        QVERIFY(echo);
        QVERIFY(echo->toolTip().contains(QLatin1String("first retrieved document")));
        QVERIFY(!echo->isChecked());
        echo->setChecked(true);
        QTableWidget *grid = launcher.grid();
        int column = -1, row = -1;
        for (int c = 0; c < grid->columnCount(); ++c)
            if (grid->horizontalHeaderItem(c)->data(Qt::UserRole).toString() == QLatin1String("reader=echo,k=3"))
                column = c;
        for (int r = 0; r < grid->rowCount(); ++r)
            if (grid->verticalHeaderItem(r)->text() == QLatin1String("bm25"))
                row = r;
        QVERIFY(column >= 0 && row >= 0);
        grid->item(row, column)->setCheckState(Qt::Checked);
        QStringList errors;
        const QVector<PlannedRun> runs = launcher.plannedRuns(&errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
        bool planned = false;
        for (const PlannedRun &r : runs)
            planned = planned || r.spec.readerKind() == QLatin1String("echo");
        QVERIFY(planned);
        QVERIFY(launcher.canStart());
        // A mistyped external reader is said at once and nothing starts, checked cell or not.
        QSignalSpy started(&launcher, &RunLauncher::startRequested);
        QLineEdit *external = nullptr;
        for (QLineEdit *e : launcher.findChildren<QLineEdit *>())
            if (e->placeholderText().contains(QLatin1String("external reader")))
                external = e;
        QVERIFY(external);
        external->setText(QStringLiteral("reader=http"));
        emit external->editingFinished();
        QVERIFY(!launcher.canStart());
        QVERIFY2(launcher.estimateText().contains(QLatin1String("reader http needs url=")), qPrintable(launcher.estimateText()));
        QVERIFY(!launcher.startButton()->isEnabled());
        launcher.startButton()->setEnabled(true); // as a page that enables it by itself would
        launcher.startButton()->click();
        QCOMPARE(started.count(), 0);
        external->clear();
        emit external->editingFinished();
        QVERIFY(launcher.canStart());
        launcher.startButton()->click();
        QCOMPARE(started.count(), 1);
    }

    void aRetrieverRegisteredHereIsOfferedAndRuns()
    {
        auto spec = PipelineSpec::parse(QStringLiteral("retriever=nothing,k=2,reader=echo,prefix=##"));
        QVERIFY2(spec.ok(), qPrintable(spec.error()));
        QVERIFY(!spec.value().usesEmbeddings());
        auto bad = PipelineSpec::parse(QStringLiteral("retriever=nowhere"));
        QVERIFY(!bad.ok());
        QVERIFY2(bad.error().contains(QLatin1String("nothing")), qPrintable(bad.error())); // the list names it
        auto project = Project::open(m_path);
        QVERIFY(project);
        RunLauncher launcher(*project.value());
        launcher.reload();
        QTableWidget *grid = launcher.grid();
        int row = -1;
        for (int r = 0; r < grid->rowCount(); ++r)
            if (grid->verticalHeaderItem(r)->text() == QLatin1String("nothing"))
                row = r;
        QVERIFY(row >= 0);
        QVERIFY(grid->verticalHeaderItem(row)->toolTip().contains(QLatin1String("finds no chunk")));
        grid->item(row, 0)->setCheckState(Qt::Checked);
        QStringList errors;
        bool planned = false;
        for (const PlannedRun &r : launcher.plannedRuns(&errors))
            planned = planned || r.spec.retriever == QLatin1String("nothing");
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
        QVERIFY(planned);
        project.value().reset();

        QString output;
        QCOMPARE(runCommand(RunCommand(), {QStringLiteral("--help")}, &output), int(ExitOk));
        QVERIFY2(output.contains(QLatin1String("nothing: finds no chunk")), qPrintable(output));
        QCOMPARE(runCommand(RunCommand(), {m_path, QStringLiteral("--name"), QStringLiteral("blind"), QStringLiteral("--set"), QStringLiteral("short"),
                                           QStringLiteral("--pipeline"), QStringLiteral("retriever=nothing,k=2,reader=echo,prefix=##")},
                            &output),
                 int(ExitOk));
        auto reopened = Project::open(m_path);
        QVERIFY(reopened);
        Database &db = reopened.value()->database();
        auto id = RunStore(db).idOf(QStringLiteral("blind"));
        QVERIFY(id);
        qint64 bare = -1, items = 0;
        QVERIFY(db.first(QStringLiteral("SELECT sum(answer = '##'), count(*) FROM run_item WHERE run_id = ?"), {id.value()}, [&](const Statement &row) {
            bare = row.integer(0);
            items = row.integer(1);
        }).ok());
        QVERIFY(items > 100);
        QCOMPARE(bare, items); // no context reached the reader
    }

    void aTakerRegisteredHereIsOfferedAndTakes()
    {
        auto spec = TakerSpec::parse(QStringLiteral("first-option:2"));
        QVERIFY2(spec.ok(), qPrintable(spec.error()));
        QCOMPARE(spec.value().text, QStringLiteral("first-option:2"));
        auto bad = TakerSpec::parse(QStringLiteral("first-option:7"));
        QVERIFY(!bad.ok());
        QVERIFY2(bad.error().contains(QLatin1String("taker 'first-option:7': N is 0 to 3")), qPrintable(bad.error()));
        auto unknown = TakerSpec::parse(QStringLiteral("coin"));
        QVERIFY(!unknown.ok());
        QVERIFY2(unknown.error().contains(QLatin1String("first-option[:N]")), qPrintable(unknown.error()));
        // The built-ins keep their rules, and ir accepts only corpus retrievers.
        QCOMPARE(TakerSpec::parse(QStringLiteral("ir")).value().text, QStringLiteral("ir:bm25:3"));
        QVERIFY(TakerSpec::parse(QStringLiteral("ir:nothing:2")).ok());
        QVERIFY(!TakerSpec::parse(QStringLiteral("ir:oracle")).ok());
        QVERIFY(!TakerSpec::parse(QStringLiteral("llm-letter")).ok());

        ExamTakeDialog dialog(QStringLiteral("e"), {QStringLiteral("local")});
        QStringList offered;
        for (int i = 0; i < dialog.list()->count(); ++i)
            offered << dialog.list()->item(i)->data(Qt::UserRole).toString();
        QVERIFY2(offered.contains(QLatin1String("first-option")), qPrintable(offered.join(QLatin1Char(' '))));
        QVERIFY(offered.contains(QLatin1String("llm-letter:local")));
        QVERIFY(offered.contains(QLatin1String("ir:nothing:3"))); // the registered retriever, for the ir taker
        // Check none / all: Take follows (nothing checked, nothing to take).
        auto *take = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        dialog.findChild<QPushButton *>(QStringLiteral("checkNone"))->click();
        QVERIFY(dialog.students().isEmpty());
        QVERIFY(!take->isEnabled());
        dialog.findChild<QPushButton *>(QStringLiteral("checkAll"))->click();
        QCOMPARE(dialog.students().size(), dialog.list()->count());
        QVERIFY(take->isEnabled());
        // Taking remembers the students checked and the adaptive rule for the next Take.
        dialog.findChild<QPushButton *>(QStringLiteral("checkNone"))->click();
        dialog.list()->item(1)->setCheckState(Qt::Checked);
        const QStringList chosen = dialog.students();
        QCOMPARE(chosen.size(), 1);
        dialog.accept();
        ExamTakeDialog again(QStringLiteral("e"), {QStringLiteral("local")}, true, QStringLiteral("parent-exam"));
        QCOMPARE(again.students(), chosen);
        // A short form's take is estimated on its parent, not refitted.
        const QString about = again.findChild<QLabel *>(QStringLiteral("takeAbout"))->text();
        QVERIFY2(about.contains(QLatin1String("short form of parent-exam")) && !about.contains(QLatin1String("Fit IRT")), qPrintable(about));
        again.adaptiveBox()->setChecked(true);
        QVERIFY(again.findChild<QLabel *>(QStringLiteral("takeAbout"))->text().contains(QLatin1String("the whole of parent-exam")));
        // A 50-item short form caps the adaptive maximum (200 remembered) at its items...
        QCOMPARE(again.maxBox()->value(), 200);
        again.setItemCount(50);
        QCOMPARE(again.maxBox()->value(), 50);
        QCOMPARE(again.maxBox()->maximum(), 50);
        again.accept();
        // ... without forgetting 200 for a larger exam.
        ExamTakeDialog third(QStringLiteral("e"), {QStringLiteral("local")}, true);
        QCOMPARE(third.maxBox()->value(), 200);
        QVERIFY(third.adaptive());
        // On two abilities: offered only after a fit that compared them, and then in the rule.
        QVERIFY(!third.twoDimBox()->isEnabled());
        QVERIFY(third.twoDimBox()->toolTip().contains(QLatin1String("Compare two abilities")));
        QCOMPARE(third.rule().dimensions, 1);
        third.setTwoDimensional(true);
        QVERIFY(third.twoDimBox()->isEnabled());
        third.twoDimBox()->setChecked(true);
        QCOMPARE(third.rule().dimensions, 2);
        QVERIFY(third.findChild<QLabel *>(QStringLiteral("takeAbout"))->text().contains(QLatin1String("@adaptive-2d")));
        third.adaptiveBox()->setChecked(false);
        QVERIFY(!third.twoDimBox()->isEnabled()); // not adaptive: nothing to run on two abilities
        third.setTwoDimensional(false, QStringLiteral("A short form is taken on the model with one ability."));
        QVERIFY(!third.twoDimBox()->isChecked());
        QVERIFY(third.twoDimBox()->toolTip().contains(QLatin1String("short form")));
        third.accept();

        QString output;
        QCOMPARE(runCommand(ExamCommand(), {QStringLiteral("--help")}, &output), int(ExitOk));
        QVERIFY2(output.contains(QLatin1String("first-option[:N]")), qPrintable(output));
        QCOMPARE(runCommand(ExamCommand(), {QStringLiteral("generate"), m_path, QStringLiteral("--name"), QStringLiteral("e")}, &output), int(ExitOk));
        QCOMPARE(runCommand(ExamCommand(), {QStringLiteral("take"), m_path, QStringLiteral("--exam"), QStringLiteral("e"), QStringLiteral("--taker"),
                                            QStringLiteral("first-option:1")},
                            &output),
                 int(ExitOk));
        auto project = Project::open(m_path);
        QVERIFY(project);
        Database &db = project.value()->database();
        qint64 answers = 0, chosenB = -1;
        QVERIFY(db.first(QStringLiteral("SELECT count(*), sum(a.chosen = 1) FROM exam_answer a JOIN exam_run r ON r.id = a.exam_run_id WHERE r.taker = ?"),
                         {QStringLiteral("first-option:1")}, [&](const Statement &row) {
                             answers = row.integer(0);
                             chosenB = row.integer(1);
                         }).ok());
        QVERIFY2(answers > 10, qPrintable(output));
        QCOMPARE(chosenB, answers);
    }

    void aJudgeRegisteredHereIsParsedLikeTheBuiltIns()
    {
        auto spec = JudgeSpec::parse(QStringLiteral("shorter:40"));
        QVERIFY2(spec.ok(), qPrintable(spec.error()));
        QCOMPARE(spec.value().name(), QStringLiteral("shorter"));
        QCOMPARE(spec.value().text(), QStringLiteral("shorter:40"));
        auto bad = JudgeSpec::parse(QStringLiteral("shorter:-3"));
        QVERIFY(!bad.ok());
        QVERIFY2(bad.error().contains(QLatin1String("N must be a positive whole number")), qPrintable(bad.error()));
        auto unknown = JudgeSpec::parse(QStringLiteral("bleu"));
        QVERIFY(!unknown.ok());
        QVERIFY2(unknown.error().contains(QLatin1String("shorter[:N]")), qPrintable(unknown.error()));
        // The built-ins keep their rules.
        QVERIFY(JudgeSpec::parse(QStringLiteral("f1:0.4")).ok());
        QVERIFY(!JudgeSpec::parse(QStringLiteral("f1:2")).ok());
        QVERIFY(!JudgeSpec::parse(QStringLiteral("exact:1")).ok());
        QVERIFY(!JudgeSpec::parse(QStringLiteral("llm")).ok());
        QVERIFY(JudgeSpec::parse(QStringLiteral("llm:any")).ok());
    }

    // What a judge or reader does is read from its registration, never from its name (issue
    // 76): a model-based judge not named llm: gets the Repeat box, an agentic reader registered
    // here is not held to the closed-domain rule, a retrieval-only one is judged on its context.
    void theRegistriesDecideNotTheNames()
    {
        JudgeKind panel;
        panel.name = QStringLiteral("panel");
        panel.description = QStringLiteral("a panel of models votes");
        panel.usesModel = true;
        panel.choices = [] { return QStringList{QStringLiteral("panel")}; };
        panel.create = [](const JudgeSpec &) { return std::make_unique<ShorterJudge>(80); };
        JudgeRegistry::instance().add(panel);
        ScoreRunDialog dialog(QStringLiteral("r"), QStringLiteral("panel"));
        auto *repeat = dialog.findChild<QSpinBox *>(QStringLiteral("scoreRepeat"));
        QVERIFY(repeat);
        QVERIFY(repeat->isEnabled());
        ScoreRunDialog rule(QStringLiteral("r"), QStringLiteral("shorter"));
        QVERIFY(!rule.findChild<QSpinBox *>(QStringLiteral("scoreRepeat"))->isEnabled());
        QVERIFY(JudgeRegistry::usesModel(QStringLiteral("panel")) && JudgeRegistry::usesModel(QStringLiteral("llm:any")));
        QVERIFY(!JudgeRegistry::usesModel(QStringLiteral("shorter:8")) && !JudgeRegistry::usesModel(QStringLiteral("bleu")));

        ReaderKind scout;
        scout.name = QStringLiteral("scout");
        scout.label = QStringLiteral("Scout");
        scout.description = QStringLiteral("an agent that explores");
        scout.agentic = true;
        scout.create = [](const PipelineSpec &, const ReaderKind::Services &) { return Result<std::unique_ptr<Reader>>(std::make_unique<EchoReader>(QString())); };
        ReaderRegistry::instance().add(scout);
        QVERIFY(!ClosedDomain::resolve({}, QStringLiteral("scout:any")));
        QVERIFY(!ClosedDomain::resolve({}, QStringLiteral("react:any")));
        QVERIFY(ClosedDomain::resolve({}, QStringLiteral("echo")));
        QVERIFY(ClosedDomain::resolve({}, QStringLiteral("llm:any")));
        QVERIFY(!ClosedDomain::resolve({}, QStringLiteral("none")));
        QVERIFY(ClosedDomain::resolve({}, QStringLiteral("imported-system"))); // unknown: a system that answers
        QVERIFY(ClosedDomain::resolve(true, QStringLiteral("scout:any")));
    }

    void theGuiOffersIt()
    {
        JudgeChooser chooser(false);
        QVERIFY(chooser.judgeBox()->findText(QStringLiteral("shorter")) >= 0);
        QVERIFY(chooser.judgeBox()->findText(QStringLiteral("shorter:8")) >= 0);
        QVERIFY(chooser.judgeBox()->findText(QStringLiteral("contains")) >= 0);
        QVERIFY(chooser.judgeBox()->toolTip().contains(QLatin1String("shorter[:N]: the response has at most N characters")));
        chooser.setJudge(QStringLiteral("shorter:120")); // typed
        QCOMPARE(chooser.judge(), QStringLiteral("shorter:120"));
    }

    void theCliListsAndUsesIt()
    {
        QString help;
        QCOMPARE(runCommand(ScoreCommand(), {QStringLiteral("--help")}, &help), int(ExitOk));
        QVERIFY2(help.contains(QLatin1String("shorter[:N]")), qPrintable(help));
        QVERIFY(ScoreCommand().summary().contains(QLatin1String("shorter[:N]")));

        const QString path = m_path;
        QCOMPARE(runCommand(RunCommand(), {QStringLiteral("--help")}, &help), int(ExitOk));
        QVERIFY2(help.contains(QLatin1String("echo: answers PREFIX")), qPrintable(help));
        QString output;
        QCOMPARE(runCommand(RunCommand(), {path, QStringLiteral("--name"), QStringLiteral("r"), QStringLiteral("--set"), QStringLiteral("short"),
                                           QStringLiteral("--pipeline"), QStringLiteral("retriever=bm25,k=1,reader=echo,prefix=>>")},
                            &output),
                 int(ExitOk));
        QCOMPARE(runCommand(ScoreCommand(), {path, QStringLiteral("--run"), QStringLiteral("r"), QStringLiteral("--judge"), QStringLiteral("shorter:0")}, &output),
                 int(ExitUsage));
        QVERIFY2(output.contains(QLatin1String("N must be a positive whole number")), qPrintable(output));
        QCOMPARE(runCommand(ScoreCommand(), {path, QStringLiteral("--run"), QStringLiteral("r"), QStringLiteral("--judge"), QStringLiteral("shorter:8"),
                                             QStringLiteral("--closed-domain"), QStringLiteral("off"), QStringLiteral("--json")},
                            &output),
                 int(ExitOk));
        auto project = Project::open(path);
        QVERIFY(project);
        Database &db = project.value()->database();
        auto id = RunStore(db).idOf(QStringLiteral("r"));
        QVERIFY(id);
        QCOMPARE(RunOutcomes::answerJudges(db, id.value()).value(), QStringList{QStringLiteral("shorter:8")});
        qint64 echoed = 0, items = 0;
        QVERIFY(db.first(QStringLiteral("SELECT sum(answer LIKE '>>%'), count(*) FROM run_item WHERE run_id = ?"), {id.value()}, [&](const Statement &row) {
            echoed = row.integer(0);
            items = row.integer(1);
        }).ok());
        QVERIFY(items > 100);
        QCOMPARE(echoed, items);
        // Every answer judged, each verdict what the judge says of it.
        qint64 judged = -1, wrong = -1;
        QVERIFY(db.first(QStringLiteral("SELECT count(*), sum(j.verdict <> (length(i.answer) <= 8)) FROM judgement j JOIN run_item i ON i.id = j.run_item_id "
                                        "WHERE j.judge = 'shorter:8' AND j.aspect = 'answer'"),
                         {}, [&](const Statement &row) {
                             judged = row.integer(0);
                             wrong = row.integer(1);
                         }).ok());
        QCOMPARE(judged, items);
        QCOMPARE(wrong, qint64(0));
    }
};

ASSAY_TEST_MAIN(TestExtensions)

} // namespace tst_extensions
#include "tst_extensions.moc"
