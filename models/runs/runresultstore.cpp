#include "runs/runresultstore.h"

#include "project/project.h"

#include "project/database.h"

#include <QVariant>

#include <algorithm>

#include <nlohmann/json.hpp>

namespace assay {

namespace {
// The item columns every read selects, in the order itemFrom() reads them; the reads join
// context_text as ct. The retrieved text (column 8) is the stored text of a context no chunk
// names; a context of chunks (column 18) is resolved by RunContexts. Column 19 is the item's
// identity (migration 22), column 20 whether its token usage is unknown (migration 24).
const char *const itemColumns = "i.id, i.item_key, i.group_key, i.form, i.query, i.gold, i.answer, i.retrieved_ids, coalesce(ct.text, ''), "
                                "i.trace, i.halted, i.error, i.latency_ms, coalesce(i.sql_template_id, 0), i.true_doc_ids, i.level, "
                                "i.prompt_tokens + i.completion_tokens, i.cost, i.context, i.identity, i.usage_unknown";
const char *const itemTables = "run_item i LEFT JOIN context_text ct ON ct.id = i.context_text_id";
constexpr int itemColumnCount = 21;

std::optional<int> verdictAt(const Statement &r, int column)
{
    return r.isNull(column) ? std::nullopt : std::optional<int>(int(r.integer(column)));
}

} // namespace

// A column whose value repeats from row to row (form, level, group, gold, truth): the previous
// row's string is shared when the bytes are the same, instead of a new copy per item.
class RunResultStore::RepeatedText {
public:
    QString read(const Statement &r, int column)
    {
        const QByteArrayView bytes = r.utf8(column);
        if (!m_valid || bytes != QByteArrayView(m_bytes)) {
            m_bytes = bytes.toByteArray();
            m_text = QString::fromUtf8(bytes);
            m_valid = true;
        }
        return m_text;
    }

private:
    QByteArray m_bytes;
    QString m_text;
    bool m_valid = false;
};

// The columns of executed() that repeat between items: a group's items share their group key,
// gold and true documents; a run's items, a few forms and levels.
struct RunResultStore::Repeats {
    RepeatedText group, form, gold, level;
    QByteArray truthBytes;
    QStringList truth;
    bool truthList = false, truthValid = false;
};

RunResultStore::RunResultStore(Database &db) : m_db(db), m_contexts(db) {}

std::unique_ptr<RunResultStore> RunResultStore::createFor(Project &project) { return std::make_unique<RunResultStore>(project.database()); }

QStringList RunResultStore::parseIds(const QString &json, bool *isList)
{
    // The lists Assay writes are arrays of plain strings ("[\"d1\",\"d2\"]"): read those
    // directly; anything else (escapes, numbers, spaces, not a list) goes to the JSON parser.
    if (json.size() >= 2 && json.front() == QLatin1Char('[') && json.back() == QLatin1Char(']') && !json.contains(QLatin1Char('\\'))) {
        QStringList ids;
        const QStringView body = QStringView(json).mid(1, json.size() - 2);
        bool plain = true;
        if (!body.isEmpty()) {
            for (QStringView part : body.split(QLatin1Char(','))) {
                if (part.size() < 2 || part.front() != QLatin1Char('"') || part.back() != QLatin1Char('"') || part.mid(1, part.size() - 2).contains(QLatin1Char('"'))) {
                    plain = false;
                    break;
                }
                ids << part.mid(1, part.size() - 2).toString();
            }
        }
        if (plain) {
            if (isList)
                *isList = true;
            return ids;
        }
    }
    QStringList out;
    const auto list = nlohmann::json::parse(json.toStdString(), nullptr, false);
    if (isList)
        *isList = list.is_array();
    if (list.is_array())
        for (const auto &id : list)
            out << QString::fromStdString(id.is_string() ? id.get<std::string>() : id.dump());
    return out;
}

// A column of the run's pipeline ('' for imported runs, which have none).
Result<QString> RunResultStore::pipelineField(qint64 runId, const QString &column) const
{
    QString value;
    auto found = m_db.first(QStringLiteral("SELECT coalesce(p.%1, '') FROM run r LEFT JOIN pipeline p ON p.id = r.pipeline_id WHERE r.id = ?").arg(column),
                            {runId}, [&](const Statement &r) { value = r.text(0); });
    if (!found)
        return Result<QString>::failure(found);
    if (!found.value())
        return Result<QString>::failure(QStringLiteral("run %1 does not exist").arg(runId));
    return value;
}

Result<QString> RunResultStore::readerOf(qint64 runId) const { return pipelineField(runId, QStringLiteral("reader")); }

Result<QString> RunResultStore::retrieverOf(qint64 runId) const { return pipelineField(runId, QStringLiteral("retriever")); }

Status RunResultStore::itemFrom(const Statement &r, bool withText, StoredRunItem *it, Repeats *repeats) const
{
    it->id = r.integer(0);
    it->key = r.text(1);
    it->group = repeats ? repeats->group.read(r, 2) : r.text(2);
    it->form = repeats ? repeats->form.read(r, 3) : r.text(3);
    it->query = r.text(4);
    it->gold = repeats ? repeats->gold.read(r, 5) : r.text(5);
    it->answer = r.text(6);
    it->retrievedText = r.text(8);
    it->trace = r.text(9);
    it->halted = r.integer(10) != 0;
    it->error = r.text(11);
    it->latencyMs = r.real(12);
    it->sqlTemplateId = r.integer(13);
    if (!repeats) {
        it->trueDocIds = RunResultStore::parseIds(r.text(14), &it->trueDocIdsKnown);
    } else {
        if (const QByteArrayView truth = r.utf8(14); !repeats->truthValid || truth != QByteArrayView(repeats->truthBytes)) {
            repeats->truthBytes = truth.toByteArray();
            repeats->truth = RunResultStore::parseIds(QString::fromUtf8(truth), &repeats->truthList);
            repeats->truthValid = true;
        }
        it->trueDocIds = repeats->truth;
        it->trueDocIdsKnown = repeats->truthList;
    }
    it->level = repeats ? repeats->level.read(r, 15) : r.text(15);
    it->tokens = r.integer(16);
    it->cost = r.real(17);
    it->identity = r.text(19);
    it->usageUnknown = r.integer(20) != 0;
    if (r.isNull(18)) {
        it->retrievedIds = RunResultStore::parseIds(r.text(7));
        return {};
    }
    if (auto s = m_contexts.resolve(r.value(18).toByteArray(), &it->retrievedIds, withText ? &it->retrievedText : nullptr, withText ? &it->retrievedTexts : nullptr); !s)
        return Status::failure(QStringLiteral("run item %1: %2").arg(it->key, s.error()), s.code());
    return {};
}

Result<QVector<StoredRunItem>> RunResultStore::executed(qint64 runId, const QString &judge, const QString &retrievalJudge, bool texts) const
{
    QVector<StoredRunItem> out;
    bool inIdOrder = true;
    // Reserved up front: growing a vector of 10k items one by one copies them many times.
    const Status read = forEachExecuted(
        runId, judge, retrievalJudge, texts, [&](qint64 items) { out.reserve(items); }, [&](StoredRunItem &it) { out.append(std::move(it)); }, &inIdOrder);
    if (!read)
        return Result<QVector<StoredRunItem>>::failure(read);
    if (!inIdOrder)
        std::sort(out.begin(), out.end(), [](const StoredRunItem &a, const StoredRunItem &b) { return a.id < b.id; });
    return out;
}

Status RunResultStore::forEachExecuted(qint64 runId, const QString &judge, const QString &retrievalJudge, bool texts, const std::function<void(qint64)> &expect,
                                       const std::function<void(StoredRunItem &)> &take, bool *inIdOrder) const
{
    auto range = idRange(runId);
    if (!range)
        return Status::failure(range);
    const auto [items, low, high] = range.value();
    if (expect)
        expect(items);
    // A run's items are added together, so their ids are mostly one range: reading that range in
    // id order (`+i.run_id` keeps SQLite off the run_id index) visits the rows and their
    // judgements in the order they are stored and needs no sort. Where other runs' items fill
    // most of the range, the run's index is read instead and the caller sorts by id if it must
    // (an ORDER BY would sort whole rows, texts and all, in a temporary b-tree).
    const bool byRange = high - low + 1 <= 2 * items;
    if (inIdOrder)
        *inIdOrder = byRange;
    QString columns = QLatin1String(itemColumns);
    if (!texts)
        columns.replace(QLatin1String("coalesce(ct.text, ''), i.trace"),
                        QLatin1String("CASE WHEN i.gold_in_context IS NULL THEN coalesce(ct.text, '') ELSE '' END, "
                                      "CASE WHEN i.gold_in_context IS NULL THEN i.trace ELSE '' END"));
    Status failure;
    Repeats repeats;
    StoredRunItem it;
    // Without judges, no verdict is sought (the analysis takes them from verdictsOf).
    const bool verdicts = !judge.isEmpty() || !retrievalJudge.isEmpty();
    const Status read = m_db.each(
        QStringLiteral("SELECT %1, %5, i.gold_in_context, i.answer_f1 FROM %2 %6"
                       "WHERE %3 AND i.status <> 'pending'%4")
            .arg(columns, QLatin1String(itemTables), byRange ? QLatin1String("i.id BETWEEN ?4 AND ?5 AND +i.run_id = ?3") : QLatin1String("i.run_id = ?3"),
                 byRange ? QLatin1String(" ORDER BY i.id") : QLatin1String(""), verdicts ? QLatin1String("a.verdict, r.verdict") : QLatin1String("NULL, NULL"),
                 verdicts ? QLatin1String("LEFT JOIN judgement a ON a.run_item_id = i.id AND a.judge = ?1 AND a.aspect = 'answer' "
                                          "LEFT JOIN judgement r ON r.run_item_id = i.id AND r.judge = ?2 AND r.aspect = 'retrieval' ")
                          : QLatin1String("")),
        byRange ? QVariantList{judge, retrievalJudge, runId, low, high} : QVariantList{judge, retrievalJudge, runId},
        [&](const Statement &r) {
            it = StoredRunItem(); // nothing of the previous row stays
            if (!r.isNull(itemColumnCount + 2))
                it.goldInContext = r.integer(itemColumnCount + 2) != 0;
            // Without texts, a context's text is read only where the response facts need it.
            failure = itemFrom(r, texts || !it.goldInContext, &it, &repeats);
            if (!failure)
                return false;
            it.verdict = verdictAt(r, itemColumnCount);
            it.retrievalVerdict = verdictAt(r, itemColumnCount + 1);
            if (!r.isNull(itemColumnCount + 3))
                it.answerF1 = r.real(itemColumnCount + 3);
            take(it);
            return true;
        });
    return !read ? read : failure;
}

Result<QVector<StoredRunItem>> RunResultStore::group(qint64 runId, const QString &groupKey) const
{
    QVector<StoredRunItem> out;
    Status failure;
    const Status read = m_db.each(QStringLiteral("SELECT %1 FROM %2 WHERE i.run_id = ? AND i.group_key = ? ORDER BY i.id").arg(QLatin1String(itemColumns), QLatin1String(itemTables)),
                                  {runId, groupKey}, [&](const Statement &r) {
                                      StoredRunItem it;
                                      failure = itemFrom(r, true, &it);
                                      out << it;
                                      return failure.ok();
                                  });
    if (!read || !failure)
        return Result<QVector<StoredRunItem>>::failure(!read ? read : failure);
    return out;
}

Result<StoredRunItem> RunResultStore::item(qint64 itemId) const
{
    StoredRunItem it;
    Status failure;
    auto found = m_db.first(QStringLiteral("SELECT %1 FROM %2 WHERE i.id = ?").arg(QLatin1String(itemColumns), QLatin1String(itemTables)), {itemId},
                            [&](const Statement &r) { failure = itemFrom(r, true, &it); });
    if (!found || !failure)
        return Result<StoredRunItem>::failure(!found ? Status::failure(found) : failure);
    if (!found.value())
        return Result<StoredRunItem>::failure(QStringLiteral("run item %1 does not exist (the run was deleted?)").arg(itemId));
    return it;
}

Result<QVector<RunResultStore::ItemVerdict>> RunResultStore::answerVerdicts(qint64 runId) const
{
    QVector<ItemVerdict> out;
    const Status read = m_db.each(QStringLiteral("SELECT j.run_item_id, j.judge, j.verdict FROM judgement j JOIN run_item i ON i.id = j.run_item_id "
                                                 "WHERE i.run_id = ? AND j.aspect = 'answer' ORDER BY j.run_item_id, j.judge"),
                                  {runId}, [&](const Statement &r) { out.append({r.integer(0), r.text(1), verdictAt(r, 2)}); });
    if (!read)
        return Result<QVector<ItemVerdict>>::failure(read);
    return out;
}

Result<QVector<RunResultStore::JudgedItem>> RunResultStore::judged(qint64 runId, const QString &judge) const
{
    QVector<JudgedItem> out;
    const Status read = m_db.each(QStringLiteral("SELECT i.id, i.item_key, i.query, j.verdict, j.detail FROM judgement j JOIN run_item i ON i.id = j.run_item_id "
                                                 "WHERE i.run_id = ? AND j.judge = ? AND j.aspect = 'answer' ORDER BY i.id"),
                                  {runId, judge}, [&](const Statement &r) { out.append({r.integer(0), r.text(1), r.text(2), verdictAt(r, 3), r.text(4)}); });
    if (!read)
        return Result<QVector<JudgedItem>>::failure(read);
    return out;
}

Result<QVector<RunResultStore::GroupVerdict>> RunResultStore::groupVerdicts(qint64 runId, const QString &groupKey) const
{
    QVector<GroupVerdict> out;
    const Status read = m_db.each(QStringLiteral("SELECT j.run_item_id, j.judge, j.verdict FROM judgement j JOIN run_item i ON i.id = j.run_item_id "
                                                 "WHERE i.run_id = ? AND i.group_key = ? AND j.aspect = 'answer' ORDER BY j.run_item_id, j.judge"),
                                  {runId, groupKey}, [&](const Statement &r) { out.append({r.integer(0), r.text(1), verdictAt(r, 2)}); });
    if (!read)
        return Result<QVector<GroupVerdict>>::failure(read);
    return out;
}

Result<QStringList> RunResultStore::answerJudges(qint64 runId) const
{
    auto judges = judgesOf(runId);
    if (!judges)
        return Result<QStringList>::failure(judges);
    return judges.value().answer;
}

Result<RunResultStore::RunJudges> RunResultStore::judgesOf(qint64 runId) const
{
    auto verdicts = verdictsOf(runId);
    if (!verdicts)
        return Result<RunJudges>::failure(verdicts);
    return RunJudges{verdicts.value().judges(RunVerdicts::Aspect::Answer), verdicts.value().judges(RunVerdicts::Aspect::Retrieval)};
}

Result<RunResultStore::IdRange> RunResultStore::idRange(qint64 runId) const
{
    // All the run's items (pending ones too) and their id range, from the (run_id, item_key) index alone.
    IdRange range;
    auto count = m_db.first(QStringLiteral("SELECT count(*), coalesce(min(id), 0), coalesce(max(id), -1) FROM run_item WHERE run_id = ?"), {runId},
                            [&](const Statement &r) {
                                range.items = r.integer(0);
                                range.low = r.integer(1);
                                range.high = r.integer(2);
                            });
    if (!count)
        return Result<IdRange>::failure(count);
    return range;
}

Result<RunVerdicts> RunResultStore::verdictsOf(qint64 runId) const
{
    auto range = idRange(runId);
    if (!range)
        return Result<RunVerdicts>::failure(range);
    const auto [items, low, high] = range.value();
    // When every id from the lowest to the highest is the run's, its judgements are one range of
    // the judgement table's key, read in order with no join and no sort (a DISTINCT over the
    // judges cost three times the reading). Otherwise each item's judgements are sought.
    const bool wholeRange = items > 0 && high - low + 1 == items;
    RunVerdicts out = wholeRange ? RunVerdicts(low, high) : RunVerdicts();
    const Status read = m_db.each(wholeRange ? QStringLiteral("SELECT run_item_id, aspect, judge, verdict FROM judgement WHERE run_item_id BETWEEN ?1 AND ?2")
                                             : QStringLiteral("SELECT j.run_item_id, j.aspect, j.judge, j.verdict FROM run_item i "
                                                              "JOIN judgement j ON j.run_item_id = i.id WHERE i.run_id = ?1"),
                                  wholeRange ? QVariantList{low, high} : QVariantList{runId}, [&](const Statement &r) {
                                      out.add(r.integer(0), r.utf8(1) == QByteArrayView("answer") ? RunVerdicts::Aspect::Answer : RunVerdicts::Aspect::Retrieval,
                                              r.utf8(2), verdictAt(r, 3));
                                  });
    if (!read)
        return Result<RunVerdicts>::failure(read);
    out.finish();
    return out;
}

Result<qint64> RunResultStore::refreshTruth(qint64 runId)
{
    auto s = m_db.prepare(QStringLiteral(
        "UPDATE run_item SET true_doc_ids = (SELECT t.doc_ids FROM group_truth t WHERE t.group_id = CAST(substr(run_item.group_key, 2) AS INTEGER)) "
        "WHERE run_id = ?1 AND sql_template_id IS NOT NULL AND group_key GLOB 'g[0-9]*' "
        "AND EXISTS (SELECT 1 FROM query_group g WHERE g.id = CAST(substr(run_item.group_key, 2) AS INTEGER) "
        "            AND g.sql_template_id = run_item.sql_template_id AND coalesce(g.answer, '') = run_item.gold) "
        "AND true_doc_ids IS NOT (SELECT t.doc_ids FROM group_truth t WHERE t.group_id = CAST(substr(run_item.group_key, 2) AS INTEGER))"));
    if (!s)
        return Result<qint64>::failure(s);
    s.value().bind(1, runId);
    if (auto r = s.value().run(); !r)
        return Result<qint64>::failure(r);
    return m_db.changes();
}

Result<QStringList> RunResultStore::scoredRunNames() const
{
    QStringList out;
    const Status read = m_db.each(QStringLiteral("SELECT r.name FROM run r WHERE EXISTS (SELECT 1 FROM run_item i JOIN judgement j ON j.run_item_id = i.id "
                                                 "WHERE i.run_id = r.id AND j.aspect = 'answer') ORDER BY r.id"),
                                  {}, [&](const Statement &r) { out << r.text(0); });
    if (!read)
        return Result<QStringList>::failure(read);
    return out;
}

} // namespace assay
