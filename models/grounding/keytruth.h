#pragma once
// Ground truth from document keys (docs/METHODS.md §1.6.3): each group's true documents are the
// documents of the keyed row its answer came from — the template run with the group's values,
// the key column appended to its select list, the first row read — through the template's
// subject (its first FROM table) when keyed, else the answer's own table; when neither is
// keyed, the keyed rows of its fill-in values along the join path. No text is compared but the
// key values with the document ids or titles.
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
        QVector<KeyTruthRow> rows;
        qint64 groups = 0;   // groups with an answer, of accepted templates
        qint64 grounded = 0; // of those, with at least one document from a key
        QHash<QString, qint64> groundedByTable; // groups a keyed table's rows document
        // Keyed rows whose value names no document (by id: no such id; by name: no title holds it).
        QHash<QString, qint64> rowsWithoutDocument;
    };
    static Result<Outcome> compute(Project &project, const QVector<DocumentKey> &keys, Job *job = nullptr);
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
