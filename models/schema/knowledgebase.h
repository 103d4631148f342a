#pragma once
// The user's knowledge schema as stored in the project file, and its edits. Every mutator
// commits at once and emits a change signal; undo commands call these mutators, views never
// do. Where the rows come from is KnowledgeRowReader's job; writing a snapshot back,
// KnowledgeSnapshotWriter's; reading the rows with SQL, a KnowledgeSource's.
#include "core/result.h"
#include "schema/knowledgerow.h"
#include "schema/knowledgerowreader.h"
#include "schema/knowledgetable.h"
#include "schema/linkcheck.h"

#include <QHash>
#include <QObject>
#include <QVector>

#include <memory>

#include <functional>

namespace assay {

class Database;
class Project;
class Statement;

class KnowledgeBase : public QObject {
    Q_OBJECT
public:
    enum class Source { None, Embedded, Linked };

    // What a removed table or column takes with it, so undo can put it back exactly.
    struct TableSnapshot {
        KnowledgeTable table;
        QVector<KnowledgeRow> rows;
        QVector<QPair<qint64, qint64>> incomingForeignKeys; // (column id, referenced column id)
    };
    struct ColumnSnapshot {
        KnowledgeColumn column;
        QVector<QPair<qint64, qint64>> incomingForeignKeys;
    };

    // Everything the knowledge holds, for undoing an import.
    struct Snapshot {
        Source source = Source::None;
        QString linkedPath;
        QVector<TableSnapshot> tables;
    };

    KnowledgeBase(Database &db, QString projectPath, QObject *parent = nullptr);
    // The project's one instance (Project::service<KnowledgeBase>()).
    static std::unique_ptr<KnowledgeBase> createFor(Project &project);

    Source source() const { return m_source; }
    QString linkedPath() const { return m_linkedPath; }
    QString projectPath() const { return m_projectPath; }
    bool isLinked() const { return m_source == Source::Linked; }
    // Linked to a remote source (KnowledgeSourceRegistry::Kind::remote: a PostgreSQL or
    // MySQL/MariaDB server, linkedPath() its URI without password), whose rows are reached
    // only through a link check.
    bool isRemote() const { return m_rows.isRemote(); }
    // What the last check of a remote link found (LinkCheck); rows() and rowCount() of a
    // remote table answer from it: the preview and the count, or why they cannot.
    const LinkCheck::State &linkState() const { return m_rows.linkState(); }
    void applyLinkState(const LinkCheck::State &state);
    // Where the tables were imported from ("editor" when made by hand), and when (ISO, UTC).
    QString importedFrom() const { return m_importedFrom; }
    QString importedAt() const { return m_importedAt; }

    const QVector<KnowledgeTable> &tables() const { return m_tables; }
    const KnowledgeTable *table(qint64 tableId) const;
    const KnowledgeTable *tableNamed(const QString &name) const;
    const KnowledgeColumn *column(qint64 columnId) const;
    QString qualifiedName(qint64 columnId) const; // "Table.column"
    Result<QVector<KnowledgeRow>> rows(qint64 tableId) const;
    Result<qint64> rowCount(qint64 tableId) const;
    // An embedded table's rows streamed in row order, one result row each with the table's
    // columns in column order; bypasses the row cache (bulk readers such as materialising).
    Status eachRowValues(qint64 tableId, const std::function<Status(const Statement &)> &onRow) const;
    // Why a name cannot be used for a table or column, or empty when it can.
    static QString nameProblem(const QString &name);

    // Structure edits (refused for a linked database, except descriptions and flags).
    Result<qint64> addTable(const QString &name, qint64 reuseId = 0);
    Status renameTable(qint64 tableId, const QString &name);
    Result<TableSnapshot> removeTable(qint64 tableId);
    Status restoreTable(const TableSnapshot &snapshot);
    Result<qint64> addColumn(qint64 tableId, const KnowledgeColumn &column);
    Status updateColumn(const KnowledgeColumn &column);
    Result<ColumnSnapshot> removeColumn(qint64 columnId);
    Status restoreColumn(const ColumnSnapshot &snapshot);

    // Row edits.
    Status setCell(qint64 tableId, qint64 rowId, qint64 columnId, const QVariant &value);
    Result<qint64> insertRow(qint64 tableId, const KnowledgeRow &row); // row.id/position 0 → new, at the end
    Result<QVector<KnowledgeRow>> removeRows(qint64 tableId, const QVector<qint64> &rowIds);

    Result<Snapshot> snapshot() const;
    // Replaces all knowledge tables and the source with a snapshot, in one transaction.
    Status restore(const Snapshot &snapshot);

    // Re-reads everything from the project file (after an import).
    // Reads the structure again (after an import); a failure leaves no tables and is returned.
    Status reload();
    // Why the last read of the structure failed (empty when it succeeded).
    QString loadError() const { return m_loadError; }
    Status setSource(Source source, const QString &linkedPath, const QString &importedFrom);

signals:
    void tablesChanged();
    void columnsChanged(qint64 tableId);
    void rowsChanged(qint64 tableId);
    void cellChanged(qint64 tableId, qint64 rowId, qint64 columnId);
    void reloaded();
    void linkChecked();

private:
    Status refuseIfLinked(const QString &what) const;
    Status writeRow(qint64 tableId, const KnowledgeRow &row);
    Status checkTableName(const QString &name, qint64 exceptId) const;
    KnowledgeTable *mutableTable(qint64 tableId);
    Status loadStructure();

    Database &m_db;
    QString m_projectPath;
    Source m_source = Source::None;
    QString m_linkedPath;
    QString m_importedFrom, m_importedAt;
    QString m_loadError;
    QVector<KnowledgeTable> m_tables;
    KnowledgeRowReader m_rows; // where the rows come from, and the rows read
};

} // namespace assay
