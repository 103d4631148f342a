#include "grounding/documentkeystore.h"

#include "project/project.h"

#include "project/database.h"
#include "project/transaction.h"

namespace assay {

std::unique_ptr<DocumentKeyStore> DocumentKeyStore::createFor(Project &project) { return std::make_unique<DocumentKeyStore>(project.database()); }

Result<QVector<DocumentKey>> DocumentKeyStore::keys() const
{
    QVector<DocumentKey> out;
    const Status read = m_db.each(QStringLiteral("SELECT tbl, col, match FROM document_key ORDER BY tbl"), {},
                                  [&](const Statement &r) { out << DocumentKey{r.text(0), r.text(1), DocumentKey::matchFrom(r.text(2))}; });
    if (!read)
        return Result<QVector<DocumentKey>>::failure(read);
    return out;
}

Result<QVector<KeyTruthRow>> DocumentKeyStore::truth() const
{
    QVector<KeyTruthRow> out;
    const Status read = m_db.each(QStringLiteral("SELECT sql_template_id, vals, doc_id, tbl FROM key_truth ORDER BY sql_template_id, vals, doc_id"), {},
                                  [&](const Statement &r) { out << KeyTruthRow{r.integer(0), r.text(1), r.text(2), r.text(3), false, QString()}; });
    if (!read)
        return Result<QVector<KeyTruthRow>>::failure(read);
    // The keys' proposals nobody has checked yet (the ones a person checked are theirs now).
    const Status proposals = m_db.each(QStringLiteral("SELECT sql_template_id, vals, doc_id, evidence FROM ground_link WHERE source = 'auto' AND abs(confidence - ?) < 1e-9 "
                                                      "AND state = 'proposed' AND checked IS NULL ORDER BY sql_template_id, vals, doc_id"),
                                       {KeyProposalConfidence},
                                       [&](const Statement &r) { out << KeyTruthRow{r.integer(0), r.text(1), r.text(2), QString(), true, r.text(3)}; });
    if (!proposals)
        return Result<QVector<KeyTruthRow>>::failure(proposals);
    return out;
}

Status DocumentKeyStore::replace(const QVector<DocumentKey> &keys, const QVector<KeyTruthRow> &truth)
{
    Transaction tx(m_db);
    if (!tx.began())
        return tx.beginStatus();
    if (auto s = m_db.exec(QStringLiteral("DELETE FROM document_key; DELETE FROM key_truth;")); !s)
        return s;
    if (auto s = m_db.run(QStringLiteral("DELETE FROM ground_link WHERE source = 'auto' AND abs(confidence - ?) < 1e-9 AND state = 'proposed' AND checked IS NULL"),
                          {KeyProposalConfidence});
        !s)
        return s;
    auto key = m_db.prepare(QStringLiteral("INSERT INTO document_key(tbl, col, match) VALUES (?, ?, ?)"));
    auto row = m_db.prepare(QStringLiteral("INSERT OR IGNORE INTO key_truth(sql_template_id, vals, doc_id, tbl) VALUES (?, ?, ?, ?)"));
    // A pair that already has a link in any state keeps it (docs/METHODS.md §1.6.1).
    auto proposal = m_db.prepare(QStringLiteral("INSERT OR IGNORE INTO ground_link(sql_template_id, vals, doc_id, source, confidence, state, evidence) "
                                                "VALUES (?, ?, ?, 'auto', ?, 'proposed', ?)"));
    if (!key || !row || !proposal)
        return !key ? Status::failure(key) : !row ? Status::failure(row) : Status::failure(proposal);
    for (const DocumentKey &k : keys) {
        key.value().reset();
        key.value().bindAll({k.table, k.column, DocumentKey::matchText(k.match)});
        if (auto s = key.value().run(); !s)
            return Status::failure(QStringLiteral("key %1.%2: %3").arg(k.table, k.column, s.error()), s.code());
    }
    for (const KeyTruthRow &t : truth) {
        Statement &st = t.proposal ? proposal.value() : row.value();
        st.reset();
        if (t.proposal)
            st.bindAll({t.sqlTemplateId, t.values, t.docId, KeyProposalConfidence, t.evidence});
        else
            st.bindAll({t.sqlTemplateId, t.values, t.docId, t.table});
        if (auto s = st.run(); !s)
            return s;
    }
    return tx.commit();
}

} // namespace assay
