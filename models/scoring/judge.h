#pragma once
// A judge: gives each answered item a verdict (1 correct, 0 incorrect, none when unreadable),
// optionally a score and a detail. Judges know nothing of runs or storage: Scorer gathers the
// items, applies the closed-domain rule and stores the verdicts. New judges are added to the
// JudgeRegistry (docs/ARCHITECTURE.md, "How to add …").
#include "core/result.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace assay {

class Database;
class Job;

class Judge {
public:
    struct Item {
        qint64 id = 0;
        QString query;
        QString gold;
        QString response; // a retrieval-only run's retrieved text
        // The gold answer as the documents may write it, by the project's value aliases
        // (docs/METHODS.md §1.6.2): a response matching one of them matches the gold.
        QStringList alternatives;
    };
    struct Verdict {
        std::optional<int> verdict;
        std::optional<double> score;
        QString detail;
        bool failed = false; // the judge could not be asked (its request failed): unread, the error in detail
    };
    // The stored detail of an item whose judge request failed starts with this, then the error
    // (Scorer's retry of failed items finds them by it).
    static constexpr const char *FailedPrefix = "judge request failed: ";
    struct Context {
        Database *db = nullptr; // the project, for judges that log LLM calls in it
        Job *job = nullptr;     // progress and cancel
        // Independent verdicts per item (judges that use a model): the majority is the
        // verdict, the votes lead the detail ("votes 1 0 1 u 1; …", u: unread).
        int repetitions = 1;
    };

    virtual ~Judge() = default;
    // One verdict per item, in the items' order.
    virtual Result<QVector<Verdict>> judge(const QVector<Item> &items, const Context &context) = 0;
};

} // namespace assay
