#include "readers/reactaction.h"

#include <QRegularExpression>

namespace assay {

namespace {

struct Verb {
    const char *name; // as the model writes it
    const char *tool;
    const char *argument; // nullptr: no argument
};

const Verb kVerbs[] = {{"Search", "search", "query"}, {"Lookup", "lookup", "text"},   {"List_tables", "list_tables", nullptr},
                       {"Describe", "describe", "table"}, {"Sql", "sql", "query"}, {"Finish", "finish", "answer"}};

QString usage()
{
    return QStringLiteral("Write one action as Action: Search[query], Lookup[text], List_tables[], Describe[table], Sql[SELECT ...] or Finish[answer].");
}

} // namespace

ReactAction ReactAction::parse(const QString &completion)
{
    ReactAction out;
    QString text = completion;
    static const QRegularExpression observation(QStringLiteral(R"((?:^|\n)\s*Observation\s*\d*\s*:)"), QRegularExpression::CaseInsensitiveOption);
    if (const auto m = observation.match(text); m.hasMatch())
        text.truncate(m.capturedStart());
    static const QRegularExpression thought(QStringLiteral(R"((?:^|\n)\s*Thought\s*\d*\s*:\s*(.*?)\s*(?=\n\s*Action\s*\d*\s*:|$))"),
                                            QRegularExpression::CaseInsensitiveOption | QRegularExpression::DotMatchesEverythingOption);
    if (const auto m = thought.match(text); m.hasMatch())
        out.thought = m.captured(1);
    static const QRegularExpression action(QStringLiteral(R"((?:^|\n)\s*Action\s*\d*\s*:\s*(.*)$)"),
                                           QRegularExpression::CaseInsensitiveOption | QRegularExpression::DotMatchesEverythingOption);
    const auto a = action.match(text);
    if (!a.hasMatch()) {
        out.error = QStringLiteral("No action found. ") + usage();
        return out;
    }
    const QString written = a.captured(1).trimmed();
    const qsizetype open = written.indexOf(QLatin1Char('['));
    const qsizetype close = written.lastIndexOf(QLatin1Char(']'));
    if (open <= 0 || close < open) {
        out.error = QStringLiteral("Invalid action '%1'. ").arg(written.left(200)) + usage();
        return out;
    }
    const QString verb = written.left(open).trimmed();
    const QString argument = written.mid(open + 1, close - open - 1).trimmed();
    for (const Verb &v : kVerbs) {
        if (verb.compare(QLatin1String(v.name), Qt::CaseInsensitive) != 0 && verb.compare(QLatin1String(v.tool), Qt::CaseInsensitive) != 0)
            continue;
        out.tool = QLatin1String(v.tool);
        out.arguments = nlohmann::json::object();
        if (v.argument)
            out.arguments[v.argument] = argument.toStdString();
        return out;
    }
    out.error = QStringLiteral("Unknown action '%1'. ").arg(verb.left(100)) + usage();
    return out;
}

QString ReactAction::actionText() const
{
    if (!valid())
        return {};
    for (const Verb &v : kVerbs)
        if (tool == QLatin1String(v.tool))
            return QStringLiteral("Action: %1[%2]").arg(QLatin1String(v.name),
                                                        v.argument ? QString::fromStdString(arguments.value(v.argument, std::string())) : QString());
    return {};
}

} // namespace assay
