#pragma once
// The value aliases of a project, looked up by value (docs/METHODS.md §1.6.2). Values compare
// trimmed and case-insensitively.
#include "core/result.h"
#include "grounding/valuealias.h"

#include <QHash>
#include <QStringList>
#include <QVector>

namespace assay {

class Database;

class AliasIndex {
public:
    AliasIndex() = default;
    explicit AliasIndex(const QVector<ValueAlias> &aliases);
    static Result<AliasIndex> load(Database &db);

    bool isEmpty() const { return m_byValue.isEmpty(); }
    // The aliases of a value of this column.
    QStringList formsOf(const QString &table, const QString &column, const QString &value) const;
    // The aliases of a value in any column: a run item's gold answer does not say which column
    // it came from (an imported run's never does).
    QStringList formsOf(const QString &value) const;
    // The gold answer as the documents may write it: for each aliased value the gold holds as
    // whole words, the gold with it replaced by each of its aliases (at most 16, the gold
    // itself not among them).
    QStringList alternatives(const QString &gold) const;

private:
    static QString key(const QString &value) { return value.trimmed().toCaseFolded(); }
    QHash<QString, QStringList> m_byColumn; // table \x1f column \x1f folded value → aliases
    QHash<QString, QStringList> m_byValue;  // folded value → aliases (every column)
    QHash<QString, QString> m_valueText;    // folded value → the value as stored
};

} // namespace assay
