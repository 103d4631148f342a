#include "grounding/aliasstore.h"

#include "project/database.h"
#include "project/transaction.h"

namespace assay {

Result<QVector<ValueAlias>> AliasStore::aliases() const
{
    QVector<ValueAlias> out;
    const Status read = m_db.each(QStringLiteral("SELECT tbl, col, value, alias, source, reason FROM value_alias ORDER BY tbl, col, value, alias"), {},
                                  [&](const Statement &r) {
                                      out << ValueAlias{r.text(0), r.text(1), r.text(2), r.text(3), ValueAlias::sourceFrom(r.text(4)), r.text(5)};
                                  });
    if (!read)
        return Result<QVector<ValueAlias>>::failure(read);
    return out;
}

Result<QVector<ValueAlias>> AliasStore::existing(const QVector<ValueAlias> &keys) const
{
    using R = Result<QVector<ValueAlias>>;
    auto s = m_db.prepare(QStringLiteral("SELECT source, reason FROM value_alias WHERE tbl = ? AND col = ? AND value = ? AND alias = ?"));
    if (!s)
        return R::failure(s);
    QVector<ValueAlias> out;
    for (const ValueAlias &k : keys) {
        s.value().reset();
        s.value().bindAll({k.table, k.column, k.value, k.alias});
        auto row = s.value().next();
        if (!row)
            return R::failure(row);
        if (!row.value())
            continue;
        ValueAlias a = k;
        a.source = ValueAlias::sourceFrom(s.value().text(0));
        a.reason = s.value().text(1);
        out << a;
    }
    s.value().reset();
    return out;
}

Status AliasStore::apply(const QVector<ValueAlias> &put, const QVector<ValueAlias> &remove)
{
    for (const ValueAlias &a : put) {
        if (a.alias.trimmed().isEmpty())
            return Status::failure(QStringLiteral("alias of %1.%2 value \"%3\": the alias is blank").arg(a.table, a.column, a.value));
        if (a.alias.trimmed().compare(a.value.trimmed(), Qt::CaseInsensitive) == 0)
            return Status::failure(QStringLiteral("alias of %1.%2 value \"%3\": the alias is the value itself").arg(a.table, a.column, a.value));
    }
    Transaction tx(m_db);
    if (!tx.began())
        return tx.beginStatus();
    auto del = m_db.prepare(QStringLiteral("DELETE FROM value_alias WHERE tbl = ? AND col = ? AND value = ? AND alias = ?"));
    auto ins = m_db.prepare(QStringLiteral("INSERT INTO value_alias(tbl, col, value, alias, source, reason) VALUES (?, ?, ?, ?, ?, ?) "
                                           "ON CONFLICT(tbl, col, value, alias) DO UPDATE SET source = excluded.source, reason = excluded.reason"));
    if (!del || !ins)
        return !del ? Status::failure(del) : Status::failure(ins);
    for (const ValueAlias &a : remove) {
        del.value().reset();
        del.value().bindAll({a.table, a.column, a.value, a.alias});
        if (auto s = del.value().run(); !s)
            return s;
    }
    for (const ValueAlias &a : put) {
        ins.value().reset();
        ins.value().bindAll({a.table, a.column, a.value, a.alias, ValueAlias::sourceText(a.source), a.reason});
        if (auto s = ins.value().run(); !s)
            return Status::failure(QStringLiteral("alias \"%1\" of %2.%3 value \"%4\": %5").arg(a.alias, a.table, a.column, a.value, s.error()), s.code());
    }
    return tx.commit();
}

} // namespace assay
