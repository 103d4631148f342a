#pragma once
// Ground truth from document keys (docs/METHODS.md §1.6.3): each group's true documents are the
// documents of the keyed row its answer came from — the template run with the group's values,
// the key column appended to its select list, the first row read — through the template's
// subject (its first FROM table) when keyed, else the answer's own table; when neither is
// keyed, the keyed rows of its fill-in values along the join path. A document is truth when the
// answer is an attribute of its row, or when its text states the answer (aliases and number
// forms included); any other is a proposal for a spot check, not truth.
#include "core/result.h"
#include "grounding/documentkey.h"

#include <QHash>
#include <QStringList>
#include <QVector>

#include <utility>

namespace assay {

class Job;
class Project;

class KeyTruth {
public:
    struct Outcome {
        QVector<KeyTruthRow> rows; // truth and proposals (KeyTruthRow::proposal)
        qint64 groups = 0;   // groups with an answer, of accepted templates
        qint64 grounded = 0; // of those, with at least one document from a key
        qint64 proposedGroups = 0; // groups with a key proposal and no key truth
        qint64 proposals = 0;      // proposal rows
        QHash<QString, qint64> groundedByTable; // groups a keyed table's rows document
        // Keyed rows whose value names no document (by id: no such id; by name: no title holds it).
        QHash<QString, qint64> rowsWithoutDocument;
        // A document named by rows of two or more keyed tables (a résumé whose title names the
        // person and the employer): the table that took it and why; the others do not claim it.
        struct Conflict {
            QString docId, title;
            QStringList tables; // every keyed table with a row naming it
            QString chosen;     // the table that claims it
            bool byUser = false; // chosen by the user (claims), else the one named first in its title
        };
        QVector<Conflict> conflicts;
        // A key value naming several documents of one table (kept: an entity may have several).
        struct SharedValue {
            QString table, value;
            QStringList docIds;
        };
        QVector<SharedValue> sharedValues;
        // The conflicts and shared values as lines for a person ("résumé 'x' is named by rows
        // of people and company: people claims it (named first in its title)").
        QStringList conflictLines(int most = 10) const;
    };
    // The user's choices: document id → the keyed table that claims it (a project property,
    // ClaimsProperty, holding a JSON object).
    static constexpr const char *ClaimsProperty = "document_claims";
    static QHash<QString, QString> claimsFrom(const QString &json);
    static QString claimsToJson(const QHash<QString, QString> &claims);
    // claims: the user's choices to use (claimsFrom); null: the project's stored ones.
    static Result<Outcome> compute(Project &project, const QVector<DocumentKey> &keys, Job *job = nullptr, const QHash<QString, QString> *claims = nullptr);
    // After a generation step (new templates or groups): the stored keys' truth computed again
    // and stored. Empty when there are no keys, else a line for the step's summary.
    static Result<QString> refresh(Project &project, Job *job = nullptr);

    // The (table, alias) pairs of a SELECT's FROM and JOIN clauses, in order; a table without an
    // alias is its own alias.
    static QVector<std::pair<QString, QString>> tablesOf(const QString &sql);
    // The template's SQL selecting DISTINCT alias.column instead of its answer (everything from
    // its first FROM on kept), or empty when it has no FROM.
    static QString keySql(const QString &sql, const QString &alias, const QString &column);
    // The template's SQL with alias.column appended to its select list (its first row's last
    // column is the key of the row the answer came from), or empty without a FROM.
    static QString firstRowSql(const QString &sql, const QString &alias, const QString &column);
    // The template's SQL with these expressions appended to its select list ("a.*"), or empty
    // without a FROM.
    static QString withSelected(const QString &sql, const QStringList &expressions);
    // The line of a document without a title that names its row: the first line with a letter
    // that is not a label ending in ':' ("Resume:").
    static QString firstLineNaming(const QString &text);
    // Whether a document's title (or first line) names a value on whole words, case-folded;
    // values of one character, or without a letter, name nothing.
    static bool names(const QString &title, const QString &value);
};

} // namespace assay
