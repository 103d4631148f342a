#include "grounding/groundlinkstore.h"

#include "io/jsontext.h"

#include "project/database.h"
#include "project/transaction.h"

#include <QLocale>

#include <cmath>


namespace assay {

Result<QVector<GroundLink>> GroundLinkStore::links() const
{
    QVector<GroundLink> out;
    const Status read = m_db.each(QStringLiteral("SELECT l.id, l.sql_template_id, l.vals, l.doc_id, l.source, l.confidence, l.state, l.evidence, "
                                                 "coalesce(g.id, 0), coalesce(g.answer, ''), coalesce(l.checked, ''), l.estimate, "
                                                 "coalesce((SELECT s.sql FROM sql_template s WHERE s.id = l.sql_template_id), '') FROM ground_link l "
                                                 "LEFT JOIN query_group g ON g.sql_template_id = l.sql_template_id AND g.vals = l.vals "
                                                 "ORDER BY l.confidence DESC, g.id, l.doc_id"),
                                  {}, [&](const Statement &r) {
                                      GroundLink l;
                                      l.id = r.integer(0);
                                      l.sqlTemplateId = r.integer(1);
                                      l.values = r.text(2);
                                      l.docId = r.text(3);
                                      l.source = GroundLink::sourceFrom(r.text(4));
                                      l.confidence = r.real(5);
                                      l.state = GroundLink::stateFrom(r.text(6));
                                      l.evidence = r.text(7);
                                      l.groupId = r.integer(8);
                                      l.answer = r.text(9);
                                      l.check = GroundLink::checkFrom(r.text(10));
                                      l.estimate = r.text(11);
                                      l.sql = r.text(12);
                                      out << l;
                                  });
    if (!read)
        return Result<QVector<GroundLink>>::failure(read);
    return out;
}

Result<QVector<GroundLinkStore::Group>> GroundLinkStore::groups() const
{
    QVector<Group> out;
    const Status read = m_db.each(QStringLiteral("SELECT g.id, g.sql_template_id, g.vals, coalesce(g.answer, ''), t.doc_ids FROM query_group g "
                                                 "JOIN sql_template s ON s.id = g.sql_template_id JOIN group_truth t ON t.group_id = g.id "
                                                 "WHERE s.state = 'accepted' ORDER BY g.id"),
                                  {}, [&](const Statement &r) { out << Group{r.integer(0), r.integer(1), r.text(2), r.text(3), jsonTextList(r.text(4))}; });
    if (!read)
        return Result<QVector<Group>>::failure(read);
    return out;
}

Result<GroundLinkStore::Coverage> GroundLinkStore::coverage() const
{
    Coverage c;
    // An accepted link of the group, with a further condition.
    const auto link = [](const char *condition) {
        return QStringLiteral("coalesce(sum(EXISTS (SELECT 1 FROM ground_link l WHERE l.sql_template_id = g.sql_template_id AND l.vals = g.vals "
                              "AND l.state = 'accepted' AND %1)), 0)")
            .arg(QLatin1String(condition));
    };
    auto groups = m_db.first(QStringLiteral("SELECT count(*), coalesce(sum(t.doc_ids <> '[]'), 0), coalesce(sum(EXISTS (SELECT 1 FROM key_truth k "
                                            "WHERE k.sql_template_id = g.sql_template_id AND k.vals = g.vals)), 0), "
                                            "coalesce(sum(coalesce(g.doc_ids, '[]') <> '[]'), 0), %1, %2, %3, %4 FROM query_group g "
                                            "JOIN sql_template s ON s.id = g.sql_template_id JOIN group_truth t ON t.group_id = g.id "
                                            "WHERE s.state = 'accepted' AND coalesce(g.answer, '') <> ''")
                                 .arg(link("l.source = 'file'"), link("l.source = 'auto' AND l.checked IS NULL AND l.estimate = ''"),
                                      link("l.checked = 'right'"), link("l.checked IS NULL AND l.estimate <> ''")),
                             {}, [&](const Statement &r) {
                                 c.groups = r.integer(0);
                                 c.grounded = r.integer(1);
                                 c.byKeys = r.integer(2);
                                 c.bySql = r.integer(3);
                                 c.byFile = r.integer(4);
                                 c.byProposal = r.integer(5);
                                 c.byCheck = r.integer(6);
                                 c.byTier = r.integer(7);
                             });
    if (!groups)
        return Result<Coverage>::failure(groups);
    const Status states = m_db.each(QStringLiteral("SELECT state, count(*) FROM ground_link GROUP BY state"), {}, [&](const Statement &r) {
        const auto s = GroundLink::stateFrom(r.text(0));
        (s == GroundLink::State::Accepted ? c.accepted : s == GroundLink::State::Proposed ? c.proposed : c.rejected) = r.integer(1);
    });
    if (!states)
        return Result<Coverage>::failure(states);
    return c;
}

Result<QHash<qint64, QVector<std::pair<QString, QString>>>> GroundLinkStore::sources() const
{
    QHash<qint64, QVector<std::pair<QString, QString>>> out;
    const Status read = m_db.each(
        QStringLiteral("SELECT g.id, d.value, 'sql' FROM query_group g, json_each(g.doc_ids) d "
                       "UNION ALL SELECT g.id, l.doc_id, l.source FROM query_group g JOIN ground_link l "
                       "ON l.sql_template_id = g.sql_template_id AND l.vals = g.vals AND l.state = 'accepted' "
                       "UNION ALL SELECT g.id, k.doc_id, 'key' FROM query_group g JOIN key_truth k ON k.sql_template_id = g.sql_template_id AND k.vals = g.vals"),
        {}, [&](const Statement &r) { out[r.integer(0)].append({r.text(1), r.text(2)}); });
    if (!read)
        return Result<QHash<qint64, QVector<std::pair<QString, QString>>>>::failure(read);
    return out;
}

Result<QVector<GroundLink>> GroundLinkStore::existing(const QVector<GroundLink> &keys) const
{
    using R = Result<QVector<GroundLink>>;
    QVector<GroundLink> out;
    auto s = m_db.prepare(QStringLiteral("SELECT id, source, confidence, state, evidence, coalesce(checked, ''), estimate FROM ground_link WHERE sql_template_id = ? AND vals = ? AND doc_id = ?"));
    if (!s)
        return R::failure(s);
    for (const GroundLink &k : keys) {
        s.value().reset();
        s.value().bindAll({k.sqlTemplateId, k.values, k.docId});
        auto row = s.value().next();
        if (!row)
            return R::failure(row);
        if (!row.value())
            continue;
        GroundLink l = k;
        l.id = s.value().integer(0);
        l.source = GroundLink::sourceFrom(s.value().text(1));
        l.confidence = s.value().real(2);
        l.state = GroundLink::stateFrom(s.value().text(3));
        l.evidence = s.value().text(4);
        l.check = GroundLink::checkFrom(s.value().text(5));
        l.estimate = s.value().text(6);
        out << l;
    }
    s.value().reset();
    return out;
}

Status GroundLinkStore::apply(const QVector<GroundLink> &put, const QVector<GroundLink> &remove)
{
    Transaction tx(m_db);
    if (!tx.began())
        return tx.beginStatus();
    auto del = m_db.prepare(QStringLiteral("DELETE FROM ground_link WHERE sql_template_id = ? AND vals = ? AND doc_id = ?"));
    auto ins = m_db.prepare(QStringLiteral("INSERT INTO ground_link(sql_template_id, vals, doc_id, source, confidence, state, evidence, checked, estimate) "
                                           "VALUES (?, ?, ?, ?, ?, ?, ?, nullif(?, ''), ?) "
                                           "ON CONFLICT(sql_template_id, vals, doc_id) DO UPDATE SET source = excluded.source, "
                                           "confidence = excluded.confidence, state = excluded.state, evidence = excluded.evidence, "
                                           "checked = excluded.checked, estimate = excluded.estimate"));
    if (!del || !ins)
        return !del ? Status::failure(del) : Status::failure(ins);
    for (const GroundLink &l : remove) {
        del.value().reset();
        del.value().bindAll({l.sqlTemplateId, l.values, l.docId});
        if (auto s = del.value().run(); !s)
            return s;
    }
    for (const GroundLink &l : put) {
        ins.value().reset();
        ins.value().bindAll({l.sqlTemplateId, l.values, l.docId, GroundLink::sourceText(l.source), l.confidence, GroundLink::stateText(l.state), l.evidence,
                               GroundLink::checkText(l.check), l.estimate});
        if (auto s = ins.value().run(); !s)
            return Status::failure(QStringLiteral("link %1 → group of template %2 %3: %4").arg(l.docId).arg(l.sqlTemplateId).arg(l.values, s.error()), s.code());
    }
    return tx.commit();
}

QString GroundLinkStore::Coverage::sourcesText(bool brief) const
{
    const auto n = [](qint64 v) { return QLocale().toString(v); };
    const int percent = groups > 0 ? int(std::lround(100.0 * double(grounded) / double(groups))) : 0;
    const std::pair<qint64, QString> parts[] = {
        {bySql, brief ? QStringLiteral("SQL ids %1") : QStringLiteral("%1 from their SQL's document ids")},
        {byKeys, brief ? QStringLiteral("keys %1") : QStringLiteral("%1 from document keys")},
        {byFile, brief ? QStringLiteral("links files %1") : QStringLiteral("%1 from links files")},
        {byProposal, brief ? QStringLiteral("proposals %1") : QStringLiteral("%1 from proposals accepted at the bar or in review")},
        {byCheck, brief ? QStringLiteral("checked %1") : QStringLiteral("%1 from proposals a person checked right")},
        {byTier, brief ? QStringLiteral("spot-checked tiers %1") : QStringLiteral("%1 from tiers accepted on their spot check")}};
    QStringList said;
    for (const auto &[count, text] : parts)
        if (count > 0)
            said << text.arg(n(count));
    if (brief)
        return grounded == 0 ? QStringLiteral("no group has true documents")
                             : QStringLiteral("ground truth now: %1% of the groups have true documents (%2)").arg(percent).arg(said.join(QStringLiteral(" · ")));
    if (grounded == 0)
        return QStringLiteral("None of the %1 groups with an answer has true documents").arg(n(groups));
    return QStringLiteral("%1 of %2 groups with an answer (%3%) have true documents: %4%5")
        .arg(n(grounded), n(groups))
        .arg(percent)
        .arg(said.join(QStringLiteral(", ")), said.size() > 1 ? QStringLiteral(" (a group may have documents from several)") : QString());
}

} // namespace assay
