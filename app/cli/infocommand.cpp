#include "infocommand.h"

#include "report/projectsummary.h"
#include "grounding/absentanswers.h"
#include "grounding/groundlinkstore.h"
#include "project/project.h"
#include "schema/knowledgebase.h"
#include "schema/linkcheck.h"

namespace assay {

int InfoCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project file."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print machine-readable JSON."));
    parser.addOption(json);
    int exitCode = ExitOk;
    auto project = parseAndOpen(parser, args, io, 0, 1, 1, &exitCode);
    if (!project)
        return exitCode;
    // A linked server is asked now: the summary gives its row counts, or why it cannot be reached.
    if (KnowledgeBase *kb = project->service<KnowledgeBase>(); kb->isRemote())
        LinkCheck::runFor(*kb);
    // Answers no document states (docs/METHODS.md §1.6.2): every run judges their items wrong.
    auto absent = AbsentAnswers::find(project->database(), false);
    if (!absent)
        return fail(io, absent.error());
    const AbsentAnswers::Report &a = absent.value();
    if (parser.isSet(json)) {
        auto summary = ProjectSummary::toJson(*project);
        if (!summary)
            return fail(io, summary.error());
        auto steps = ProjectSummary::stepsJson(*project);
        if (!steps)
            return fail(io, steps.error());
        nlohmann::json out = summary.take();
        out["steps"] = steps.take();
        nlohmann::json values = nlohmann::json::array();
        for (const AbsentAnswers::Value &v : a.values)
            values.push_back({{"table", v.table.toStdString()}, {"column", v.column.toStdString()}, {"value", v.value.toStdString()}, {"groups", v.groups},
                              {"stated_elsewhere", v.elsewhere}});
        auto coverage = GroundLinkStore(project->database()).coverage();
        if (!coverage)
            return fail(io, coverage.error());
        const GroundLinkStore::Coverage &c = coverage.value();
        out["ground_truth"] = {{"groups_with_answer", c.groups}, {"grounded", c.grounded},
                               {"by_source", {{"sql", c.bySql}, {"keys", c.byKeys}, {"links_file", c.byFile}, {"proposals", c.byProposal},
                                              {"checked", c.byCheck}, {"spot_checked_tiers", c.byTier}}},
                               {"text", c.sourcesText().toStdString()}};
        out["absent_answers"] = {{"checked", a.chunks > 0}, {"groups_checked", a.groupsChecked}, {"groups_absent", a.groupsAbsent},
                                 {"groups_unstated", a.groupsUnstated}, {"values", values}};
        io.out << QString::fromStdString(out.dump(2)) << '\n';
        return ExitOk;
    }
    auto summary = ProjectSummary::toText(*project);
    if (!summary)
        return fail(io, summary.error());
    auto steps = ProjectSummary::stepsText(*project);
    if (!steps)
        return fail(io, steps.error());
    io.out << summary.value() << steps.value();
    if (a.chunks > 0 && a.absentValues() > 0) {
        QStringList shown;
        for (const AbsentAnswers::Value &v : a.values.mid(0, std::min<qsizetype>(3, a.absentValues())))
            shown << QStringLiteral("%1.%2 \"%3\" (%4 %5)").arg(v.table, v.column, v.value).arg(v.groups).arg(v.groups == 1 ? QStringLiteral("group") : QStringLiteral("groups"));
        io.out << QStringLiteral("Answers no document states: %1 of %2 groups, %3 values, e.g. %4. Every run judges their items wrong; "
                                 "Corpus → Ground Truth → Absent Answers (or corpus aliases) lists them and proposes aliases.\n")
                      .arg(a.groupsAbsent)
                      .arg(a.groupsChecked)
                      .arg(a.absentValues())
                      .arg(shown.join(QStringLiteral(", ")));
    }
    if (a.chunks > 0 && a.groupsUnstated > 0)
        io.out << QStringLiteral("Answers their true documents do not state (other documents do): %1 group(s); Absent Answers lists them as stated elsewhere.\n")
                      .arg(a.groupsUnstated);
    return ExitOk;
}

} // namespace assay
