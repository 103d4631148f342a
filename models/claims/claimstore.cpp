#include "claims/claimstore.h"

#include "project/database.h"
#include "project/project.h"
#include "project/transaction.h"

#include <nlohmann/json.hpp>

namespace assay {

namespace {

using json = nlohmann::json;

QString jsonList(const QStringList &claimsJson)
{
    QString s = QStringLiteral("[");
    for (int i = 0; i < claimsJson.size(); ++i) {
        if (i > 0)
            s += QLatin1Char(',');
        s += claimsJson[i];
    }
    return s + QLatin1Char(']');
}

// A stored list of claims, each back as its JSON text; a list the store did not write is an error.
Result<QStringList> claimsOf(const QString &text, qint64 itemId)
{
    const json v = json::parse(text.toStdString(), nullptr, false);
    if (!v.is_array())
        return Result<QStringList>::failure(QStringLiteral("run item %1: its stored claims are not a JSON list").arg(itemId));
    QStringList out;
    for (const json &c : v)
        out << QString::fromStdString(c.dump());
    return out;
}

const QString kColumns = QStringLiteral(
    "c.run_item_id, i.item_key, c.checker, c.has_response, c.chunk_count, c.response_by_answer, c.answer_by_response, c.response_by_chunk, "
    "c.answer_by_chunk");

Result<ClaimSet> readChecks(const Statement &r)
{
    ClaimSet s;
    s.itemId = r.integer(0);
    s.itemKey = r.text(1);
    s.checker = r.text(2);
    s.hasResponse = r.integer(3) != 0;
    ClaimChecks &c = s.checks;
    c.chunks = int(r.integer(4));
    c.responseByAnswer = ClaimSet::verdicts(r.text(5));
    c.answerByResponse = ClaimSet::verdicts(r.text(6));
    c.responseByChunk = ClaimSet::verdicts(r.text(7));
    c.answerByChunk = ClaimSet::verdicts(r.text(8));
    c.responseClaims = int(c.responseByAnswer.size());
    c.answerClaims = int(c.answerByResponse.size());
    if (const QString bad = c.shapeProblem(); !bad.isEmpty())
        return Result<ClaimSet>::failure(QStringLiteral("run item %1 (%2): stored checks do not fit: %3").arg(s.itemId).arg(s.itemKey, bad));
    return s;
}

} // namespace

ClaimStore::ClaimStore(Database &db) : m_db(db) {}

std::unique_ptr<ClaimStore> ClaimStore::createFor(Project &project) { return std::make_unique<ClaimStore>(project.database()); }

Status ClaimStore::replace(qint64 runId, const QString &checker, const QVector<ClaimSet> &sets)
{
    Transaction tx(m_db);
    if (!tx.began())
        return tx.beginStatus();
    if (auto s = remove(runId, checker); !s)
        return s;
    auto insert = m_db.prepare(QStringLiteral(
        "INSERT INTO claim_check(run_item_id, checker, has_response, response_claims, answer_claims, chunk_count, chunks, response_by_answer, "
        "answer_by_response, response_by_chunk, answer_by_chunk) SELECT id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM run_item WHERE id = ? AND run_id = ?"));
    if (!insert)
        return Status::failure(insert);
    for (const ClaimSet &set : sets) {
        if (const QString bad = set.checks.shapeProblem(); !bad.isEmpty())
            return Status::failure(QStringLiteral("item %1: %2").arg(set.itemKey, bad));
        if (set.checks.responseClaims != set.responseClaims.size() || set.checks.answerClaims != set.answerClaims.size())
            return Status::failure(QStringLiteral("item %1: the claims and their checks differ in number").arg(set.itemKey));
        QVariant chunks;
        if (!set.chunkTexts.isEmpty() || !set.chunkIds.isEmpty()) {
            if (set.chunkTexts.size() != set.checks.chunks || set.chunkIds.size() != set.checks.chunks)
                return Status::failure(QStringLiteral("item %1: %2 chunk texts for %3 chunks").arg(set.itemKey).arg(set.chunkTexts.size()).arg(set.checks.chunks));
            json list = json::array();
            for (int k = 0; k < set.chunkTexts.size(); ++k)
                list.push_back({{"doc_id", set.chunkIds[k].toStdString()}, {"text", set.chunkTexts[k].toStdString()}});
            chunks = QString::fromStdString(list.dump());
        }
        Statement &st = insert.value();
        st.reset();
        st.bindAll({checker, set.hasResponse ? 1 : 0, jsonList(set.responseClaims), jsonList(set.answerClaims), set.checks.chunks, chunks,
                    ClaimSet::letters(set.checks.responseByAnswer), ClaimSet::letters(set.checks.answerByResponse),
                    ClaimSet::letters(set.checks.responseByChunk), ClaimSet::letters(set.checks.answerByChunk), set.itemId, runId});
        if (auto s = st.run(); !s)
            return s;
        if (m_db.changes() != 1)
            return Status::failure(QStringLiteral("item %1 (id %2) is not an item of run %3").arg(set.itemKey).arg(set.itemId).arg(runId));
    }
    return tx.commit();
}

Status ClaimStore::remove(qint64 runId, const QString &checker)
{
    return m_db.run(QStringLiteral("DELETE FROM claim_check WHERE checker = ? AND run_item_id IN (SELECT id FROM run_item WHERE run_id = ?)"),
                    {checker, runId});
}

Result<QStringList> ClaimStore::checkers(qint64 runId) const
{
    QStringList out;
    auto s = m_db.each(QStringLiteral("SELECT DISTINCT c.checker FROM claim_check c JOIN run_item i ON i.id = c.run_item_id WHERE i.run_id = ? "
                                      "ORDER BY c.checker"),
                       {runId}, [&](const Statement &r) { out << r.text(0); });
    if (!s)
        return Result<QStringList>::failure(s);
    return out;
}

Result<QVector<ClaimSet>> ClaimStore::checks(qint64 runId, const QString &checker) const
{
    using R = Result<QVector<ClaimSet>>;
    QVector<ClaimSet> out;
    QString problem;
    auto s = m_db.each(QStringLiteral("SELECT %1 FROM claim_check c JOIN run_item i ON i.id = c.run_item_id WHERE i.run_id = ? AND c.checker = ? "
                                      "ORDER BY c.run_item_id")
                           .arg(kColumns),
                       {runId, checker}, [&](const Statement &r) {
                           auto set = readChecks(r);
                           if (!set) {
                               problem = set.error();
                               return false;
                           }
                           out << set.value();
                           return true;
                       });
    if (!s)
        return R::failure(s);
    if (!problem.isEmpty())
        return R::failure(problem);
    return out;
}

Result<QHash<QString, qint64>> ClaimStore::itemIds(qint64 runId) const
{
    QHash<QString, qint64> out;
    auto s = m_db.each(QStringLiteral("SELECT item_key, id FROM run_item WHERE run_id = ?"), {runId}, [&](const Statement &r) { out.insert(r.text(0), r.integer(1)); });
    if (!s)
        return Result<QHash<QString, qint64>>::failure(s);
    return out;
}

Result<std::optional<ClaimSet>> ClaimStore::item(qint64 itemId, const QString &checker) const
{
    using R = Result<std::optional<ClaimSet>>;
    std::optional<ClaimSet> out;
    QString problem;
    auto found = m_db.first(QStringLiteral("SELECT %1, c.response_claims, c.answer_claims, c.chunks FROM claim_check c JOIN run_item i ON i.id = "
                                           "c.run_item_id WHERE c.run_item_id = ? AND c.checker = ?")
                                .arg(kColumns),
                            {itemId, checker}, [&](const Statement &r) {
                                auto set = readChecks(r);
                                auto responses = claimsOf(r.text(9), itemId);
                                auto answers = claimsOf(r.text(10), itemId);
                                if (!set || !responses || !answers) {
                                    problem = !set ? set.error() : !responses ? responses.error() : answers.error();
                                    return;
                                }
                                ClaimSet s = set.value();
                                s.responseClaims = responses.value();
                                s.answerClaims = answers.value();
                                if (!r.isNull(11)) {
                                    const json chunks = json::parse(r.text(11).toStdString(), nullptr, false);
                                    if (!chunks.is_array() || int(chunks.size()) != s.checks.chunks) {
                                        problem = QStringLiteral("run item %1: its stored chunks do not fit their count").arg(itemId);
                                        return;
                                    }
                                    for (const json &c : chunks) {
                                        s.chunkIds << QString::fromStdString(c.value("doc_id", std::string()));
                                        s.chunkTexts << QString::fromStdString(c.value("text", std::string()));
                                    }
                                }
                                out = s;
                            });
    if (!found)
        return R::failure(found);
    if (!problem.isEmpty())
        return R::failure(problem);
    if (out && (out->responseClaims.size() != out->checks.responseClaims || out->answerClaims.size() != out->checks.answerClaims))
        return R::failure(QStringLiteral("run item %1: its stored claims and checks differ in number").arg(itemId));
    return out;
}

} // namespace assay
