#include "scoring/judgeregistry.h"

#include "llm/llmprofilestore.h"
#include "scoring/humanjudge.h"
#include "scoring/judgespec.h"
#include "scoring/llmjudge.h"
#include "scoring/metricjudge.h"


namespace assay {

namespace {

JudgeKind metricKind(const QString &name, const QString &description, MetricJudge::Metric metric)
{
    JudgeKind k;
    k.name = name;
    k.description = description;
    k.choices = [name] { return QStringList{name}; };
    k.create = [metric](const JudgeSpec &) { return std::make_unique<MetricJudge>(metric); };
    return k;
}

JudgeKind f1Kind()
{
    JudgeKind k;
    k.name = QStringLiteral("f1");
    k.description = QStringLiteral("token F1 with the gold answer at least THRESHOLD (0.5 by default); the F1 is kept as the score");
    k.argument = JudgeKind::Argument::Optional;
    k.argumentName = QStringLiteral("THRESHOLD");
    k.checkArgument = [](const QString &argument) {
        if (argument.isEmpty())
            return Status();
        bool ok = false;
        const double t = argument.toDouble(&ok);
        return ok && t > 0 && t <= 1 ? Status() : Status::failure(QStringLiteral("the F1 threshold must be in (0, 1], not '%1'").arg(argument));
    };
    k.choices = [] { return QStringList{QStringLiteral("f1"), QStringLiteral("f1:0.8")}; };
    k.create = [](const JudgeSpec &spec) {
        return std::make_unique<MetricJudge>(MetricJudge::Metric::F1, spec.argument().isEmpty() ? 0.5 : spec.argument().toDouble());
    };
    return k;
}

JudgeKind llmJudgeKind()
{
    JudgeKind k;
    k.name = QStringLiteral("llm");
    k.description = QStringLiteral("an LLM profile reads query, gold answer and response and answers Correct or Incorrect "
                                   "(prompt: judge.txt); other replies stay unread");
    k.argument = JudgeKind::Argument::Required;
    k.argumentName = QStringLiteral("PROFILE");
    k.checkArgument = [](const QString &) { return Status(); }; // the profile is looked up when judging
    k.choices = [] {
        QStringList out;
        for (const LlmProfile &p : LlmProfileStore::all())
            out << QStringLiteral("llm:%1").arg(p.name);
        return out;
    };
    k.usesModel = true;
    k.create = [](const JudgeSpec &spec) { return std::make_unique<LlmJudge>(spec.argument()); };
    return k;
}

JudgeKind humanKind()
{
    JudgeKind k;
    k.name = QStringLiteral("human");
    k.description = QStringLiteral("people's labels (Analysis → Labels): human:NAME is one labeller's, human the labellers' majority");
    k.argument = JudgeKind::Argument::Optional;
    k.argumentName = QStringLiteral("NAME");
    k.checkArgument = [](const QString &) { return Status(); };
    k.choices = [] { return QStringList(); }; // labelled, never scored
    k.labelled = true;
    k.create = [](const JudgeSpec &) { return std::make_unique<HumanJudge>(); };
    return k;
}

} // namespace

QString JudgeKind::synopsis() const
{
    switch (argument) {
    case Argument::None:
        return name;
    case Argument::Optional:
        return QStringLiteral("%1[:%2]").arg(name, argumentName);
    case Argument::Required:
        return QStringLiteral("%1:%2").arg(name, argumentName);
    }
    return name;
}

JudgeRegistry::JudgeRegistry()
{
    add(metricKind(QStringLiteral("contains"), QStringLiteral("the response holds the gold answer (after normalising)"), MetricJudge::Metric::Contains));
    add(metricKind(QStringLiteral("exact"), QStringLiteral("the response equals the gold answer after normalising"), MetricJudge::Metric::Exact));
    add(f1Kind());
    add(llmJudgeKind());
    add(humanKind());
}

JudgeRegistry &JudgeRegistry::instance()
{
    static JudgeRegistry registry;
    return registry;
}

QStringList JudgeRegistry::choices() const
{
    QStringList out;
    for (const JudgeKind *k : kinds())
        out << (k->choices ? k->choices() : QStringList{k->synopsis()});
    return out;
}

QString JudgeRegistry::defaultJudge() { return QStringLiteral("contains"); }

bool JudgeRegistry::usesModel(const QString &spec)
{
    auto parsed = JudgeSpec::parse(spec);
    return parsed && parsed.value().kind().usesModel;
}

QString JudgeRegistry::synopsis() const
{
    QStringList names;
    for (const JudgeKind *k : kinds())
        names << k->synopsis();
    if (names.size() < 2)
        return names.join(QString());
    const QString last = names.takeLast();
    return names.join(QStringLiteral(", ")) + QStringLiteral(" or ") + last;
}

QString JudgeRegistry::descriptions() const
{
    QStringList lines;
    for (const JudgeKind *k : kinds())
        lines << QStringLiteral("%1: %2").arg(k->synopsis(), k->description);
    return lines.join(QLatin1Char('\n'));
}

} // namespace assay
