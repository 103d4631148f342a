#pragma once
// Facts of the rows on a group's join path, for proposals the direct rules miss
// (docs/METHODS.md §1.6.6). A question reached through a join ("the budget of the project of
// client Brambleway Haulage") is answered by a document that never names the question's
// value: the project report says "Nordvik quay wall survey carries a budget of 420 thousand
// euros". The rows the answer came from — the template run with the group's values, first
// row, every table of its FROM and JOIN clauses read whole — tell which facts to look for:
// a sentence states the answer as a fact of its row when it holds the answer and a name of
// the row (a value, with a letter, of a column whose values are all but unique: a title, a
// person's or a firm's name). The rest of the path is tied to that row by sentences naming
// two of its rows ("The client behind Nordvik quay wall survey is Brambleway Haulage"), and
// a fill-in value counts as stated when a sentence holding it names a tied row. The
// confidence, from the facts matched:
//   0.55  the answer stated as a fact of its row, and every fill-in value tied to it;
//   0.50  the same for a group without fill-in values;
//   0.45  the answer stated as a fact of its row, and some of the values tied to it;
//   0     otherwise, and for computed answers (COUNT, AVG), which are no row's value.
// All stay below the default bar (0.6): they wait for review or a tier's spot check.
#include "core/result.h"

#include <QHash>
#include <QStringList>
#include <QVector>

#include <memory>
#include <optional>
#include <unordered_map>

namespace assay {

class AliasIndex;
class KnowledgeBase;
class KnowledgeConnection;
class Project;
class Statement;

class PathFacts {
public:
    struct Item {
        QStringList forms; // case-folded: the value as stored and its aliases
        bool name = false;
        bool answer = false; // the value of the answer's column in the answer's row
        QString column;      // the column, and its value as the database writes it
        QString value;
    };
    struct Row {
        QString table;
        bool answerRow = false;
        QVector<Item> items;
    };

    ~PathFacts();
    PathFacts(const PathFacts &) = delete;
    PathFacts &operator=(const PathFacts &) = delete;

    static Result<std::unique_ptr<PathFacts>> open(Project &project);
    // The rows of the group's join path; empty for a computed answer or when no row matches.
    Result<QVector<Row>> rowsOf(qint64 templateId, const QString &valuesJson);
    // The confidence that `text` states the answer as a fact of its row, tied to the values
    // (see above); the evidence is the sentences that do.
    static double confidence(const QString &text, const QStringList &answerForms, const QVector<QStringList> &valueForms, const QVector<Row> &rows,
                             QString *evidence = nullptr);

private:
    struct Probe;
    PathFacts();
    Result<Probe *> probeOf(qint64 templateId);
    Result<bool> isNameColumn(const QString &table, const QString &column);

    std::unique_ptr<KnowledgeConnection> m_connection;
    std::unique_ptr<AliasIndex> m_aliases;
    const KnowledgeBase *m_knowledge = nullptr;
    QHash<qint64, QString> m_sqlOf;
    std::unordered_map<qint64, std::unique_ptr<Probe>> m_probes;
    QHash<QString, bool> m_nameColumns; // table \x1f column, case-folded
};

} // namespace assay
