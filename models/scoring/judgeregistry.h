#pragma once
// Every judge Assay knows, with what the CLI's help, the GUI's judge choosers, the Judges
// view and the report need to list and explain it. The built-in judges (contains, exact,
// f1[:THRESHOLD], llm:PROFILE) register themselves; a new judge is one add() call and one
// Judge subclass (docs/ARCHITECTURE.md, "How to add …").
#include "core/registry.h"
#include "core/result.h"
#include "scoring/judge.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>
#include <memory>

namespace assay {

class JudgeSpec;

struct JudgeKind {
    enum class Argument { None, Optional, Required };
    QString name;        // "f1"
    QString description; // one sentence, for tooltips and help
    Argument argument = Argument::None;
    QString argumentName; // "THRESHOLD", "PROFILE"
    // Checks an argument (empty when Optional and absent); the message says what is wrong.
    std::function<Status(const QString &argument)> checkArgument;
    // What a chooser offers, in order ("f1", "f1:0.8"; "llm:NAME" for each LLM profile).
    std::function<QStringList()> choices;
    // An LLM (or any model) decides: its verdicts are a likelier reference than a string
    // match, and cost calls.
    bool usesModel = false;
    // People decide (human labels): never scored, only read.
    bool labelled = false;
    std::function<std::unique_ptr<Judge>(const JudgeSpec &)> create;

    // "f1[:THRESHOLD]", "llm:PROFILE", "exact".
    QString synopsis() const;
};

class JudgeRegistry : public Registry<JudgeKind> {
public:
    static JudgeRegistry &instance();

    // The judge a run is scored with until the user chooses another: every chooser and the
    // demo start from it.
    static QString defaultJudge();
    // Whether the judge `spec` names ("llm:gpt", "f1:0.8") decides with a model; false for a
    // rule and for a name no kind knows.
    static bool usesModel(const QString &spec);

    // Every kind's choices, in registration order.
    QStringList choices() const;
    // "contains, exact, f1[:THRESHOLD] or llm:PROFILE".
    QString synopsis() const;
    // One line per kind: "f1[:THRESHOLD]  token F1 …" (the CLI's help, tooltips).
    QString descriptions() const;

private:
    JudgeRegistry();
};

} // namespace assay
