#pragma once
// The answers the corpus never states (docs/METHODS.md §1.6.2): the groups whose answer, a
// value of a knowledge column, occurs in no chunk, nor any alias of it. Every run judges such
// items incorrect whatever it retrieves ("USA" in the database, "United States" in the
// documents), so the diagnostic lists them by value, with the aliases AliasProposer finds.
// Answers computed by the SQL (counts, sums) have no column and are not checked. A group with
// true documents is also checked against them: an answer they do not state is listed too (as
// stated elsewhere), since no retriever can bring a document that states it.
#include "core/result.h"
#include "grounding/aliasproposer.h"

#include <QVector>

#include <algorithm>

namespace assay {

class Database;
class Job;

class AbsentAnswers {
public:
    struct Value {
        QString table;
        QString column;
        QString value;
        qint64 groups = 0; // groups whose answer it is
        QVector<AliasProposer::Proposal> proposals;
        // Stated somewhere in the corpus, but by none of the true documents of these groups (the
        // documents keys or links gave them): a gap of those documents, not an alias problem.
        bool elsewhere = false;
        QVector<qint64> groupIds;
    };
    struct Report {
        qint64 groupsChecked = 0;  // groups whose answer is a column's value
        qint64 groupsAbsent = 0;   // of those, whose answer no chunk states
        qint64 groupsUnstated = 0; // of those, with true documents none of which states the answer (found elsewhere)
        qint64 groupsComputed = 0; // answers with no column (counts, sums …): not checked
        qint64 valuesChecked = 0;  // distinct (column, value)
        qint64 chunks = 0;         // 0: no corpus, nothing checked
        QVector<Value> values;     // absent (most groups first), then those stated elsewhere
        // The values no chunk states (the others are stated, but not by their groups' documents).
        qint64 absentValues() const
        {
            return std::count_if(values.begin(), values.end(), [](const Value &v) { return !v.elsewhere; });
        }
    };

    // proposals: false lists the values alone (faster, for `info` and the Overview).
    static Result<Report> find(Database &db, bool proposals = true, Job *job = nullptr);
};

} // namespace assay
