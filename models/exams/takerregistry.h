#pragma once
// Every exam taker Assay knows, with what the spec parser, the CLI's help and the Take Exam
// dialog need to offer and check it: ir, oracle-ir, llm-letter and llm-loglik register
// themselves; a new taker is one add() call (docs/ARCHITECTURE.md, "How to add …").
#include "core/registry.h"
#include "core/result.h"
#include "exams/examitem.h"
#include "exams/examstore.h"
#include "exams/takerspec.h"

#include <QStringList>

#include <functional>

namespace assay {

class Database;
class Job;

struct TakerKind {
    QString name;        // "llm-letter"
    QString synopsis;    // "llm-letter:PROFILE[:icl=N][:context=R]": help and errors
    QString description; // one phrase, for the Take Exam dialog and help
    bool needsProfile = false;     // the first argument names an LLM profile
    bool checkedByDefault = false; // offered checked in the Take Exam dialog
    // Reads the options after the kind (and the profile); sets spec.text to the canonical
    // spec, or leaves it empty to keep the text as written. An error names the bad option.
    std::function<Status(const QStringList &options, TakerSpec &spec)> parse;
    std::function<nlohmann::json(const TakerSpec &)> factors;
    // The specs the Take Exam dialog offers, given the project's LLM profiles.
    std::function<QStringList(const QStringList &profiles)> offered;
    std::function<Result<QVector<ExamAnswer>>(Database &, const QVector<ExamItem> &, const TakerSpec &, Job *)> take;
};

class TakerRegistry : public Registry<TakerKind> {
public:
    static TakerRegistry &instance();

    QStringList synopses() const;
    // Every kind's offered specs, in registry order.
    QStringList offered(const QStringList &profiles) const;

private:
    TakerRegistry();
};

} // namespace assay
