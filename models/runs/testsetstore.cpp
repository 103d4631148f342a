#include "runs/testsetstore.h"

#include "generation/queryrenderer.h"
#include "project/database.h"
#include "project/project.h"
#include "project/statement.h"
#include "project/transaction.h"

#include <QDateTime>
#include <QLocale>

namespace assay {

namespace {
const QString infoColumns = QStringLiteral(
    "t.id, t.name, t.kind, t.source, t.note, t.hash, t.created_at, t.items, "
    "(SELECT count(*) FROM run r WHERE r.testset_id = t.id), "
    "coalesce((SELECT r.name FROM baseline b JOIN run r ON r.id = b.run_id WHERE b.testset_id = t.id), '')");

TestSetInfo infoFrom(const Statement &row)
{
    TestSetInfo t;
    t.id = row.integer(0);
    t.name = row.text(1);
    t.kind = row.text(2);
    t.source = row.text(3);
    t.note = row.text(4);
    t.hash = row.text(5);
    t.createdAt = row.text(6);
    t.items = row.integer(7);
    t.runs = row.integer(8);
    t.baseline = row.text(9);
    return t;
}
} // namespace

QString TestSetInfo::sourceText() const
{
    if (kind == QLatin1String("exam"))
        return QStringLiteral("exam %1").arg(source);
    return source.isEmpty() ? QStringLiteral("every form") : QStringLiteral("form %1").arg(source);
}

TestSetStore::TestSetStore(Database &db) : m_db(db) {}

std::unique_ptr<TestSetStore> TestSetStore::createFor(Project &project) { return std::make_unique<TestSetStore>(project.database()); }

Result<QVector<TestSetItem>> TestSetStore::workingQueries(const QString &form) const
{
    using R = Result<QVector<TestSetItem>>;
    QVector<TestSetItem> out;
    const Status read = QueryRenderer(m_db).forEach(
        [&](const RenderedQuery &q) {
            TestSetItem item;
            item.identity = TestSetItem::identityOf({q.sql, q.valuesJson, q.form, q.text});
            item.key = QStringLiteral("q%1").arg(q.id);
            item.query = q.text;
            item.gold = q.answer;
            item.form = q.form;
            item.sqlTemplateId = q.sqlTemplateId;
            item.sql = q.sql;
            item.vals = q.valuesJson;
            item.groupKey = QStringLiteral("g%1").arg(q.groupId);
            item.trueDocIds = q.documentIdsJson;
            out << item;
            return true;
        },
        form);
    if (!read)
        return R::failure(read);
    return out;
}

Result<TestSetInfo> TestSetStore::freezeQueries(const QString &name, const QString &note, const QString &form, const TestSetSample &sample)
{
    return freeze(name, note, QStringLiteral("queries"), form, [&] { return workingQueries(form); }, sample);
}

Result<TestSetInfo> TestSetStore::freeze(const QString &name, const QString &givenNote, const QString &kind, const QString &source, const ItemReader &reader,
                                         const TestSetSample &sample)
{
    using R = Result<TestSetInfo>;
    if (name.trimmed().isEmpty())
        return R::failure(QStringLiteral("a version needs a name"));
    auto taken = m_db.first(QStringLiteral("SELECT 1 FROM testset WHERE name = ?"), {name}, [](const Statement &) {});
    if (!taken)
        return R::failure(taken);
    if (taken.value())
        return R::failure(QStringLiteral("a version named '%1' exists; versions are frozen, so choose another name").arg(name));
    const bool exam = kind == QLatin1String("exam");
    if (!exam && kind != QLatin1String("queries"))
        return R::failure(QStringLiteral("unknown test-set kind '%1' (queries or exam)").arg(kind));
    Transaction tx(m_db);
    if (!tx.began())
        return R::failure(tx.beginStatus());
    auto read = reader();
    if (!read)
        return R::failure(read);
    QVector<TestSetItem> items = read.take();
    QString note = givenNote;
    if (sample.groups > 0) {
        int groups = 0;
        items = TestSetItem::sampleGroups(items, sample.groups, sample.seed, &groups);
        if (sample.groups < groups) {
            const QString drawn = QStringLiteral("sample of %1 of %2 groups, seed %3")
                                      .arg(QLocale(QLocale::English).toString(sample.groups), QLocale(QLocale::English).toString(groups))
                                      .arg(sample.seed);
            note = note.isEmpty() ? drawn : QStringLiteral("%1 (%2)").arg(note, drawn);
        }
    }
    if (items.isEmpty())
        return R::failure(exam ? QStringLiteral("exam '%1' has no kept items to freeze").arg(source)
                               : QStringLiteral("the query set '%1' holds no accepted queries to freeze (generate some on the Queries page first)")
                                     .arg(source.isEmpty() ? QStringLiteral("all") : source));
    const QString created = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    if (auto s = m_db.run(QStringLiteral("INSERT INTO testset(name, kind, source, note, hash, items, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)"),
                          {name, kind, source, note, TestSetItem::contentHash(items), qint64(items.size()), created});
        !s)
        return R::failure(s);
    const qint64 id = m_db.lastInsertId();
    auto insert = m_db.prepare(QStringLiteral("INSERT INTO testset_item(testset_id, identity, item_key, query, gold, form, sql_template_id, sql, vals, group_key, true_doc_ids) "
                                              "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"));
    if (!insert)
        return R::failure(insert);
    for (const TestSetItem &item : items) {
        insert.value().reset();
        insert.value().bindAll({id, item.identity, item.key, item.query, item.gold, item.form,
                                item.sqlTemplateId > 0 ? QVariant(item.sqlTemplateId) : QVariant(), item.sql, item.vals, item.groupKey, item.trueDocIds});
        if (auto s = insert.value().run(); !s)
            return R::failure(s);
    }
    if (auto s = tx.commit(); !s)
        return R::failure(s);
    return info(id);
}

Result<QVector<TestSetInfo>> TestSetStore::list() const
{
    QVector<TestSetInfo> out;
    const Status read = m_db.each(QStringLiteral("SELECT %1 FROM testset t ORDER BY t.id").arg(infoColumns), {},
                                  [&](const Statement &row) { out << infoFrom(row); });
    if (!read)
        return Result<QVector<TestSetInfo>>::failure(read);
    return out;
}

Result<TestSetInfo> TestSetStore::info(const QString &name) const
{
    using R = Result<TestSetInfo>;
    TestSetInfo out;
    auto found = m_db.first(QStringLiteral("SELECT %1 FROM testset t WHERE t.name = ?").arg(infoColumns), {name},
                            [&](const Statement &row) { out = infoFrom(row); });
    if (!found)
        return R::failure(found);
    if (!found.value())
        return R::failure(QStringLiteral("no test-set version named '%1'").arg(name));
    return out;
}

Result<TestSetInfo> TestSetStore::info(qint64 id) const
{
    using R = Result<TestSetInfo>;
    TestSetInfo out;
    auto found = m_db.first(QStringLiteral("SELECT %1 FROM testset t WHERE t.id = ?").arg(infoColumns), {id},
                            [&](const Statement &row) { out = infoFrom(row); });
    if (!found)
        return R::failure(found);
    if (!found.value())
        return R::failure(QStringLiteral("no test-set version %1").arg(id));
    return out;
}

Result<QVector<TestSetItem>> TestSetStore::items(qint64 testsetId) const
{
    QVector<TestSetItem> out;
    const Status read = m_db.each(QStringLiteral("SELECT identity, item_key, query, gold, form, coalesce(sql_template_id, 0), sql, vals, group_key, true_doc_ids "
                                                 "FROM testset_item WHERE testset_id = ? ORDER BY rowid"),
                                  {testsetId}, [&](const Statement &row) {
                                      TestSetItem item;
                                      item.identity = row.text(0);
                                      item.key = row.text(1);
                                      item.query = row.text(2);
                                      item.gold = row.text(3);
                                      item.form = row.text(4);
                                      item.sqlTemplateId = row.integer(5);
                                      item.sql = row.text(6);
                                      item.vals = row.text(7);
                                      item.groupKey = row.text(8);
                                      item.trueDocIds = row.text(9);
                                      out << item;
                                  });
    if (!read)
        return Result<QVector<TestSetItem>>::failure(read);
    return out;
}

Result<std::optional<qint64>> TestSetStore::withHash(const QString &hash, const QString &kind, const QString &source) const
{
    std::optional<qint64> out;
    auto found = m_db.first(QStringLiteral("SELECT id FROM testset WHERE hash = ? AND kind = ? AND source = ? ORDER BY id DESC"), {hash, kind, source},
                            [&](const Statement &row) { out = row.integer(0); });
    if (!found)
        return Result<std::optional<qint64>>::failure(found);
    return out;
}

Status TestSetStore::markBaseline(qint64 runId)
{
    auto version = versionOf(runId);
    if (!version)
        return Status::failure(version);
    return m_db.run(QStringLiteral("INSERT INTO baseline(testset_id, run_id, marked_at) VALUES (?, ?, ?) "
                                   "ON CONFLICT(testset_id) DO UPDATE SET run_id = excluded.run_id, marked_at = excluded.marked_at"),
                    {version.value(), runId, QDateTime::currentDateTimeUtc().toString(Qt::ISODate)});
}

Result<std::optional<qint64>> TestSetStore::baselineFor(qint64 runId) const
{
    using R = Result<std::optional<qint64>>;
    auto version = versionOf(runId);
    if (!version)
        return R::failure(version);
    std::optional<qint64> out;
    auto found = m_db.first(QStringLiteral("SELECT run_id FROM baseline WHERE testset_id = ?"), {version.value()},
                            [&](const Statement &row) { out = row.integer(0); });
    if (!found)
        return R::failure(found);
    return out;
}

Result<QString> TestSetStore::workingSetBaseline() const
{
    QString out;
    auto found = m_db.first(QStringLiteral("SELECT r.name FROM baseline b JOIN run r ON r.id = b.run_id WHERE b.testset_id = 0"), {},
                            [&](const Statement &row) { out = row.text(0); });
    if (!found)
        return Result<QString>::failure(found);
    return out;
}

Result<qint64> TestSetStore::versionOf(qint64 runId) const
{
    qint64 out = 0;
    auto found = m_db.first(QStringLiteral("SELECT coalesce(testset_id, 0) FROM run WHERE id = ?"), {runId},
                            [&](const Statement &row) { out = row.integer(0); });
    if (!found)
        return Result<qint64>::failure(found);
    if (!found.value())
        return Result<qint64>::failure(QStringLiteral("no run %1").arg(runId));
    return out;
}

} // namespace assay
