#include "testsetcommand.h"

#include "exams/testsetversions.h"
#include "runs/runstore.h"
#include "runs/testsetdiff.h"
#include "runs/testsetstore.h"

#include <QLocale>

#include <nlohmann/json.hpp>

namespace assay {

namespace {
nlohmann::json infoJson(const TestSetInfo &t)
{
    return {{"name", t.name.toStdString()}, {"kind", t.kind.toStdString()}, {"source", t.source.toStdString()},
            {"note", t.note.toStdString()}, {"hash", t.hash.toStdString()}, {"items", t.items}, {"runs", t.runs},
            {"baseline", t.baseline.toStdString()}, {"created_at", t.createdAt.toStdString()}};
}

// A version's items, or the working set's ("working" names it) with the kind and source of `like`.
Result<QVector<TestSetItem>> itemsOf(Project &project, const QString &name, const TestSetInfo *like, QString *label)
{
    const bool working = name == QLatin1String("working");
    *label = working ? QStringLiteral("working set") : name;
    return TestSetVersions::items(project, working ? QString() : name, like);
}
} // namespace

int TestSetCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "A frozen version copies the working set's accepted queries (or an exam's kept items); later generation and curation change "
        "only the working set. 'working' names the working set in diff."));
    parser.addPositionalArgument(QStringLiteral("COMMAND"), QStringLiteral("freeze, list, show, diff or baseline."));
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project."));
    parser.addOptions({
        {QStringLiteral("name"), QStringLiteral("freeze, show: the version."), QStringLiteral("V")},
        {QStringLiteral("note"), QStringLiteral("freeze: a note kept with the version."), QStringLiteral("TEXT")},
        {QStringLiteral("set"), QStringLiteral("freeze: the query set, a form (default: every form)."), QStringLiteral("FORM")},
        {QStringLiteral("exam"), QStringLiteral("freeze: freeze this exam's kept items instead of a query set."), QStringLiteral("EXAM")},
        {QStringLiteral("sample"), QStringLiteral("freeze: keep N semantic groups drawn at random, each whole (e.g. a version small enough for every CI run)."),
         QStringLiteral("N")},
        {QStringLiteral("seed"), QStringLiteral("freeze --sample: the random seed (default 1)."), QStringLiteral("S")},
        {QStringLiteral("from"), QStringLiteral("diff: the older version."), QStringLiteral("V1")},
        {QStringLiteral("to"), QStringLiteral("diff: the newer version (default: working, the working set)."), QStringLiteral("V2"), QStringLiteral("working")},
        {QStringLiteral("run"), QStringLiteral("baseline: the run to mark as the baseline of the version it ran on."), QStringLiteral("R")},
        {QStringLiteral("items"), QStringLiteral("show: list the items too.")},
        {QStringLiteral("json"), QStringLiteral("Machine-readable JSON.")},
    });
    if (!parse(parser, args, io, 2, 2))
        return stopped(parser);
    const QString action = parser.positionalArguments().at(0);
    const QStringList actions{QStringLiteral("freeze"), QStringLiteral("list"), QStringLiteral("show"), QStringLiteral("diff"), QStringLiteral("baseline")};
    if (!actions.contains(action))
        return usageError(parser, io, QStringLiteral("unknown action '%1' (%2)").arg(action, actions.join(QStringLiteral(", "))));
    if ((action == QLatin1String("freeze") || action == QLatin1String("show")) && !parser.isSet(QStringLiteral("name")))
        return usageError(parser, io, QStringLiteral("--name is required"));
    if (action == QLatin1String("diff") && !parser.isSet(QStringLiteral("from")))
        return usageError(parser, io, QStringLiteral("--from is required"));
    if (action == QLatin1String("baseline") && !parser.isSet(QStringLiteral("run")))
        return usageError(parser, io, QStringLiteral("--run is required"));
    if (parser.isSet(QStringLiteral("set")) && parser.isSet(QStringLiteral("exam")))
        return usageError(parser, io, QStringLiteral("--set and --exam exclude each other"));
    auto project = openProject(parser.positionalArguments().at(1), io);
    if (!project)
        return ExitFailure;
    if (action == QLatin1String("freeze"))
        return freeze(parser, *project, io);
    if (action == QLatin1String("list"))
        return list(parser, *project, io);
    if (action == QLatin1String("show"))
        return show(parser, *project, io);
    if (action == QLatin1String("diff"))
        return diff(parser, *project, io);
    return baseline(parser, *project, io);
}

int TestSetCommand::freeze(QCommandLineParser &parser, Project &project, CliIo &io)
{
    const QString name = parser.value(QStringLiteral("name")), note = parser.value(QStringLiteral("note"));
    TestSetSample sample;
    bool ok = true;
    if (parser.isSet(QStringLiteral("sample")) && ((sample.groups = parser.value(QStringLiteral("sample")).toInt(&ok)), !ok || sample.groups < 1))
        return usageError(parser, io, QStringLiteral("--sample takes a number of groups ≥ 1, not '%1'").arg(parser.value(QStringLiteral("sample"))));
    if (parser.isSet(QStringLiteral("seed")) && ((sample.seed = parser.value(QStringLiteral("seed")).toULongLong(&ok)), !ok))
        return usageError(parser, io, QStringLiteral("--seed takes a whole number, not '%1'").arg(parser.value(QStringLiteral("seed"))));
    const bool exam = parser.isSet(QStringLiteral("exam"));
    Result<TestSetInfo> frozen = TestSetVersions::freeze(project, name, note, exam ? TestSetVersions::examKind() : QStringLiteral("queries"),
                                                         parser.value(exam ? QStringLiteral("exam") : QStringLiteral("set")), sample);
    if (!frozen)
        return fail(io, frozen.error());
    const TestSetInfo &t = frozen.value();
    if (parser.isSet(QStringLiteral("json"))) {
        io.out << QString::fromStdString(infoJson(t).dump(2)) << '\n';
        return ExitOk;
    }
    io.out << QStringLiteral("Froze version %1: %2 items of %3, hash %4\n").arg(t.name, QLocale(QLocale::English).toString(t.items), t.sourceText(), t.hash.left(12));
    return ExitOk;
}

int TestSetCommand::list(QCommandLineParser &parser, Project &project, CliIo &io)
{
    auto versions = TestSetStore(project.database()).list();
    if (!versions)
        return fail(io, versions.error());
    if (parser.isSet(QStringLiteral("json"))) {
        nlohmann::json out = nlohmann::json::array();
        for (const TestSetInfo &t : versions.value())
            out.push_back(infoJson(t));
        io.out << QString::fromStdString(out.dump(2)) << '\n';
        return ExitOk;
    }
    if (versions.value().isEmpty())
        io.out << QStringLiteral("No frozen versions yet: freeze one with 'testset freeze', or Queries → Versions → Freeze….\n");
    for (const TestSetInfo &t : versions.value())
        io.out << QStringLiteral("%1  %2  %3 items  %4 %5  baseline %6  %7  %8\n")
                      .arg(t.name, t.sourceText()).arg(t.items).arg(t.runs).arg(t.runs == 1 ? QStringLiteral("run") : QStringLiteral("runs"))
                      .arg(t.baseline.isEmpty() ? QStringLiteral("none") : t.baseline, t.createdAt, t.note);
    return ExitOk;
}

int TestSetCommand::show(QCommandLineParser &parser, Project &project, CliIo &io)
{
    TestSetStore store(project.database());
    auto info = store.info(parser.value(QStringLiteral("name")));
    if (!info)
        return fail(io, info.error());
    const bool withItems = parser.isSet(QStringLiteral("items"));
    QVector<TestSetItem> items;
    if (withItems) {
        auto read = store.items(info.value().id);
        if (!read)
            return fail(io, read.error());
        items = read.take();
    }
    if (parser.isSet(QStringLiteral("json"))) {
        nlohmann::json out = infoJson(info.value());
        if (withItems) {
            out["item_list"] = nlohmann::json::array();
            for (const TestSetItem &i : items)
                out["item_list"].push_back({{"identity", i.identity.toStdString()}, {"key", i.key.toStdString()}, {"query", i.query.toStdString()},
                                            {"gold", i.gold.toStdString()}, {"form", i.form.toStdString()}, {"template", i.sqlTemplateId},
                                            {"group", i.groupKey.toStdString()}});
        }
        io.out << QString::fromStdString(out.dump(2)) << '\n';
        return ExitOk;
    }
    const TestSetInfo &t = info.value();
    io.out << QStringLiteral("Version %1 (%2): %3 items, frozen %4\n  hash %5\n  runs on it: %6; baseline: %7\n")
                  .arg(t.name, t.sourceText()).arg(t.items).arg(t.createdAt, t.hash).arg(t.runs).arg(t.baseline.isEmpty() ? QStringLiteral("none") : t.baseline);
    if (!t.note.isEmpty())
        io.out << QStringLiteral("  note: %1\n").arg(t.note);
    for (const TestSetItem &i : items)
        io.out << QStringLiteral("%1\t%2\t%3\t%4\n").arg(i.key, i.form, i.query, i.gold);
    return ExitOk;
}

int TestSetCommand::diff(QCommandLineParser &parser, Project &project, CliIo &io)
{
    TestSetStore store(project.database());
    const QString fromName = parser.value(QStringLiteral("from")), toName = parser.value(QStringLiteral("to"));
    // The working set takes its kind and source from the named version.
    std::optional<TestSetInfo> like;
    for (const QString &n : {fromName, toName})
        if (n != QLatin1String("working") && !like) {
            auto info = store.info(n);
            if (!info)
                return fail(io, info.error());
            like = info.value();
        }
    TestSetDiff d;
    QString fromLabel, toLabel;
    auto from = itemsOf(project, fromName, like ? &*like : nullptr, &fromLabel);
    if (!from)
        return fail(io, from.error());
    auto to = itemsOf(project, toName, like ? &*like : nullptr, &toLabel);
    if (!to)
        return fail(io, to.error());
    d = TestSetDiff::compare(from.value(), to.value());
    d.from = fromLabel;
    d.to = toLabel;
    if (parser.isSet(QStringLiteral("json"))) {
        io.out << QString::fromStdString(d.toJson().dump(2)) << '\n';
        return ExitOk;
    }
    io.out << QStringLiteral("%1 → %2: %3\n").arg(d.from, d.to, d.summary());
    for (const TestSetDiffItem &i : d.items)
        io.out << QStringLiteral("%1\t%2\t%3\t%4\n")
                      .arg(TestSetDiffItem::changeName(i.change), i.query,
                           i.change == TestSetDiffItem::Change::Added ? QString() : i.goldFrom,
                           i.change == TestSetDiffItem::Change::Removed ? QString() : i.goldTo);
    return ExitOk;
}

int TestSetCommand::baseline(QCommandLineParser &parser, Project &project, CliIo &io)
{
    RunStore runs(project.database());
    const QString name = parser.value(QStringLiteral("run"));
    auto id = runs.idOf(name);
    if (!id)
        return fail(io, id.error());
    if (auto s = TestSetStore(project.database()).markBaseline(id.value()); !s)
        return fail(io, s.error());
    auto header = runs.header(id.value());
    if (!header)
        return fail(io, header.error());
    io.out << QStringLiteral("Run %1 is the baseline of %2\n")
                  .arg(name, header.value().version.isEmpty() ? QStringLiteral("the working set") : QStringLiteral("version %1").arg(header.value().version));
    return ExitOk;
}

} // namespace assay
