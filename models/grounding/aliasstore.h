#pragma once
// SQL of the value aliases (table value_alias, docs/METHODS.md §1.6.2).
#include "core/result.h"
#include "grounding/valuealias.h"

#include <QVector>

namespace assay {

class Database;

class AliasStore {
public:
    explicit AliasStore(Database &db) : m_db(db) {}

    // Every alias, by table, column, value and alias.
    Result<QVector<ValueAlias>> aliases() const;
    // The stored aliases with the keys of `keys`; the others are absent.
    Result<QVector<ValueAlias>> existing(const QVector<ValueAlias> &keys) const;
    // In one transaction: `put` written (replacing by key), `remove` deleted by key. An alias
    // equal to its value, or blank, is refused with the value named.
    Status apply(const QVector<ValueAlias> &put, const QVector<ValueAlias> &remove);

private:
    Database &m_db;
};

} // namespace assay
