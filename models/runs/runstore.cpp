#include "runs/runstore.h"

#include "generation/queryrenderer.h"
#include "project/database.h"
#include "project/transaction.h"
#include "runs/runcontexts.h"
#include "runs/runresultstore.h"
#include "runs/testsetstore.h"
#include "scoring/answermetrics.h"
#include "project/project.h"

#include <QDateTime>

#include <nlohmann/json.hpp>

namespace assay {

RunStore::RunStore(Database &db) : m_db(db) {}

std::unique_ptr<RunStore> RunStore::createFor(Project &project)
{
    return std::make_unique<RunStore>(project.database());
}

Result<qint64> RunStore::openOrCreate(const QString &name, const PipelineSpec &spec, const QString &querySet, qint64 testsetId)
{
    using R = Result<qint64>;
    TestSetStore versions(m_db);
    QString set = querySet;
    QString versionName;
    if (testsetId > 0) {
        auto version = versions.info(testsetId);
        if (!version)
            return R::failure(version);
        if (version.value().kind != QLatin1String("queries"))
            return R::failure(QStringLiteral("version '%1' is an exam's; runs take query-set versions").arg(version.value().name));
        set = version.value().source;
        versionName = version.value().name;
    }
    auto existing = m_db.prepare(QStringLiteral("SELECT r.id, p.spec, r.query_set, coalesce(t.name, '') FROM run r LEFT JOIN pipeline p ON p.id = r.pipeline_id "
                                                "LEFT JOIN testset t ON t.id = r.testset_id WHERE r.name = ?"));
    if (!existing)
        return R::failure(existing);
    existing.value().bind(1, name);
    auto found = existing.value().next();
    if (!found)
        return R::failure(found);
    if (found.value()) {
        if (existing.value().text(1) != spec.text() || existing.value().text(2) != set)
            return R::failure(QStringLiteral("run '%1' exists with pipeline '%2' and query set '%3'; choose another name")
                                  .arg(name, existing.value().text(1), existing.value().text(2).isEmpty() ? QStringLiteral("all") : existing.value().text(2)));
        // A run on the working set records the version it matched, if any: continuing it
        // without --testset is continuing that run.
        if (testsetId > 0 && existing.value().text(3) != versionName)
            return R::failure(QStringLiteral("run '%1' exists on %2; choose another name")
                                  .arg(name, existing.value().text(3).isEmpty() ? QStringLiteral("the working set") : QStringLiteral("version '%1'").arg(existing.value().text(3))));
        return existing.value().integer(0);
    }
    Transaction tx(m_db);
    if (!tx.began())
        return R::failure(tx.beginStatus());
    auto read = testsetId > 0 ? versions.items(testsetId) : versions.workingQueries(set);
    if (!read)
        return R::failure(read);
    const QVector<TestSetItem> items = read.take();
    if (items.isEmpty())
        return R::failure(QStringLiteral("the query set '%1' holds no accepted queries (generate some first)").arg(set.isEmpty() ? QStringLiteral("all") : set));
    // A working-set run whose items are exactly a frozen version's ran on that version.
    if (testsetId == 0) {
        auto same = versions.withHash(TestSetItem::contentHash(items), QStringLiteral("queries"), set);
        if (!same)
            return R::failure(same);
        testsetId = same.value().value_or(0);
    }
    auto pipeline = m_db.prepare(QStringLiteral("INSERT INTO pipeline(spec, retriever, k, reader) VALUES (?, ?, ?, ?) ON CONFLICT(spec) DO NOTHING"));
    if (!pipeline)
        return R::failure(pipeline);
    pipeline.value().bindAll({spec.text(), spec.retriever, spec.k, spec.reader});
    if (auto s = pipeline.value().run(); !s)
        return R::failure(s.error());
    auto run = m_db.prepare(QStringLiteral("INSERT INTO run(name, pipeline_id, query_set, created_at, testset_id) "
                                           "VALUES (?, (SELECT id FROM pipeline WHERE spec = ?), ?, ?, ?)"));
    if (!run)
        return R::failure(run);
    run.value().bindAll({name, spec.text(), set, QDateTime::currentDateTimeUtc().toString(Qt::ISODate), testsetId > 0 ? QVariant(testsetId) : QVariant()});
    if (auto s = run.value().run(); !s)
        return R::failure(s.error());
    const qint64 runId = m_db.lastInsertId();
    auto item = m_db.prepare(QStringLiteral("INSERT INTO run_item(run_id, item_key, query, gold, form, sql_template_id, group_key, true_doc_ids, identity) "
                                            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    if (!item)
        return R::failure(item);
    for (const TestSetItem &t : items) {
        item.value().reset();
        item.value().bindAll({runId, t.key, t.query, t.gold, t.form, t.sqlTemplateId > 0 ? QVariant(t.sqlTemplateId) : QVariant(),
                              t.groupKey, t.trueDocIds, t.identity});
        if (auto s = item.value().run(); !s)
            return R::failure(s);
    }
    if (auto s = tx.commit(); !s)
        return R::failure(s);
    return runId;
}

Result<PipelineSpec> RunStore::pipelineOf(qint64 runId) const
{
    using R = Result<PipelineSpec>;
    auto s = m_db.prepare(QStringLiteral("SELECT p.spec FROM run r JOIN pipeline p ON p.id = r.pipeline_id WHERE r.id = ?"));
    if (!s)
        return R::failure(s);
    s.value().bind(1, runId);
    auto row = s.value().next();
    if (!row)
        return R::failure(row);
    if (!row.value())
        return R::failure(QStringLiteral("run %1 has no pipeline").arg(runId));
    return PipelineSpec::parse(s.value().text(0));
}

Result<qint64> RunStore::idOf(const QString &name) const
{
    using R = Result<qint64>;
    auto s = m_db.prepare(QStringLiteral("SELECT id FROM run WHERE name = ?"));
    if (!s)
        return R::failure(s);
    s.value().bind(1, name);
    auto row = s.value().next();
    if (!row)
        return R::failure(row);
    if (!row.value())
        return R::failure(QStringLiteral("no run named '%1'").arg(name));
    return s.value().integer(0);
}

Result<QVector<RunItem>> RunStore::pending(qint64 runId) const
{
    using R = Result<QVector<RunItem>>;
    QVector<RunItem> out;
    // "status <> 'done'" names the partial index of unfinished items (migration 14).
    auto s = m_db.prepare(QStringLiteral("SELECT id, item_key, query, gold, group_key, true_doc_ids FROM run_item "
                                         "WHERE run_id = ? AND status <> 'done' AND status = 'pending' ORDER BY id"));
    if (!s)
        return R::failure(s);
    s.value().bind(1, runId);
    const Status read = s.value().forEach([&](const Statement &r) {
        out << RunItem{r.integer(0), r.text(1), r.text(2), r.text(3), r.text(4), RunResultStore::parseIds(r.text(5))};
    });
    if (!read)
        return R::failure(read);
    return out;
}

Result<QVector<RunStore::Example>> RunStore::examplePool(qint64 runId, int limit) const
{
    using R = Result<QVector<Example>>;
    QVector<Example> out;
    if (limit <= 0)
        return out;
    auto s = m_db.prepare(QStringLiteral("SELECT query, gold, group_key FROM run_item WHERE id IN (SELECT min(id) FROM run_item WHERE run_id = ? "
                                         "AND group_key IS NOT NULL AND gold <> '' GROUP BY group_key) ORDER BY id LIMIT ?"));
    if (!s)
        return R::failure(s);
    s.value().bindAll({runId, limit});
    if (auto read = s.value().forEach([&](const Statement &r) { out.append({r.text(0), r.text(1), r.text(2)}); }); !read)
        return R::failure(read);
    return out;
}

void RunItemResult::computeFacts(const QString &gold)
{
    goldInContext = AnswerMetrics::contains(AnswerMetrics::scratchpad(retrievedText, trace), gold);
    answerF1 = AnswerMetrics::f1(answer, gold);
}

Result<qint64> RunStore::internContext(const QString &text)
{
    using R = Result<qint64>;
    const qint64 hash = ContextBlob::textHash(text);
    auto find = m_db.cached(m_findContext, QStringLiteral("SELECT id FROM context_text WHERE hash = ? AND text = ?"));
    if (!find)
        return R::failure(find);
    find.value()->bindAll({hash, text});
    qint64 id = 0;
    if (auto read = find.value()->forEach([&](const Statement &r) { id = r.integer(0); }); !read)
        return R::failure(read);
    if (id)
        return id;
    auto add = m_db.cached(m_addContext, QStringLiteral("INSERT INTO context_text(hash, text) VALUES (?, ?)"));
    if (!add)
        return R::failure(add);
    add.value()->bindAll({hash, text});
    if (auto s = add.value()->run(); !s)
        return R::failure(s);
    return m_db.lastInsertId();
}

Status RunStore::saveResult(qint64 itemId, const RunItemResult &r)
{
    Transaction tx(m_db); // the context text and the item together (a savepoint inside a batch)
    if (!tx.began())
        return tx.beginStatus();
    QVariant context, contextText;
    QString ids;
    if (!r.contextRefs.isEmpty()) {
        context = ContextBlob::encode(r.contextRefs); // the chunks name the documents: no ids stored
    } else {
        nlohmann::json list = nlohmann::json::array();
        for (const QString &d : r.retrievedIds)
            list.push_back(d.toStdString());
        ids = QString::fromStdString(list.dump());
        if (!r.retrievedText.isEmpty()) {
            auto id = internContext(r.retrievedText);
            if (!id)
                return Status::failure(id);
            contextText = id.value();
        }
    }
    auto s = m_db.cached(m_saveResult, QStringLiteral("UPDATE run_item SET status = ?, answer = ?, retrieved_ids = ?, context = ?, context_text_id = ?, trace = ?, "
                                                      "halted = ?, error = ?, error_class = ?, latency_ms = ?, prompt_tokens = ?, completion_tokens = ?, cost = ?, "
                                                      "gold_in_context = ?, answer_f1 = ?, usage_unknown = ? WHERE id = ? AND status = 'pending'"));
    if (!s)
        return Status::failure(s);
    s.value()->bindAll({r.error.isEmpty() ? QStringLiteral("done") : QStringLiteral("error"), r.answer, ids, context, contextText,
                       r.trace, int(r.halted), r.error, r.errorClass, r.latencyMs, r.promptTokens, r.completionTokens, r.cost,
                       r.goldInContext ? QVariant(int(*r.goldInContext)) : QVariant(), r.answerF1 ? QVariant(*r.answerF1) : QVariant(), int(r.usageUnknown), itemId});
    if (auto saved = s.value()->run(); !saved)
        return saved;
    return tx.commit();
}

Status RunStore::beginBatch()
{
    if (m_batch)
        return {};
    m_batch.emplace(m_db);
    if (!m_batch->began()) {
        Status failed = m_batch->beginStatus();
        m_batch.reset();
        return failed;
    }
    return {};
}

Status RunStore::commitBatch()
{
    if (!m_batch)
        return {};
    Status committed = m_batch->commit();
    m_batch.reset();
    return committed;
}

Status RunStore::setStatus(qint64 runId, const QString &status)
{
    auto s = m_db.prepare(QStringLiteral("UPDATE run SET status = ?, finished_at = CASE WHEN ? IN ('done', 'failed') THEN ? ELSE finished_at END WHERE id = ?"));
    if (!s)
        return Status::failure(s);
    s.value().bindAll({status, status, QDateTime::currentDateTimeUtc().toString(Qt::ISODate), runId});
    return s.value().run();
}

Result<RunSummary> RunStore::header(qint64 runId) const
{
    RunSummary h;
    auto found = m_db.first(QStringLiteral("SELECT r.name, coalesce(p.spec, ''), r.query_set, r.status, r.source, r.created_at, coalesce(r.finished_at, ''), r.id, "
                                           "coalesce((SELECT t.name FROM testset t WHERE t.id = r.testset_id), '') "
                                           "FROM run r LEFT JOIN pipeline p ON p.id = r.pipeline_id WHERE r.id = ?"),
                            {runId}, [&](const Statement &r) {
                                h.name = r.text(0);
                                h.pipeline = r.text(1);
                                h.querySet = r.text(2);
                                h.status = r.text(3);
                                h.source = r.text(4);
                                h.createdAt = r.text(5);
                                h.finishedAt = r.text(6);
                                h.id = r.integer(7);
                                h.version = r.text(8);
                            });
    if (!found)
        return Result<RunSummary>::failure(found);
    if (!found.value())
        return Result<RunSummary>::failure(QStringLiteral("run %1 does not exist").arg(runId), ErrorCode::NotFound);
    return h;
}

Result<QVector<RunSummary>> RunStore::runs() const
{
    using R = Result<QVector<RunSummary>>;
    QVector<RunSummary> out;
    auto s = m_db.prepare(QStringLiteral(
        "SELECT r.name, coalesce(p.spec, ''), r.query_set, r.status, r.source, count(i.id), sum(i.status = 'done'), sum(i.status = 'error'), "
        "r.created_at, coalesce(r.finished_at, ''), coalesce(sum(i.cost), 0), coalesce(avg(CASE WHEN i.status <> 'pending' THEN i.latency_ms END), 0), r.id, "
        "coalesce((SELECT t.name FROM testset t WHERE t.id = r.testset_id), ''), coalesce(sum(i.usage_unknown), 0) "
        "FROM run r LEFT JOIN pipeline p ON p.id = r.pipeline_id "
        "LEFT JOIN run_item i ON i.run_id = r.id GROUP BY r.id ORDER BY r.id"));
    if (!s)
        return R::failure(s);
    const Status read = s.value().forEach([&](const Statement &r) {
        out << RunSummary{r.text(0), r.text(1), r.text(2), r.text(3), r.text(4), r.integer(5), r.integer(6), r.integer(7), r.text(8), r.text(9),
                          r.real(10), r.real(11), r.integer(12), r.text(13), r.integer(14)};
    });
    if (!read)
        return R::failure(read);
    return out;
}

Result<QVector<RunItemView>> RunStore::items(qint64 runId) const
{
    using R = Result<QVector<RunItemView>>;
    QVector<RunItemView> out;
    // The answer's verdicts ride along as "judge<US>verdict" pairs (verdict 1, 0 or empty for an
    // unreadable reply), one lookup of judgement's primary key per item.
    auto s = m_db.prepare(QStringLiteral("SELECT i.id, i.item_key, i.form, i.query, i.answer, i.gold, i.retrieved_ids, i.latency_ms, i.status, i.error, i.error_class, i.context, "
                                         "(SELECT group_concat(j.judge || char(31) || coalesce(j.verdict, ''), char(30)) FROM "
                                         "(SELECT judge, verdict FROM judgement WHERE run_item_id = i.id AND aspect = 'answer' ORDER BY judge) j) "
                                         "FROM run_item i WHERE i.run_id = ? ORDER BY i.id"));
    if (!s)
        return R::failure(s);
    s.value().bind(1, runId);
    RunContexts contexts(m_db);
    Status resolved;
    const Status read = s.value().forEach([&](const Statement &r) {
        QStringList ids;
        if (r.isNull(11))
            ids = RunResultStore::parseIds(r.text(6));
        else
            resolved = contexts.resolve(r.value(11).toByteArray(), &ids, nullptr);
        RunItemView view{r.integer(0), r.text(1), r.text(2), r.text(3), r.text(4), r.text(5), ids.join(QStringLiteral(", ")), r.real(7), r.text(8), r.text(9), r.text(10)};
        if (!r.isNull(12))
            for (const QString &pair : r.text(12).split(QChar(30))) {
                const qsizetype cut = pair.lastIndexOf(QChar(31));
                const QString verdict = pair.mid(cut + 1);
                view.judges << pair.left(cut);
                view.verdicts << (verdict.isEmpty() ? -1 : verdict.toInt());
            }
        out << view;
        return resolved.ok();
    });
    if (!read || !resolved)
        return R::failure(!read ? read : resolved);
    return out;
}

Result<RunItemDetail> RunStore::detail(qint64 itemId) const
{
    using R = Result<RunItemDetail>;
    auto s = m_db.prepare(QStringLiteral("SELECT i.id, i.item_key, i.form, i.query, i.answer, i.gold, i.retrieved_ids, i.latency_ms, i.status, i.error, i.error_class, "
                                         "coalesce(ct.text, ''), i.trace, i.halted, i.prompt_tokens, i.completion_tokens, i.cost, i.context "
                                         "FROM run_item i LEFT JOIN context_text ct ON ct.id = i.context_text_id WHERE i.id = ?"));
    if (!s)
        return R::failure(s);
    s.value().bind(1, itemId);
    std::optional<RunItemDetail> found;
    RunContexts contexts(m_db);
    Status resolved;
    const Status read = s.value().forEach([&](const Statement &r) {
        RunItemDetail d;
        QStringList ids = RunResultStore::parseIds(r.text(6));
        d.retrievedText = r.text(11);
        if (!r.isNull(17)) {
            ids.clear();
            resolved = contexts.resolve(r.value(17).toByteArray(), &ids, &d.retrievedText);
        }
        d.item = RunItemView{r.integer(0), r.text(1), r.text(2), r.text(3), r.text(4), r.text(5), ids.join(QStringLiteral(", ")),
                             r.real(7), r.text(8), r.text(9), r.text(10)};
        d.trace = r.text(12);
        d.halted = r.integer(13) != 0;
        d.promptTokens = r.integer(14);
        d.completionTokens = r.integer(15);
        d.cost = r.real(16);
        found = std::move(d);
    });
    if (!read || !resolved)
        return R::failure(!read ? read : resolved);
    if (!found)
        return R::failure(QStringLiteral("run item %1 does not exist").arg(itemId), ErrorCode::NotFound);
    return *found;
}

Result<qint64> RunStore::retryFailed(qint64 runId)
{
    using R = Result<qint64>;
    Transaction tx(m_db);
    if (!tx.began())
        return R::failure(tx.beginStatus());
    auto s = m_db.prepare(QStringLiteral("UPDATE run_item SET status = 'pending', answer = '', trace = '', halted = 0, error = '', error_class = '', "
                                         "latency_ms = 0, prompt_tokens = 0, completion_tokens = 0, cost = 0 WHERE run_id = ? AND status <> 'done' AND status = 'error'"));
    if (!s)
        return R::failure(s);
    s.value().bind(1, runId);
    if (auto done = s.value().run(); !done)
        return R::failure(done);
    const qint64 changed = m_db.changes();
    if (changed > 0)
        if (auto status = setStatus(runId, QStringLiteral("paused")); !status)
            return R::failure(status);
    if (auto c = tx.commit(); !c)
        return R::failure(c);
    return changed;
}

Result<QVector<QPair<QString, qint64>>> RunStore::errorClasses(qint64 runId) const
{
    using R = Result<QVector<QPair<QString, qint64>>>;
    QVector<QPair<QString, qint64>> out;
    auto s = m_db.prepare(QStringLiteral("SELECT CASE WHEN error_class = '' THEN 'unclassified' ELSE error_class END AS c, count(*) FROM run_item "
                                         "WHERE run_id = ? AND status <> 'done' AND status = 'error' GROUP BY c ORDER BY count(*) DESC, c"));
    if (!s)
        return R::failure(s);
    s.value().bind(1, runId);
    if (auto read = s.value().forEach([&](const Statement &r) { out.append({r.text(0), r.integer(1)}); }); !read)
        return R::failure(read);
    return out;
}

Status RunStore::replaceJudgements(qint64 runId, const QString &judge, const QString &aspect, const QVector<Judgement> &rows)
{
    Transaction tx(m_db);
    if (!tx.began())
        return tx.beginStatus();
    auto del = m_db.prepare(QStringLiteral("DELETE FROM judgement WHERE judge = ? AND aspect = ? AND run_item_id IN (SELECT id FROM run_item WHERE run_id = ?)"));
    auto ins = m_db.prepare(QStringLiteral("INSERT INTO judgement(run_item_id, judge, aspect, verdict, score, detail) VALUES (?, ?, ?, ?, ?, ?)"));
    if (!del || !ins)
        return !del ? Status::failure(del) : Status::failure(ins);
    del.value().bindAll({judge, aspect, runId});
    if (auto s = del.value().run(); !s)
        return s;
    for (const auto &[item, verdict, score, detail] : rows) {
        ins.value().reset();
        ins.value().bindAll({item, judge, aspect, verdict ? QVariant(*verdict) : QVariant(), score ? QVariant(*score) : QVariant(), detail});
        if (auto s = ins.value().run(); !s)
            return s;
    }
    return tx.commit();
}

Result<QVector<RunStore::Judgement>> RunStore::judgements(qint64 runId, const QString &judge, const QString &aspect) const
{
    using R = Result<QVector<Judgement>>;
    QVector<Judgement> out;
    auto s = m_db.prepare(QStringLiteral("SELECT j.run_item_id, j.verdict, j.score, coalesce(j.detail, '') FROM judgement j JOIN run_item i ON i.id = j.run_item_id "
                                         "WHERE i.run_id = ? AND j.judge = ? AND j.aspect = ? ORDER BY j.run_item_id"));
    if (!s)
        return R::failure(s);
    s.value().bindAll({runId, judge, aspect});
    if (auto read = s.value().forEach([&](const Statement &r) {
            out.append({r.integer(0), r.isNull(1) ? std::nullopt : std::optional<int>(int(r.integer(1))),
                        r.isNull(2) ? std::nullopt : std::optional<double>(r.real(2)), r.text(3)});
        });
        !read)
        return R::failure(read);
    return out;
}

Result<QHash<qint64, int>> RunStore::verdicts(qint64 runId, const QString &judge, const QString &aspect) const
{
    using R = Result<QHash<qint64, int>>;
    QHash<qint64, int> out;
    auto s = m_db.prepare(QStringLiteral("SELECT j.run_item_id, j.verdict FROM judgement j JOIN run_item i ON i.id = j.run_item_id "
                                         "WHERE i.run_id = ? AND j.judge = ? AND j.aspect = ? AND j.verdict IS NOT NULL"));
    if (!s)
        return R::failure(s);
    s.value().bindAll({runId, judge, aspect});
    if (auto read = s.value().forEach([&](const Statement &r) { out.insert(r.integer(0), int(r.integer(1))); }); !read)
        return R::failure(read);
    return out;
}

Result<RunStore::ImportReport> RunStore::createImported(const QString &name, const QString &querySet, const QString &source,
                                                        const QVector<ImportedRunItem> &items)
{
    using R = Result<ImportReport>;
    auto exists = m_db.prepare(QStringLiteral("SELECT 1 FROM run WHERE name = ?"));
    if (!exists)
        return R::failure(exists);
    exists.value().bind(1, name);
    auto found = exists.value().next();
    if (!found)
        return R::failure(found);
    if (found.value())
        return R::failure(QStringLiteral("a run named '%1' exists already; choose another name").arg(name));
    Transaction tx(m_db);
    if (!tx.began())
        return R::failure(tx.beginStatus());
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    auto run = m_db.prepare(QStringLiteral("INSERT INTO run(name, query_set, source, status, created_at, finished_at) VALUES (?, ?, ?, 'done', ?, ?)"));
    auto item = m_db.prepare(QStringLiteral("INSERT INTO run_item(run_id, item_key, query, gold, form, group_key, true_doc_ids, status, answer, "
                                            "retrieved_ids, context_text_id, trace, halted, error, error_class, latency_ms, gold_in_context, answer_f1, level) "
                                            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    auto verdict = m_db.prepare(QStringLiteral("INSERT INTO judgement(run_item_id, judge, aspect, verdict, score, detail) VALUES (?, 'imported', ?, ?, ?, ?)"));
    if (!run || !item || !verdict)
        return !run ? R::failure(run) : !item ? R::failure(item) : R::failure(verdict);
    run.value().bindAll({name, querySet, source, now, now});
    if (auto s = run.value().run(); !s)
        return R::failure(s);
    ImportReport report;
    report.runId = m_db.lastInsertId();
    const auto orNull = [](const auto &optional) { return optional ? QVariant(*optional) : QVariant(); };
    for (qsizetype i = 0; i < items.size(); ++i) {
        const ImportedRunItem &r = items[i];
        QVariant contextText;
        if (!r.retrievedText.isEmpty()) {
            auto id = internContext(r.retrievedText);
            if (!id)
                return R::failure(id);
            contextText = id.value();
        }
        item.value().reset();
        item.value().bindAll({report.runId, r.key, r.query, r.gold, r.form.isEmpty() ? querySet : r.form, r.group, r.trueDocIdsJson,
                              r.error.isEmpty() ? QStringLiteral("done") : QStringLiteral("error"), r.answer, r.retrievedIdsJson, contextText, r.trace,
                              int(r.halted), r.error, r.error.isEmpty() ? QString() : QStringLiteral("system"), r.latencyMs,
                              int(AnswerMetrics::contains(AnswerMetrics::scratchpad(r.retrievedText, r.trace), r.gold)), AnswerMetrics::f1(r.answer, r.gold), r.level});
        if (auto s = item.value().run(); !s)
            return R::failure(s.error().contains(QLatin1String("UNIQUE")) ? QStringLiteral("record %1: the id '%2' appears twice").arg(i + 1).arg(r.key)
                                                                          : s.error(),
                              s.code());
        const qint64 itemId = m_db.lastInsertId();
        ++report.items;
        const auto addVerdict = [&](const QString &aspect, const QVariant &v, const QVariant &score, const QString &detail) {
            verdict.value().reset();
            verdict.value().bindAll({itemId, aspect, v, score, detail});
            return verdict.value().run();
        };
        if (r.hasVerdict) {
            if (auto s = addVerdict(QStringLiteral("answer"), orNull(r.verdict), orNull(r.score), r.verdictDetail); !s)
                return R::failure(s);
            ++report.answerVerdicts;
        }
        if (r.hasRetrievalVerdict) {
            if (auto s = addVerdict(QStringLiteral("retrieval"), orNull(r.retrievalVerdict), QVariant(), QString()); !s)
                return R::failure(s);
            ++report.retrievalVerdicts;
        }
    }
    if (auto s = tx.commit(); !s)
        return R::failure(s);
    return report;
}

} // namespace assay
