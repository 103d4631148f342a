#pragma once
// Claims and checks without an LLM, on grounded data (docs/METHODS.md §12.3). For an item whose
// semantic group's answer comes from a row of the knowledge base:
// - the ground-truth claims are the facts that tie the answer to the question along the
//   group's join path (PathFacts): the answer as a fact of its row (subject · column · answer)
//   and each fill-in value as a fact of the row that holds it;
// - the response's claims are its sentences;
// - a chunk entails a fact when one of its sentences holds a form of the fact's value (the
//   value as stored or an alias) and a name that ties it to its row: another name of the row,
//   or, for a row with no other name, a name of another row on the path (only a path with no
//   name at all leaves the value alone); the response, read with its question, entails a
//   fact when a sentence holds the value's form;
// - a response claim is correct (entailed by the ground truth) when it holds a form of the
//   answer; a chunk entails a response claim when it states every fact the claim holds (at
//   least one), or when one of its sentences holds at least 80% of the claim's content words
//   (at least two).
// Exact: which facts are the truth, and whether a text holds their values. Approximate: that
// holding a value in a sentence with a name tying it to its row states the fact, and the
// word-overlap rule. No check is ever Contradiction offline. An item whose group
// has no row facts, or no fact for its answer (a computed answer, an answer too short to find
// in text such as "12", a regenerated group, an imported item) is left out
// and counted.
#include "claims/claimset.h"
#include "core/result.h"
#include "grounding/pathfacts.h"

#include <QStringList>
#include <QVector>

namespace assay {

class Job;
class Project;

class OfflineClaimChecker {
public:
    struct Fact {
        QString claimJson;    // [subject, column, value]
        QStringList forms;    // case-folded forms of the value
        QStringList names;    // case-folded names that tie the value to its row (any one will do); empty: none needed
        bool answer = false;
    };
    struct Report {
        qint64 items = 0;           // executed items of the run
        qint64 checked = 0;         // items with claims stored
        qint64 withoutFacts = 0;    // left out: no row facts, or none for the answer
        qint64 withoutResponse = 0; // checked, but with no response (retrieval only)
        qint64 failed = 0;          // left out: the item failed, so nothing can be checked
        // What the check did, in a sentence: the GUI's note and the CLI's output.
        QString summary(const QString &run) const;
    };
    static QString checker() { return QStringLiteral("offline"); }

    // The facts of a group from its join path's rows; answerForms and valueForms as the
    // grounding rules build them (the value as stored, then its aliases).
    static QVector<Fact> factsOf(const QVector<PathFacts::Row> &rows, const QStringList &answerForms, const QVector<QStringList> &valueForms);
    // One item's claims and checks under the rules above.
    static ClaimSet checkItem(const QVector<Fact> &facts, const QString &response, bool hasResponse, const QStringList &chunkTexts);
    // Every executed item of run `runId`, replacing the run's offline claims in one
    // transaction; job (may be null) sees progress and may cancel (nothing is written then).
    static Result<Report> check(Project &project, qint64 runId, Job *job = nullptr);
};

} // namespace assay
