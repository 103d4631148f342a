#include "generation/groupstore.h"

#include <QCryptographicHash>

#include "project/database.h"

namespace assay {

GroupStore::GroupStore(Database &db) : m_db(db) {}

Status GroupStore::clearGroups(qint64 sqlTemplateId)
{
    return m_db.run(QStringLiteral("DELETE FROM query_group WHERE sql_template_id = ?"), {sqlTemplateId});
}

Result<GroupStore::Fingerprint> GroupStore::fingerprint(qint64 sqlTemplateId) const
{
    Fingerprint f;
    QCryptographicHash hash(QCryptographicHash::Sha256), documents(QCryptographicHash::Sha256);
    const Status read = m_db.each(QStringLiteral("SELECT vals, coalesce(answer, ''), row_count, coalesce(doc_ids, '') FROM query_group WHERE sql_template_id = ? ORDER BY vals"),
                                  {sqlTemplateId}, [&](const Statement &r) {
                                      for (int c = 0; c < 3; ++c) {
                                          hash.addData(r.text(c).toUtf8());
                                          hash.addData(QByteArrayView("\x1f", 1));
                                      }
                                      const QString docs = r.text(3);
                                      documents.addData(docs.toUtf8());
                                      documents.addData(QByteArrayView("\x1f", 1));
                                      f.withDocuments += !docs.isEmpty() && docs != QLatin1String("[]");
                                      ++f.groups;
                                  });
    if (!read)
        return Result<Fingerprint>::failure(read);
    auto queries = m_db.scalar(QStringLiteral("SELECT count(*) FROM query q JOIN query_group g ON g.id = q.group_id WHERE g.sql_template_id = %1").arg(sqlTemplateId));
    if (!queries)
        return Result<Fingerprint>::failure(queries);
    f.queries = queries.value().toLongLong();
    f.digest = hash.result();
    f.documents = documents.result();
    return f;
}

Status GroupStore::appendGroupRows(qint64 sqlTemplateId, const GroupRows &rows)
{
    // Rows go in 64 at a time (one statement executed per 64 groups, not per group), the rest
    // one by one; both statements are kept between calls. The bound bytes are not copied:
    // `rows` outlives each run().
    constexpr int perStatement = 64;
    const QString row = QStringLiteral("(?, ?, ?, ?, ?)");
    const QString insert = QStringLiteral("INSERT INTO query_group(sql_template_id, vals, answer, row_count, doc_ids) VALUES ");
    auto many = m_db.cached(m_insertGroups, insert + QStringList(perStatement, row).join(QLatin1Char(',')));
    if (!many)
        return Status::failure(many);
    auto one = m_db.cached(m_insertGroup, insert + row);
    if (!one)
        return Status::failure(one);
    const int size = rows.size();
    for (int at = 0; at < size;) {
        const int n = size - at >= perStatement ? perStatement : 1;
        Statement &s = n == perStatement ? *many.value() : *one.value();
        s.reset();
        for (int k = 0; k < n; ++k, ++at)
            s.bindInteger(5 * k + 1, sqlTemplateId)
                .bindUtf8Borrowed(5 * k + 2, rows.values(at))
                .bindUtf8Borrowed(5 * k + 3, rows.answer(at))
                .bindInteger(5 * k + 4, rows.rowCount(at))
                .bindUtf8Borrowed(5 * k + 5, rows.documents(at));
        if (auto r = s.run(); !r)
            return r;
    }
    return {};
}

} // namespace assay
