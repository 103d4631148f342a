#pragma once
// What committed writes changed in a project: the aggregates touched and, per table, the row
// ids written (inserted, updated or deleted). Made by ChangeRecorder from SQLite's update and
// commit hooks, delivered by ProjectEvents and Project::changed (docs/ARCHITECTURE.md,
// "Data flow"). A change of unknown extent (another process wrote; the ids are not known)
// touches every aggregate and lists no ids.
#include <QFlags>
#include <QHash>
#include <QMetaType>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVector>

namespace assay {

class ProjectChange {
public:
    enum class Aggregate : quint16 {
        Knowledge = 0x01,  // knowledge_* (the schema and rows of the knowledge base)
        Generation = 0x02, // templates, forms, queries, groups, ground-truth links, value aliases
        Corpus = 0x04,     // documents, chunks, embeddings, archived chunks
        Runs = 0x08,       // pipelines, runs, run items, their contexts
        Judgements = 0x10, // verdicts of judges on run items
        Exams = 0x20,      // exams, items, takes and answers
        LlmCache = 0x40,   // the LLM cache and call log
        Meta = 0x80,       // project properties (project_meta) only
        Versions = 0x100,  // frozen test-set versions, their items and baselines
        Gates = 0x200,     // regression gates' results, and the per-item metric values kept as their evidence
    };
    Q_DECLARE_FLAGS(Aggregates, Aggregate)
    static constexpr Aggregates everything() { return Aggregates(0x3ff); }
    // Beyond this many rows of one table in one change, the rows are no longer named.
    static constexpr int maxIdsPerTable = 10000;

    ProjectChange() = default;
    explicit ProjectChange(QString file) : m_file(std::move(file)) {}
    static ProjectChange unknownExtent(const QString &file);
    // The aggregate a table belongs to; a table no aggregate names is reported by
    // isFollowed (tst_projectevents checks every table of the schema).
    static Aggregate aggregateOf(const QString &table);
    static bool isFollowed(const QString &table);

    // The project file (its canonical path) the change was written to.
    QString file() const { return m_file; }
    bool isEmpty() const { return !m_aggregates && !m_unknownExtent; }
    bool unknownExtent() const { return m_unknownExtent; }
    Aggregates aggregates() const { return m_unknownExtent ? everything() : m_aggregates; }
    bool touches(Aggregates any) const { return bool(aggregates() & any); }
    // True when `table` may have changed (always, for a change of unknown extent).
    bool touchesTable(const QString &table) const { return m_unknownExtent || m_rows.contains(table) || m_manyRows.contains(table); }
    QStringList tables() const;
    // The row ids written in `table`, ascending; empty when unnamedRows(table).
    QVector<qint64> rowIds(const QString &table) const;
    // True when the rows written in `table` are not named: more than maxIdsPerTable, a table
    // WITHOUT ROWID, or a change of unknown extent.
    bool unnamedRows(const QString &table) const { return m_unknownExtent || m_manyRows.contains(table); }

    // The connection that wrote it (an opaque id, 0 when several or unknown). Project::changed
    // also says whether that was the project's own connection (the GUI thread's edits, which
    // reach views through the services' own signals) or another (a job, another process).
    quintptr connection() const { return m_connection; }
    void setConnection(quintptr id) { m_connection = id; }
    bool fromOwnConnection() const { return m_own; }
    void setFromOwnConnection(bool own) { m_own = own; }

    void addRow(const QString &table, qint64 rowid);
    // Rows of `table` written without naming them.
    void addRows(const QString &table);
    void merge(const ProjectChange &other);

private:
    QString m_file;
    QHash<QString, QSet<qint64>> m_rows;
    QSet<QString> m_manyRows;
    Aggregates m_aggregates;
    bool m_unknownExtent = false;
    bool m_own = false;
    quintptr m_connection = 0;
};

Q_DECLARE_OPERATORS_FOR_FLAGS(ProjectChange::Aggregates)

} // namespace assay

Q_DECLARE_METATYPE(assay::ProjectChange)
