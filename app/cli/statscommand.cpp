#include "statscommand.h"

#include "generation/generationstore.h"
#include "project/project.h"

#include <nlohmann/json.hpp>

namespace assay {

int StatsCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print machine-readable JSON."));
    parser.addOption(json);
    int exitCode = ExitOk;
    auto project = parseAndOpen(parser, args, io, 0, 1, 1, &exitCode);
    if (!project)
        return exitCode;
    auto read = GenerationStore(project->database()).stats();
    if (!read)
        return fail(io, read.error());
    const auto st = read.take();
    if (parser.isSet(json)) {
        nlohmann::json j{{"sql_templates", st.sqlTemplates}, {"sql_queries", st.sqlQueries}};
        j["text_templates"] = nlohmann::json::object();
        j["text_queries"] = nlohmann::json::object();
        for (auto it = st.textTemplates.begin(); it != st.textTemplates.end(); ++it)
            j["text_templates"][it.key().toStdString()] = it.value();
        for (auto it = st.textQueries.begin(); it != st.textQueries.end(); ++it)
            j["text_queries"][it.key().toStdString()] = it.value();
        io.out << QString::fromStdString(j.dump(2)) << '\n';
        return ExitOk;
    }
    io.out << QStringLiteral("SQL templates:  %1\nSQL queries:    %2\n").arg(st.sqlTemplates).arg(st.sqlQueries);
    for (auto it = st.textTemplates.begin(); it != st.textTemplates.end(); ++it)
        io.out << QStringLiteral("%1: %2 text templates, %3 text queries\n").arg(it.key(), -6).arg(it.value()).arg(st.textQueries.value(it.key()));
    return ExitOk;
}

} // namespace assay
