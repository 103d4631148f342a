#include "scorecommand.h"

#include "core/job.h"
#include "runs/runstore.h"
#include "runs/scorer.h"
#include "scoring/judgeregistry.h"

#include <nlohmann/json.hpp>

namespace assay {

QString ScoreCommand::summary() const
{
    return QStringLiteral("Judge a run's answers (%1) and its retrieval").arg(JudgeRegistry::instance().synopsis());
}

int ScoreCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project."));
    const QCommandLineOption runName(QStringLiteral("run"), QStringLiteral("The run (a name; comma-separated for several)."), QStringLiteral("R"));
    const QCommandLineOption judge(QStringLiteral("judge"), JudgeRegistry::instance().synopsis() + QStringLiteral(".\n") + JudgeRegistry::instance().descriptions(), QStringLiteral("NAME"));
    const QCommandLineOption closed(QStringLiteral("closed-domain"), QStringLiteral("An answer whose retrieval was judged wrong is Incorrect: auto (default: on for runs with a reader, off for retrieval-only runs), on or off."), QStringLiteral("auto|on|off"), QStringLiteral("auto"));
    const QCommandLineOption retrieval(QStringLiteral("retrieval-judge"), QStringLiteral("covered, top1, topk, context or imported (default: imported if present, else covered)."), QStringLiteral("J"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Machine-readable JSON."));
    const QCommandLineOption repeat(QStringLiteral("repeat"),
                                    QStringLiteral("LLM judges: N independent verdicts per item, each with its own seed, at the profile's judge temperature; "
                                                   "the majority is the verdict (see analyze stability). Default 1."),
                                    QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption retryFailed(QStringLiteral("retry-failed"),
                                         QStringLiteral("Judge again only the items whose judge request failed (left unread, with the error); keep every other verdict."));
    parser.addOptions({runName, judge, closed, retrieval, repeat, retryFailed, json});
    if (!parse(parser, args, io, 1, 1))
        return stopped(parser);
    if (!parser.isSet(runName) || !parser.isSet(judge))
        return usageError(parser, io, QStringLiteral("--run and --judge are required"));
    if (auto s = Scorer::validateJudge(parser.value(judge)); !s)
        return usageError(parser, io, s.error());
    bool repeatOk = false;
    const int repetitions = parser.value(repeat).toInt(&repeatOk);
    if (!repeatOk || repetitions < 1 || repetitions > 50)
        return usageError(parser, io, QStringLiteral("--repeat takes a whole number from 1 to 50"));
    auto closedDomain = ClosedDomain::parse(parser.value(closed));
    if (!closedDomain)
        return usageError(parser, io, closedDomain.error());
    auto project = openProject(parser.positionalArguments().constFirst(), io);
    if (!project)
        return ExitFailure;
    nlohmann::json out = nlohmann::json::array();
    for (const QString &name : parser.value(runName).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        auto id = RunStore(project->database()).idOf(name.trimmed());
        if (!id)
            return fail(io, id.error());
        Scorer::Report report;
        Job job(QStringLiteral("Scoring %1").arg(name), [&](Job &j) {
            auto r = Scorer::score(project->database(), id.value(), parser.value(judge),
                                   {closedDomain.value(), parser.value(retrieval), repetitions, parser.isSet(retryFailed)}, &j);
            if (!r)
                return Status::failure(r.error());
            report = r.value();
            return Status();
        });
        if (auto s = job.runHere(); !s)
            return fail(io, QStringLiteral("run %1: %2").arg(name, s.error()));
        if (parser.isSet(json)) {
            out.push_back({{"run", name.toStdString()}, {"judge", parser.value(judge).toStdString()}, {"items", report.items},
                           {"correct", report.correct}, {"incorrect", report.incorrect}, {"unread", report.unread}, {"failed_items", report.failedItems},
                           {"closed_domain", report.closedDomain}, {"closed_domain_flips", report.closedDomainFlips}, {"grounded_items", report.groundedItems}, {"unserved", report.unserved}, {"retrieval_judge", report.retrievalJudge.toStdString()},
                           {"repeat", repetitions}, {"asked", report.asked}, {"failed_requests", report.failedRequests},
                           {"last_failure", report.lastFailure.toStdString()}});
        } else {
            io.out << QStringLiteral("%1 (judge %2): %3 items, %4 correct, %5 incorrect, %6 unread%7; ").arg(name, parser.value(judge))
                          .arg(report.items).arg(report.correct).arg(report.incorrect).arg(report.unread)
                          .arg(report.failedItems > 0 ? QStringLiteral(", %1 failed (not judged: run again with --retry-failed)").arg(report.failedItems) : QString())
                   << (report.closedDomain ? QStringLiteral("closed-domain rule (retrieval judge %1) turned %2 Correct into Incorrect\n")
                                                 .arg(report.retrievalJudge).arg(report.closedDomainFlips)
                                           : QStringLiteral("closed-domain rule off\n"));
            if (parser.isSet(retryFailed))
                io.out << QStringLiteral("  %1 item(s) judged again\n").arg(report.asked);
            if (report.groundedItems > 0)
                io.out << QStringLiteral("  %1 retrieval-only item(s) judged on their true documents' text only (a string in another document is not knowledge)\n")
                              .arg(report.groundedItems);
            if (report.unserved > 0)
                io.out << QStringLiteral("  %1 item(s) not judged: their group has no true document for the oracle to serve (neither right nor wrong)\n")
                              .arg(report.unserved);
        }
        if (report.failedRequests > 0) {
            io.err << QStringLiteral("assay-cli score: run %1: %2 judge request(s) failed and their items are unread (last: %3); "
                                     "run score again with --retry-failed to judge only those\n")
                          .arg(name)
                          .arg(report.failedRequests)
                          .arg(report.lastFailure);
        }
    }
    if (parser.isSet(json))
        io.out << QString::fromStdString(out.dump(2)) << '\n';
    return ExitOk;
}

} // namespace assay
