#include "exams/examstore.h"

#include "project/database.h"
#include "project/transaction.h"
#include "project/project.h"

#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>

#include <nlohmann/json.hpp>

namespace assay {

namespace {
QString jsonList(const QStringList &list)
{
    nlohmann::json out = nlohmann::json::array();
    for (const QString &s : list)
        out.push_back(s.toStdString());
    return QString::fromStdString(out.dump());
}
// A stored list: a JSON array of strings, read by Qt's parser straight into QStrings (an exam's
// items are read with three lists each on every reload of the Exams page; nlohmann_json built
// a std::string per element first, two thirds of the read). Anything else, as nlohmann_json
// reads it.
QStringList fromJsonList(const QString &text)
{
    QStringList out;
    const QJsonDocument document = QJsonDocument::fromJson(text.toUtf8());
    const QJsonArray array = document.array();
    out.reserve(array.size());
    for (const QJsonValue &v : array) {
        if (!v.isString())
            break;
        out << v.toString();
    }
    if (document.isArray() && out.size() == array.size())
        return out;
    out.clear();
    const auto list = nlohmann::json::parse(text.toStdString(), nullptr, false);
    if (list.is_array())
        for (const auto &v : list)
            out << QString::fromStdString(v.is_string() ? v.get<std::string>() : v.dump());
    return out;
}
} // namespace

ExamStore::ExamStore(Database &db) : m_db(db) {}

std::unique_ptr<ExamStore> ExamStore::createFor(Project &project)
{
    return std::make_unique<ExamStore>(project.database());
}

Result<qint64> ExamStore::create(const QString &name, const QString &source, quint64 seed, const QVector<ExamItem> &items, const nlohmann::json &stats)
{
    using R = Result<qint64>;
    if (idOf(name))
        return R::failure(QStringLiteral("an exam named '%1' exists already").arg(name));
    Transaction tx(m_db);
    if (!tx.began())
        return R::failure(tx.beginStatus());
    auto exam = m_db.prepare(QStringLiteral("INSERT INTO exam(name, source, seed, stats, created_at) VALUES (?, ?, ?, ?, ?)"));
    if (!exam)
        return R::failure(exam);
    exam.value().bindAll({name, source, qint64(seed), QString::fromStdString(stats.dump()), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)});
    if (auto s = exam.value().run(); !s)
        return R::failure(s.error());
    const qint64 examId = m_db.lastInsertId();
    auto item = m_db.prepare(QStringLiteral("INSERT INTO exam_item(exam_id, item_key, stem, options, answer, source_ref, source_docs, filter_reason, bloom, question_type) "
                                            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    if (!item)
        return R::failure(item);
    for (const ExamItem &it : items) {
        item.value().reset();
        item.value().bindAll({examId, it.key, it.stem, jsonList(it.options), it.answer, it.sourceRef, jsonList(it.sourceDocs), it.filterReason,
                              jsonList(it.bloom), it.questionType});
        if (auto s = item.value().run(); !s)
            return R::failure(s.error());
    }
    if (auto s = tx.commit(); !s)
        return R::failure(s.error());
    return examId;
}

Result<qint64> ExamStore::idOf(const QString &name) const
{
    auto s = m_db.prepare(QStringLiteral("SELECT id FROM exam WHERE name = ?"));
    if (!s)
        return Result<qint64>::failure(s);
    s.value().bind(1, name);
    if (auto row = s.value().nextRow(QStringLiteral("no exam named '%1'").arg(name)); !row)
        return Result<qint64>::failure(row);
    return s.value().integer(0);
}

Result<QVector<ExamItem>> ExamStore::select(const QString &condition, const QVariantList &values) const
{
    using R = Result<QVector<ExamItem>>;
    QVector<ExamItem> out;
    auto s = m_db.prepare(QStringLiteral("SELECT id, item_key, stem, options, answer, source_ref, source_docs, state, filter_reason, bloom, question_type, irt_a, irt_b, irt_c, weight "
                                         "FROM exam_item WHERE %1 ORDER BY id")
                              .arg(condition));
    if (!s)
        return R::failure(s);
    s.value().bindAll(values);
    const Status read = s.value().forEach([&](const Statement &r) {
        ExamItem it{r.integer(0), r.text(1), r.text(2), fromJsonList(r.text(3)), int(r.integer(4)), r.text(5), fromJsonList(r.text(6)),
                    parseCurationState(r.text(7)).value_or(CurationState::Rejected), r.text(8), fromJsonList(r.text(9)), r.text(10), {}, {}, {}};
        if (!r.isNull(11))
            it.a = r.real(11), it.b = r.real(12), it.c = r.real(13);
        it.weight = r.real(14);
        out << it;
    });
    if (!read)
        return R::failure(read);
    return out;
}

Result<QVector<ExamItem>> ExamStore::items(qint64 examId, bool keptOnly) const
{
    return select(keptOnly ? QStringLiteral("exam_id = ? AND filter_reason = '' AND state = 'accepted'") : QStringLiteral("exam_id = ?"), {examId});
}

Result<nlohmann::json> ExamStore::stats(qint64 examId) const
{
    auto s = m_db.prepare(QStringLiteral("SELECT stats FROM exam WHERE id = ?"));
    if (!s)
        return Result<nlohmann::json>::failure(s);
    s.value().bind(1, examId);
    if (auto row = s.value().nextRow(QStringLiteral("exam %1 does not exist").arg(examId)); !row)
        return Result<nlohmann::json>::failure(row);
    const auto j = nlohmann::json::parse(s.value().text(0).toStdString(), nullptr, false);
    return j.is_object() ? j : nlohmann::json::object();
}

Status ExamStore::saveRun(qint64 examId, const QString &taker, const nlohmann::json &factors, const QVector<ExamAnswer> &answers)
{
    Transaction tx(m_db);
    if (!tx.began())
        return tx.beginStatus();
    auto del = m_db.prepare(QStringLiteral("DELETE FROM exam_run WHERE exam_id = ? AND taker = ?"));
    if (!del)
        return Status::failure(del);
    del.value().bindAll({examId, taker});
    if (auto s = del.value().run(); !s)
        return s;
    auto run = m_db.prepare(QStringLiteral("INSERT INTO exam_run(exam_id, taker, factors, created_at) VALUES (?, ?, ?, ?)"));
    if (!run)
        return Status::failure(run);
    run.value().bindAll({examId, taker, QString::fromStdString(factors.dump()), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)});
    if (auto s = run.value().run(); !s)
        return s;
    const qint64 runId = m_db.lastInsertId();
    auto ins = m_db.prepare(QStringLiteral("INSERT INTO exam_answer(exam_run_id, exam_item_id, chosen, correct, scores, latency_ms, reason, position) "
                                           "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"));
    if (!ins)
        return Status::failure(ins);
    int position = 0;
    for (const ExamAnswer &a : answers) {
        nlohmann::json scores = nlohmann::json::array();
        for (double v : a.scores)
            scores.push_back(v);
        ins.value().reset();
        ins.value().bindAll({runId, a.itemId, a.chosen >= 0 ? QVariant(a.chosen) : QVariant(), int(a.correct && a.chosen >= 0), QString::fromStdString(scores.dump()), a.latencyMs,
                             a.reason, position++});
        if (auto s = ins.value().run(); !s)
            return s;
    }
    return tx.commit();
}

Result<QVector<ExamRunInfo>> ExamStore::runs(qint64 examId) const
{
    QVector<ExamRunInfo> out;
    auto s = m_db.prepare(QStringLiteral("SELECT id, taker, factors FROM exam_run WHERE exam_id = ? ORDER BY id"));
    if (!s)
        return Result<QVector<ExamRunInfo>>::failure(s);
    s.value().bind(1, examId);
    if (auto read = s.value().forEach([&](const Statement &r) { out << ExamRunInfo{r.integer(0), r.text(1), r.text(2)}; }); !read)
        return Result<QVector<ExamRunInfo>>::failure(read);
    return out;
}

Result<QHash<qint64, QHash<qint64, int>>> ExamStore::choices(qint64 examId) const
{
    using R = Result<QHash<qint64, QHash<qint64, int>>>;
    QHash<qint64, QHash<qint64, int>> out;
    // An unanswered item (no option chosen) is left out: a missing cell, not a wrong answer.
    auto s = m_db.prepare(QStringLiteral("SELECT a.exam_run_id, a.exam_item_id, a.chosen FROM exam_answer a JOIN exam_run r ON r.id = a.exam_run_id "
                                         "WHERE r.exam_id = ? AND a.chosen IS NOT NULL"));
    if (!s)
        return R::failure(s);
    s.value().bind(1, examId);
    if (auto read = s.value().forEach([&](const Statement &r) { out[r.integer(0)].insert(r.integer(1), int(r.integer(2))); }); !read)
        return R::failure(read);
    return out;
}

Result<QVector<QPair<qint64, int>>> ExamStore::answerOrder(qint64 examId, const QString &taker) const
{
    using R = Result<QVector<QPair<qint64, int>>>;
    QVector<QPair<qint64, int>> out;
    auto s = m_db.prepare(QStringLiteral("SELECT a.exam_item_id, coalesce(a.chosen, -1), a.position FROM exam_answer a JOIN exam_run r ON r.id = a.exam_run_id "
                                         "WHERE r.exam_id = ? AND r.taker = ? ORDER BY a.position"));
    if (!s)
        return R::failure(s);
    s.value().bindAll({examId, taker});
    bool unordered = false;
    if (auto read = s.value().forEach([&](const Statement &r) {
            unordered = unordered || r.isNull(2);
            out.append({r.integer(0), int(r.integer(1))});
        });
        !read)
        return R::failure(read);
    if (unordered) // stored before answers had positions
        out.clear();
    return out;
}

Result<ExamTakeCounts> ExamStore::takeCounts(qint64 examId) const
{
    using R = Result<ExamTakeCounts>;
    // The kept items are those items() returns by default.
    auto s = m_db.prepare(QStringLiteral(
        "SELECT (SELECT count(*) FROM exam_run WHERE exam_id = ?1), "
        "(SELECT count(*) FROM exam_item WHERE exam_id = ?1 AND filter_reason = '' AND state = 'accepted'), "
        "(SELECT count(*) FROM exam_answer a JOIN exam_run r ON r.id = a.exam_run_id JOIN exam_item i ON i.id = a.exam_item_id "
        "WHERE r.exam_id = ?1 AND a.chosen IS NOT NULL AND i.filter_reason = '' AND i.state = 'accepted')"));
    if (!s)
        return R::failure(s);
    s.value().bind(1, examId);
    if (auto row = s.value().nextRow(QStringLiteral("exam %1: the counts query returned no row").arg(examId)); !row)
        return R::failure(row);
    return ExamTakeCounts{s.value().integer(0), s.value().integer(1), s.value().integer(2)};
}

Status ExamStore::updateContent(qint64 itemId, const QString &stem, const QStringList &options, int answer)
{
    if (options.size() != 4 || answer < 0 || answer > 3)
        return Status::failure(QStringLiteral("an exam item has four options and a key among them"));
    if (stem.trimmed().isEmpty())
        return Status::failure(QStringLiteral("the stem cannot be empty"));
    auto s = m_db.prepare(QStringLiteral("UPDATE exam_item SET stem = ?, options = ?, answer = ? WHERE id = ?"));
    if (!s)
        return Status::failure(s);
    s.value().bindAll({stem, jsonList(options), answer, itemId});
    return s.value().run();
}

Result<ExamItem> ExamStore::item(qint64 itemId) const
{
    auto read = select(QStringLiteral("id = ?"), {itemId});
    if (!read)
        return Result<ExamItem>::failure(read);
    const QVector<ExamItem> found = read.take();
    if (found.isEmpty())
        return Result<ExamItem>::failure(QStringLiteral("exam item %1 does not exist").arg(itemId));
    return found.first();
}

Result<QStringList> ExamStore::exams() const
{
    QStringList out;
    auto s = m_db.prepare(QStringLiteral("SELECT name FROM exam ORDER BY id"));
    if (!s)
        return Result<QStringList>::failure(s);
    if (auto read = s.value().forEach([&](const Statement &r) { out << r.text(0); }); !read)
        return Result<QStringList>::failure(read);
    return out;
}

Result<qint64> ExamStore::createShortForm(qint64 parentId, const QString &name, const QString &method, quint64 seed, const QVector<QPair<qint64, double>> &items)
{
    using R = Result<qint64>;
    if (name.trimmed().isEmpty())
        return R::failure(QStringLiteral("a short form needs a name"));
    if (idOf(name))
        return R::failure(QStringLiteral("an exam named '%1' exists already").arg(name));
    Transaction tx(m_db);
    if (!tx.began())
        return R::failure(tx.beginStatus());
    auto exam = m_db.prepare(QStringLiteral("INSERT INTO exam(name, source, seed, stats, created_at, parent_id, short_method, short_seed) "
                                            "SELECT ?, source, seed, '{}', ?, id, ?, ? FROM exam WHERE id = ?"));
    if (!exam)
        return R::failure(exam);
    exam.value().bindAll({name, QDateTime::currentDateTimeUtc().toString(Qt::ISODate), method, qint64(seed), parentId});
    if (auto s = exam.value().run(); !s)
        return R::failure(s.error());
    if (m_db.changes() != 1)
        return R::failure(QStringLiteral("exam %1 does not exist").arg(parentId));
    const qint64 examId = m_db.lastInsertId();
    auto item = m_db.prepare(QStringLiteral("INSERT INTO exam_item(exam_id, item_key, stem, options, answer, source_ref, source_docs, state, filter_reason, bloom, "
                                            "question_type, irt_a, irt_b, irt_c, weight) "
                                            "SELECT ?, item_key, stem, options, answer, source_ref, source_docs, state, filter_reason, bloom, question_type, "
                                            "irt_a, irt_b, irt_c, ? FROM exam_item WHERE id = ? AND exam_id = ?"));
    if (!item)
        return R::failure(item);
    for (const auto &[itemId, weight] : items) {
        item.value().reset();
        item.value().bindAll({examId, weight, itemId, parentId});
        if (auto s = item.value().run(); !s)
            return R::failure(s.error());
        if (m_db.changes() != 1)
            return R::failure(QStringLiteral("item %1 is not an item of exam %2").arg(itemId).arg(parentId));
    }
    if (auto s = tx.commit(); !s)
        return R::failure(s.error());
    return examId;
}

Result<ExamShortFormInfo> ExamStore::shortForm(qint64 examId) const
{
    using R = Result<ExamShortFormInfo>;
    auto s = m_db.prepare(QStringLiteral("SELECT e.parent_id, p.name, e.short_method, e.short_seed FROM exam e LEFT JOIN exam p ON p.id = e.parent_id WHERE e.id = ?"));
    if (!s)
        return R::failure(s);
    s.value().bind(1, examId);
    if (auto row = s.value().nextRow(QStringLiteral("exam %1 does not exist").arg(examId)); !row)
        return R::failure(row);
    ExamShortFormInfo info;
    if (!s.value().isNull(0))
        info = {s.value().integer(0), s.value().text(1), s.value().text(2), quint64(s.value().integer(3))};
    return info;
}

Result<QVector<QPair<QString, ExamShortFormInfo>>> ExamStore::examsWithParents() const
{
    using R = Result<QVector<QPair<QString, ExamShortFormInfo>>>;
    QVector<QPair<QString, ExamShortFormInfo>> out;
    auto s = m_db.prepare(QStringLiteral("SELECT e.name, e.parent_id, p.name, e.short_method, e.short_seed FROM exam e LEFT JOIN exam p ON p.id = e.parent_id "
                                         "ORDER BY e.id"));
    if (!s)
        return R::failure(s);
    const Status read = s.value().forEach([&](const Statement &r) {
        ExamShortFormInfo info;
        if (!r.isNull(1))
            info = {r.integer(1), r.text(2), r.text(3), quint64(r.integer(4))};
        out.append({r.text(0), info});
    });
    if (!read)
        return R::failure(read);
    return out;
}

Status ExamStore::setValidation(qint64 examId, const nlohmann::json &report)
{
    auto s = m_db.prepare(QStringLiteral("UPDATE exam SET stats = json_set(stats, '$.validation', json(?)) WHERE id = ?"));
    if (!s)
        return Status::failure(s);
    s.value().bindAll({QString::fromStdString(report.dump()), examId});
    if (auto r = s.value().run(); !r)
        return r;
    if (m_db.changes() != 1)
        return Status::failure(QStringLiteral("exam %1 does not exist").arg(examId));
    return {};
}

Result<nlohmann::json> ExamStore::validation(qint64 examId) const
{
    auto st = stats(examId);
    if (!st)
        return st;
    return st.value().value("validation", nlohmann::json());
}

Result<ExamProgress> ExamStore::progress() const
{
    ExamProgress p;
    // A short form's items are its parent's copies: it is no further exam, nor a fit of its own.
    auto s = m_db.prepare(QStringLiteral("SELECT (SELECT count(*) FROM exam WHERE parent_id IS NULL), "
                                         "(SELECT count(DISTINCT r.exam_id) FROM exam_run r JOIN exam e ON e.id = r.exam_id WHERE e.parent_id IS NULL), "
                                         "(SELECT count(DISTINCT i.exam_id) FROM exam_item i JOIN exam e ON e.id = i.exam_id "
                                         "WHERE i.irt_a IS NOT NULL AND e.parent_id IS NULL), "
                                         "(SELECT count(*) FROM exam_run), (SELECT count(*) FROM exam WHERE parent_id IS NOT NULL)"));
    if (!s)
        return Result<ExamProgress>::failure(s);
    auto read = s.value().forEach([&](const Statement &r) {
        p.exams = r.integer(0);
        p.taken = r.integer(1);
        p.fitted = r.integer(2);
        p.takes = r.integer(3);
        p.shortForms = r.integer(4);
    });
    if (!read)
        return Result<ExamProgress>::failure(read);
    return p;
}

Status ExamStore::setState(qint64 itemId, CurationState state)
{
    if (state == CurationState::Review)
        return Status::failure(QStringLiteral("an exam item is accepted or rejected, not 'review'"));
    return m_db.run(QStringLiteral("UPDATE exam_item SET state = ? WHERE id = ?"), {curationStateName(state), itemId});
}

Status ExamStore::setIrt(qint64 examId, const QVector<ExamItem> &items, const nlohmann::json &settings, const QVector<IrtTwoDimItem> &twoDim)
{
    Transaction tx(m_db);
    if (!tx.began())
        return tx.beginStatus();
    auto clear = m_db.prepare(QStringLiteral("DELETE FROM exam_item_irt2 WHERE item_id IN (SELECT id FROM exam_item WHERE exam_id = ?)"));
    if (!clear)
        return Status::failure(clear.error());
    clear.value().bindAll({examId});
    if (auto r = clear.value().run(); !r)
        return r;
    auto two = m_db.prepare(QStringLiteral("INSERT INTO exam_item_irt2(item_id, a1, a2, d) SELECT id, ?, ?, ? FROM exam_item WHERE exam_id = ? AND item_key = ?"));
    if (!two)
        return Status::failure(two.error());
    for (const IrtTwoDimItem &it : twoDim) {
        two.value().reset();
        two.value().bindAll({it.a1, it.a2, it.d, examId, it.id});
        if (auto r = two.value().run(); !r)
            return r;
        if (m_db.changes() != 1)
            return Status::failure(QStringLiteral("exam %1 has no item %2 for its 2-D parameters").arg(examId).arg(it.id));
    }
    auto s = m_db.prepare(QStringLiteral("UPDATE exam_item SET irt_a = ?, irt_b = ?, irt_c = ? WHERE exam_id = ? AND item_key = ?"));
    if (!s)
        return Status::failure(s.error());
    for (const ExamItem &it : items) {
        s.value().reset();
        s.value().bindAll({it.a ? QVariant(*it.a) : QVariant(), it.b ? QVariant(*it.b) : QVariant(), it.c ? QVariant(*it.c) : QVariant(), examId, it.key});
        if (auto r = s.value().run(); !r)
            return r;
    }
    auto kept = settings.is_null() ? m_db.prepare(QStringLiteral("UPDATE exam SET stats = json_remove(stats, '$.irt_fit') WHERE id = ?"))
                                   : m_db.prepare(QStringLiteral("UPDATE exam SET stats = json_set(stats, '$.irt_fit', json(?)) WHERE id = ?"));
    if (!kept)
        return Status::failure(kept.error());
    if (settings.is_null())
        kept.value().bindAll({examId});
    else
        kept.value().bindAll({QString::fromStdString(settings.dump()), examId});
    if (auto r = kept.value().run(); !r)
        return r;
    if (m_db.changes() != 1)
        return Status::failure(QStringLiteral("exam %1 does not exist").arg(examId));
    return tx.commit();
}

Result<QVector<IrtTwoDimItem>> ExamStore::irtTwoDim(qint64 examId, bool acceptedOnly) const
{
    using R = Result<QVector<IrtTwoDimItem>>;
    auto s = m_db.prepare(QStringLiteral("SELECT i.item_key, t.a1, t.a2, t.d FROM exam_item_irt2 t JOIN exam_item i ON i.id = t.item_id "
                                         "WHERE i.exam_id = ? %1 ORDER BY i.id")
                              .arg(acceptedOnly ? QStringLiteral("AND i.filter_reason = '' AND i.state = 'accepted'") : QString()));
    if (!s)
        return R::failure(s);
    s.value().bindAll({examId});
    QVector<IrtTwoDimItem> out;
    const Status read = s.value().forEach([&](const Statement &r) { out << IrtTwoDimItem{r.text(0), r.real(1), r.real(2), r.real(3)}; });
    if (!read)
        return R::failure(read);
    return out;
}

Result<nlohmann::json> ExamStore::irtSettings(qint64 examId) const
{
    auto st = stats(examId);
    if (!st)
        return st;
    return st.value().value("irt_fit", nlohmann::json());
}

} // namespace assay
