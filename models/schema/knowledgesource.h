#pragma once
// Where the knowledge rows are read from: the project's own tables, a linked SQLite file or a
// linked server (docs/ARCHITECTURE.md, "Knowledge sources"). Everything that reads the rows —
// fill-in, template checks, key truth, agents, exports — asks a source through this interface
// and never what kind of source it is; a source says what it can do (capabilities), not what
// it is. KnowledgeSourceRegistry chooses the implementation; KnowledgeConnection is the handle
// callers hold. Every source is read-only.
#include "core/result.h"

#include <QStringList>
#include <QVariantList>
#include <QVector>

#include <functional>
#include <memory>

namespace assay {

class Database;

// The SQL a source reads: what a generated template quotes and compares with.
enum class SqlDialect { SQLite, Postgres, MySql };

// One result row of a source query.
class SourceRow {
public:
    virtual ~SourceRow() = default;
    // As the source returned it: what binds back into a query, what tells two keys apart.
    virtual QVariant raw(int column) const = 0;
    // As an import of the same row would store it in the project.
    virtual QVariant value(int column) const = 0;
};

// A statement prepared once and run many times, its parameters positional ('?').
class SourceQuery {
public:
    virtual ~SourceQuery() = default;
    // The columns the statement projects (a server may find them by running it once with every
    // parameter NULL: ask only where they are needed).
    virtual Result<QStringList> columns() = 0;
    // Runs with params bound in order and hands each row to onRow until it returns false.
    virtual Status run(const QVariantList &params, const std::function<bool(const SourceRow &)> &onRow) = 0;
};

class KnowledgeSource {
public:
    struct Rows {
        QStringList columns;
        QVector<QVariantList> rows;
    };
    struct Values {
        QVariantList raw;    // as the source returned them, to bind
        QVariantList stored; // as the project stores them
    };
    virtual ~KnowledgeSource() = default;

    // Names the source in messages ("the project's tables", a file, a server without password).
    virtual QString describe() const = 0;
    // One SELECT with positional parameters; values as the project stores them; maxRows < 0:
    // all rows.
    virtual Result<Rows> query(const QString &sql, const QVariantList &params = {}, int maxRows = -1) const = 0;
    virtual Result<std::unique_ptr<SourceQuery>> prepare(const QString &sql, int parameters) const = 0;
    // The columns a read-only SELECT (positional parameters, `parameters` of them) projects,
    // or why the source refuses it — a write, a lock, more than one statement, a syntax error.
    virtual Result<QStringList> check(const QString &sql, int parameters) const = 0;
    // A column's distinct non-NULL values in the order SQLite gives them (type: the column's
    // Assay type, empty when unknown).
    virtual Result<Values> distinctValues(const QString &table, const QString &column, const QString &type) const = 0;
    // The expression that orders and tells apart a column's values as SQLite would (reference:
    // the column as a query names it).
    virtual QString orderKey(const QString &reference, const QString &type) const = 0;
    // A raw value of a column as the project stores it.
    virtual QVariant stored(const QVariant &raw, const QString &type) const = 0;
    // Writes the knowledge tables (with keys) to a new SQLite file, or says why it cannot.
    virtual Status exportTo(const QString &path) const = 0;

    // Capabilities.
    // The rows as a SQLite database, for readers that plan in SQLite (the set-based fill-in's
    // grouping, key truth's probes); null when the rows are elsewhere.
    virtual const Database *sqlite() const { return nullptr; }
    // Usable only by the thread that opened it.
    virtual bool threadBound() const { return false; }
    // Around a statement that may fail without spoiling the rest of the read: isolate() before
    // it, then keep() when it succeeded or discard() when it failed; recovered() says the
    // source still answers after discard(), so the failure was the statement's alone. A
    // source without such isolation never recovers: a failure ends the work.
    virtual Status isolate() const { return {}; }
    virtual Status keep() const { return {}; }
    virtual Status discard() const { return {}; }
    virtual bool recovered() const { return false; }
};

} // namespace assay
