#pragma once
// A judge as the user names it: NAME or NAME:ARGUMENT (contains, f1:0.7, llm:gpt-4o-mini).
// parse() checks it against the JudgeRegistry, naming the bad part; text() gives it back as
// the name verdicts are stored under.
#include "core/result.h"

#include <QString>

namespace assay {

struct JudgeKind;

class JudgeSpec {
public:
    static Result<JudgeSpec> parse(const QString &text);

    QString name() const { return m_name; }         // the registry's key: "f1"
    QString argument() const { return m_argument; } // "0.7", a profile, or empty
    QString text() const { return m_argument.isEmpty() ? m_name : m_name + QLatin1Char(':') + m_argument; }
    const JudgeKind &kind() const { return *m_kind; }

private:
    QString m_name;
    QString m_argument;
    const JudgeKind *m_kind = nullptr;
};

} // namespace assay
