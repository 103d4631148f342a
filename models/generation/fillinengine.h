#pragma once
// Fills a SQL template in and measures it. Templates whose placeholders all sit in top-level
// ANDed equalities on their own columns (every generated and GRAMMAR template) are filled
// set-based (SetBasedFillIn): one pass over the template's FROM/JOIN visits only the value
// combinations that exist. Other shapes keep GRAMMAR's per-combination path: the distinct
// values of every placeholder column (SELECT DISTINCT ... ORDER BY), their Cartesian product,
// each combination executed with its values bound as parameters — refused, with the reason,
// when the product exceeds the combination budget. Both paths give the same groups in the
// same order: combinations whose SQL returns no row or a NULL answer are skipped, and the
// singular-answer rate is the share of answered combinations that return exactly one row.
// The template runs where the knowledge source keeps its rows (KnowledgeSource). Set-based,
// a source that is SQLite groups in one GROUP BY pass; any other source streams the rows
// ordered by the placeholders' values and the engine groups adjacent rows, so the groups,
// their order and their row counts are those of an imported copy. A group of several rows
// answers with the first row the source returns: SQL gives such rows no order, so on another
// source it may differ from the imported copy's first row.
#include "core/result.h"
#include "generation/grouprows.h"
#include "generation/semanticgroup.h"
#include "generation/setbasedfillin.h"
#include "generation/sqltemplate.h"
#include "schema/knowledgesource.h"

#include <QHash>
#include <QVector>

#include <functional>
#include <optional>

namespace assay {

class KnowledgeConnection;
class Statement;

class FillInEngine {
public:
    enum class Path { Auto, PerCombination };
    struct Outcome {
        QVector<SemanticGroup> groups; // empty when a sink took them
        qint64 answered = 0;           // groups found
        qint64 combinations = 0; // Cartesian product size
        qint64 skipped = 0;      // empty result or NULL answer
        double singularRate = -1; // < 0 when no combination was answered
        bool setBased = false;
        bool firstRowsByPlan = false; // set-based, first rows of several-row groups read in the grouping pass
        QString refused; // not filled in: the combination budget would be exceeded
    };
    static constexpr qint64 defaultBudget = 2'000'000;

    explicit FillInEngine(const KnowledgeConnection &connection);
    void setCombinationBudget(qint64 budget) { m_budget = budget; }
    const KnowledgeSource &source() const;
    // Takes the groups as they are found, a batch (up to 2,048, in order, encoded as the
    // project stores them) at a time: streaming to the project; a failure stops the fill-in.
    using Sink = std::function<Status(GroupRows &&)>;
    // How far a streamed fill-in is, after each batch (and every 65,536 combinations): the
    // groups found so far and the share of the work done — per-combination the combinations
    // executed; set-based the groups against the number expected (at most the combinations
    // and the rows of the largest placeholder table), so an estimate.
    using Progress = std::function<void(qint64 groups, double fraction)>;
    void setProgress(Progress progress) { m_progress = std::move(progress); }
    // cancelled() is polled between combinations (set-based: between result rows). Without a
    // sink the groups are collected in the outcome; with one, memory stays bounded.
    Result<Outcome> run(const SqlTemplate &sqlTemplate, const std::function<bool()> &cancelled = {}, Path path = Path::Auto, const Sink &sink = {});
    Result<QVariantList> distinctValues(const Placeholder &placeholder);
    Result<qint64> distinctCount(const Placeholder &placeholder);
    // The Cartesian product of the placeholders' distinct values.
    Result<qint64> combinations(const SqlTemplate &sqlTemplate);

private:
    // Why a per-combination fill-in of `combinations` is refused (the budget), or empty.
    QString refusal(const SqlTemplate &t, qint64 combinations) const;
    // The next value combination: index[i] counts through sizes[i], the last fastest.
    static void advance(QVector<int> &index, const QVector<int> &sizes);
    struct Prepared;
    class Output; // where the groups go: the outcome, or encoded batches to the sink
    Result<Outcome> read(const SqlTemplate &t, const std::function<bool()> &cancelled, Path path, Output &output);
    // The groups a set-based fill-in is expected to find, for its progress.
    qint64 expectedGroups(const SqlTemplate &t, qint64 combinations);
    // The share of the work done, for progress (see Progress).
    double doneShare(qint64 groups) const;
    Result<Outcome> runSetBased(const SqlTemplate &t, const QString &planSql, int keys, bool firstRows, Prepared &prepared,
                                const std::function<bool()> &cancelled, Output &output);
    // The rowids that order the template's own query's rows (its plan's loops, outermost
    // first), or nothing when a loop does not read in rowid order.
    std::optional<QStringList> rowidOrder(const SqlTemplate &t) const;
    Result<Outcome> runPerCombination(const SqlTemplate &t, Prepared &prepared, const std::function<bool()> &cancelled, Output &output);
    // A set-based outcome with its combinations counted (and the groups progress expects).
    Result<Outcome> startSetBased(const SqlTemplate &t);
    // Set-based on a source that is not SQLite: the rows in key order, grouped here.
    Result<Outcome> runSetBasedInOrder(const SqlTemplate &t, const SetBasedFillIn::Plan &plan, Prepared &prepared,
                                       const std::function<bool()> &cancelled, Output &output);
    // A placeholder column's values, raw (to bind) and as stored; cached.
    Result<KnowledgeSource::Values> domain(const Placeholder &placeholder);
    // Executes the template for one combination (raw: its values as the source binds them) into g.
    static Status fillOne(Prepared &prepared, const QVariantList &raw, SemanticGroup &g);

    const KnowledgeConnection &m_connection;
    QHash<QString, KnowledgeSource::Values> m_valueCache;
    QHash<QString, qint64> m_countCache;
    QHash<QString, qint64> m_rowCountCache; // table (lower case) → rows
    qint64 m_budget = defaultBudget;
    Progress m_progress;
    qint64 m_expected = 0;  // groups (set-based) or combinations (per-combination) to come
    qint64 m_executed = -1; // per-combination: combinations executed; set-based: -1
};

} // namespace assay
