#include "generation/generationreadstore.h"

#include "project/database.h"

#include <QVariant>

namespace assay {

GenerationReadStore::GenerationReadStore(Database &db) : m_db(db) {}

Result<QVector<GenerationReadStore::AcceptedText>> GenerationReadStore::acceptedTexts() const
{
    QVector<AcceptedText> out;
    const Status read = m_db.each(QStringLiteral("SELECT tt.id, tt.sql_template_id, tt.form, tt.text, t.sql, t.tables FROM text_template tt "
                                                 "JOIN sql_template t ON t.id = tt.sql_template_id WHERE tt.state = 'accepted' AND t.state = 'accepted' "
                                                 "ORDER BY tt.id"),
                                  {}, [&](const Statement &r) { out << AcceptedText{r.integer(0), r.integer(1), r.text(2), r.text(3), r.text(4), r.text(5)}; });
    if (!read)
        return Result<QVector<AcceptedText>>::failure(read);
    return out;
}

Status GenerationReadStore::forEachGroup(const std::function<void(const Group &)> &visit) const
{
    return m_db.each(QStringLiteral("SELECT id, sql_template_id, vals, answer FROM query_group ORDER BY id"), {},
                     [&](const Statement &r) { visit(Group{r.integer(0), r.integer(1), r.text(2), r.text(3)}); });
}

Result<qint64> GenerationReadStore::queryCount() const
{
    auto count = m_db.scalar(QStringLiteral("SELECT count(*) FROM query"));
    if (!count)
        return Result<qint64>::failure(count);
    return count.value().toLongLong();
}

Result<GenerationReadStore::Tally> GenerationReadStore::tally() const
{
    Tally t;
    auto s = m_db.prepare(QStringLiteral(
        "SELECT (SELECT count(*) FROM sql_template), (SELECT count(*) FROM sql_template WHERE state = 'accepted'), "
        "(SELECT count(*) FROM sql_template WHERE state = 'review'), (SELECT count(*) FROM text_template), "
        "(SELECT count(*) FROM text_template WHERE state = 'accepted'), (SELECT count(*) FROM query), "
        "(SELECT count(*) FROM query WHERE state = 'accepted')"));
    if (!s)
        return Result<Tally>::failure(s);
    auto read = s.value().forEach([&](const Statement &r) {
        t = Tally{r.integer(0), r.integer(1), r.integer(2), r.integer(3), r.integer(4), r.integer(5), r.integer(6)};
    });
    if (!read)
        return Result<Tally>::failure(read);
    return t;
}

Result<GenerationReadStore::GroupCount> GenerationReadStore::groupCount() const
{
    // The same conditions as forEachAcceptedQuery, which gives a run its items.
    GroupCount c;
    qint64 ofAccepted = 0;
    const Status read = m_db.each(QStringLiteral("SELECT coalesce(sum(EXISTS (SELECT 1 FROM query q JOIN text_template tt ON tt.id = q.text_template_id "
                                                 "WHERE q.group_id = g.id AND q.state = 'accepted' AND tt.state = 'accepted')), 0), count(*) "
                                                 "FROM query_group g JOIN sql_template t ON t.id = g.sql_template_id WHERE t.state = 'accepted'"),
                                  {}, [&](const Statement &r) {
                                      c.groups = r.integer(0);
                                      ofAccepted = r.integer(1);
                                  });
    if (!read)
        return Result<GroupCount>::failure(read);
    c.withoutQueries = ofAccepted - c.groups;
    return c;
}

Status GenerationReadStore::forEachQuery(const std::function<void(const Query &)> &visit) const
{
    return m_db.each(QStringLiteral("SELECT id, group_id, text_template_id, state = 'rejected' FROM query ORDER BY id"), {},
                     [&](const Statement &r) { visit(Query{r.integer(0), r.integer(1), r.integer(2), r.integer(3) != 0}); });
}

Status GenerationReadStore::forEachAcceptedQuery(const QString &form, Order order, const std::function<bool(const AcceptedQuery &)> &visit) const
{
    const QString sql = QStringLiteral("SELECT q.id, g.id, g.sql_template_id, tt.id, tt.form, g.vals, g.answer, gt.doc_ids FROM query q "
                                       "JOIN query_group g ON g.id = q.group_id JOIN group_truth gt ON gt.group_id = g.id "
                                       "JOIN text_template tt ON tt.id = q.text_template_id "
                                       "JOIN sql_template t ON t.id = g.sql_template_id WHERE q.state = 'accepted' AND tt.state = 'accepted' "
                                       "AND t.state = 'accepted' %1 ORDER BY %2")
                            .arg(form.isEmpty() ? QString() : QStringLiteral("AND tt.form = ?1"),
                                 order == Order::ById ? QStringLiteral("q.id") : QStringLiteral("g.sql_template_id, g.id, q.id"));
    AcceptedQuery q;
    return m_db.each(sql, form.isEmpty() ? QVariantList() : QVariantList{form}, [&](const Statement &r) {
        q = {r.integer(0), r.integer(1), r.integer(2), r.integer(3), r.text(4), r.text(5), r.text(6), r.text(7)};
        return visit(q);
    });
}

Result<double> GenerationReadStore::meanTextTemplateLength() const
{
    auto mean = m_db.scalar(QStringLiteral("SELECT coalesce(avg(length(text)), 0) FROM text_template"));
    if (!mean)
        return Result<double>::failure(mean);
    return mean.value().toDouble();
}

} // namespace assay
