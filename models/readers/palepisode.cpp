#include "readers/palepisode.h"

#include <QRegularExpression>

namespace assay {

PalEpisode::PalEpisode(AgentSetup setup, ReaderRequest request, Reader::Done done)
    : AgentEpisode(std::move(setup), std::move(request), std::move(done), QStringLiteral("pal"))
{
}

QString PalEpisode::extractProgram(const QString &reply)
{
    static const QRegularExpression fenced(QStringLiteral(R"(```[ \t]*([A-Za-z]*)[ \t]*\n(.*?)```)"),
                                           QRegularExpression::CaseInsensitiveOption | QRegularExpression::DotMatchesEverythingOption);
    QString program;
    // A block marked sql wins over an unmarked one.
    auto blocks = fenced.globalMatch(reply);
    while (blocks.hasNext()) {
        const auto m = blocks.next();
        const QString language = m.captured(1).toLower();
        if (language == QLatin1String("sql") || language == QLatin1String("sqlite")) {
            program = m.captured(2);
            break;
        }
        if (program.isEmpty())
            program = m.captured(2);
    }
    if (program.isEmpty()) {
        static const QRegularExpression start(QStringLiteral(R"(\b(SELECT|WITH)\b)"), QRegularExpression::CaseInsensitiveOption);
        if (const auto m = start.match(reply); m.hasMatch())
            program = reply.mid(m.capturedStart());
    }
    program = program.trimmed();
    while (program.endsWith(QLatin1Char(';')))
        program.chop(1);
    return program.trimmed();
}

void PalEpisode::start()
{
    const QString first = firstMessage(m_setup.prompt, m_request, {{QStringLiteral("schema"), m_setup.tools->schemaText()}});
    m_messages.push_back({{"role", "user"}, {"content", first.toStdString()}});
    step();
}

void PalEpisode::step()
{
    ask(m_messages, nlohmann::json::object(), [this](const LlmResult &r) { onReply(r); });
}

void PalEpisode::onReply(const LlmResult &r)
{
    const QString reply = r.content();
    const QString program = extractProgram(reply);
    AgentStep s;
    s.action = QStringLiteral("program");
    s.arguments = {{"query", program.toStdString()}};
    QString feedback;
    if (program.isEmpty()) {
        s.error = true;
        s.thought = reply.trimmed().left(2000);
        s.observation = QStringLiteral("No SQL program found. Reply with one SQLite SELECT statement in a ```sql block.");
        feedback = s.observation;
    } else {
        if (!observe(QStringLiteral("program"), s.arguments, s))
            return;
        feedback = QStringLiteral("The program failed: %1\nWrite a corrected program.").arg(s.observation);
    }
    record(std::move(s));
    if (overBudget())
        return;
    m_messages.push_back({{"role", "assistant"}, {"content", reply.toStdString()}});
    m_messages.push_back({{"role", "user"}, {"content", feedback.toStdString()}});
    step();
}

} // namespace assay
