#include "runs/labelstore.h"

#include "project/database.h"
#include "project/project.h"
#include "project/transaction.h"
#include "runs/runresultstore.h"
#include "runs/runstore.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>

namespace assay {

namespace {

const QString kHuman = LabelStore::majorityJudge();

QString detailOf(const HumanLabel &label)
{
    QJsonObject o{{QStringLiteral("at"), label.at}};
    if (!label.rule.isEmpty())
        o.insert(QStringLiteral("rule"), label.rule);
    if (label.simulated)
        o.insert(QStringLiteral("simulated"), true);
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

void readDetail(const QString &detail, HumanLabel *label)
{
    const QJsonObject o = QJsonDocument::fromJson(detail.toUtf8()).object();
    label->at = o.value(QStringLiteral("at")).toString();
    label->rule = o.value(QStringLiteral("rule")).toString();
    label->simulated = o.value(QStringLiteral("simulated")).toBool();
}

} // namespace

LabelStore::LabelStore(Database &db, QObject *parent) : QObject(parent), m_db(db) {}

std::unique_ptr<LabelStore> LabelStore::createFor(Project &project) { return std::make_unique<LabelStore>(project.database()); }

bool LabelStore::isHuman(const QString &judge) { return judge == kHuman || judge.startsWith(QStringLiteral("human:")); }

QString LabelStore::checkLabeller(const QString &name, bool simulated)
{
    if (name.compare(kHuman, Qt::CaseInsensitive) == 0)
        return QStringLiteral("'human' names the majority of all labellers; choose your own name");
    if (name.compare(QStringLiteral("simulated"), Qt::CaseInsensitive) == 0 && !simulated)
        return QStringLiteral("'simulated' is the demo's simulated labeller; choose your own name");
    if (name.trimmed().isEmpty())
        return QStringLiteral("the labeller's name is empty (Settings → Labels)");
    if (name != name.trimmed())
        return QStringLiteral("the labeller's name '%1' starts or ends with a space").arg(name);
    if (name.size() > 64)
        return QStringLiteral("the labeller's name is longer than 64 characters");
    for (const QChar c : name)
        if (c == QLatin1Char(',') || c == QLatin1Char(':') || c == QLatin1Char('"') || c.category() == QChar::Other_Control)
            return QStringLiteral("the labeller's name '%1' contains '%2'; use letters, digits, spaces, '.', '-' or '_'").arg(name, c);
    return {};
}

Status LabelStore::write(const HumanLabel &label, bool clear)
{
    if (const QString bad = checkLabeller(label.labeller, label.simulated || clear); !bad.isEmpty())
        return Status::failure(bad);
    if (!clear && label.verdict != 0 && label.verdict != 1)
        return Status::failure(QStringLiteral("a label's verdict is 1 (correct) or 0 (incorrect), not %1").arg(label.verdict));
    auto exists = m_db.first(QStringLiteral("SELECT status FROM run_item WHERE id = ?"), {label.itemId}, [](const Statement &) {});
    if (!exists)
        return Status::failure(exists);
    if (!exists.value())
        return Status::failure(QStringLiteral("run item %1 does not exist (the run was deleted?)").arg(label.itemId));
    if (auto s = m_db.run(QStringLiteral("DELETE FROM judgement WHERE run_item_id = ? AND judge = ? AND aspect = 'answer'"),
                          {label.itemId, judgeName(label.labeller)});
        !s)
        return s;
    if (!clear) {
        HumanLabel stamped = label;
        if (stamped.at.isEmpty())
            stamped.at = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
        if (auto s = m_db.run(QStringLiteral("INSERT INTO judgement(run_item_id, judge, aspect, verdict, score, detail) VALUES (?, ?, 'answer', ?, NULL, ?)"),
                              {label.itemId, judgeName(label.labeller), label.verdict, detailOf(stamped)});
            !s)
            return s;
    }
    return updateMajority(label.itemId);
}

// The item's "human" verdict: the majority of its labellers, none on a tie, no row unlabelled.
Status LabelStore::updateMajority(qint64 itemId)
{
    qint64 ones = 0, zeros = 0;
    auto read = m_db.each(QStringLiteral("SELECT verdict FROM judgement WHERE run_item_id = ? AND aspect = 'answer' AND substr(judge, 1, 6) = 'human:' "
                                         "AND verdict IS NOT NULL"),
                          {itemId}, [&](const Statement &r) { (r.integer(0) == 1 ? ones : zeros)++; });
    if (!read)
        return read;
    if (auto s = m_db.run(QStringLiteral("DELETE FROM judgement WHERE run_item_id = ? AND judge = 'human' AND aspect = 'answer'"), {itemId}); !s)
        return s;
    if (ones + zeros == 0)
        return Status();
    const QVariant verdict = ones > zeros ? QVariant(1) : zeros > ones ? QVariant(0) : QVariant();
    const QString detail = QStringLiteral("{\"labellers\":%1,\"correct\":%2}").arg(ones + zeros).arg(ones);
    return m_db.run(QStringLiteral("INSERT INTO judgement(run_item_id, judge, aspect, verdict, score, detail) VALUES (?, 'human', 'answer', ?, NULL, ?)"),
                    {itemId, verdict, detail});
}

Result<std::optional<HumanLabel>> LabelStore::previous(qint64 itemId, const QString &labeller) const
{
    using R = Result<std::optional<HumanLabel>>;
    std::optional<HumanLabel> before;
    auto read = m_db.first(QStringLiteral("SELECT j.verdict, j.detail, i.item_key FROM judgement j JOIN run_item i ON i.id = j.run_item_id "
                                          "WHERE j.run_item_id = ? AND j.judge = ? AND j.aspect = 'answer' AND j.verdict IS NOT NULL"),
                           {itemId, judgeName(labeller)}, [&](const Statement &r) {
                               HumanLabel old;
                               old.itemId = itemId;
                               old.labeller = labeller;
                               old.verdict = int(r.integer(0));
                               readDetail(r.text(1), &old);
                               old.itemKey = r.text(2);
                               before = old;
                           });
    if (!read)
        return R::failure(read);
    return before;
}

Result<std::optional<HumanLabel>> LabelStore::set(const HumanLabel &label, bool clear)
{
    using R = Result<std::optional<HumanLabel>>;
    Transaction tx(m_db);
    if (!tx.began())
        return R::failure(tx.beginStatus());
    auto before = previous(label.itemId, label.labeller);
    if (!before)
        return before;
    if (auto s = write(label, clear); !s)
        return R::failure(s);
    if (auto s = tx.commit(); !s)
        return R::failure(s);
    emit changed();
    return before;
}

Status LabelStore::restore(qint64 itemId, const QString &labeller, const std::optional<HumanLabel> &before)
{
    Transaction tx(m_db);
    if (!tx.began())
        return tx.beginStatus();
    HumanLabel label = before.value_or(HumanLabel{});
    label.itemId = itemId;
    label.labeller = labeller;
    if (auto s = write(label, !before); !s)
        return s;
    if (auto s = tx.commit(); !s)
        return s;
    emit changed();
    return Status();
}

Result<QVector<std::optional<HumanLabel>>> LabelStore::setMany(const QVector<HumanLabel> &labels)
{
    using R = Result<QVector<std::optional<HumanLabel>>>;
    Transaction tx(m_db);
    if (!tx.began())
        return R::failure(tx.beginStatus());
    QVector<std::optional<HumanLabel>> before;
    before.reserve(labels.size());
    for (const HumanLabel &l : labels) {
        auto old = previous(l.itemId, l.labeller);
        if (!old)
            return R::failure(old);
        before << old.value();
        if (auto s = write(l, false); !s)
            return R::failure(s);
    }
    if (auto s = tx.commit(); !s)
        return R::failure(s);
    emit changed();
    return before;
}

Status LabelStore::restoreMany(const QVector<HumanLabel> &labels, const QVector<std::optional<HumanLabel>> &before)
{
    Transaction tx(m_db);
    if (!tx.began())
        return tx.beginStatus();
    for (qsizetype i = labels.size() - 1; i >= 0; --i) { // last first: a file may repeat an item
        HumanLabel l = before.value(i).value_or(labels[i]);
        l.itemId = labels[i].itemId;
        l.labeller = labels[i].labeller;
        if (auto s = write(l, !before.value(i)); !s)
            return s;
    }
    if (auto s = tx.commit(); !s)
        return s;
    emit changed();
    return Status();
}

Result<QVector<HumanLabel>> LabelStore::labels(qint64 runId) const
{
    using R = Result<QVector<HumanLabel>>;
    QVector<HumanLabel> out;
    // 'human:' <= judge < 'human;' is substr(judge, 1, 6) = 'human:' as a range of the key
    // (run_item_id, judge, aspect): each item's labels are sought, not its every judgement read.
    auto read = m_db.each(QStringLiteral("SELECT j.run_item_id, i.item_key, substr(j.judge, 7), j.verdict, j.detail FROM judgement j "
                                         "JOIN run_item i ON i.id = j.run_item_id WHERE i.run_id = ? AND j.aspect = 'answer' "
                                         "AND j.judge >= 'human:' AND j.judge < 'human;' AND j.verdict IS NOT NULL ORDER BY j.run_item_id, j.judge"),
                          {runId}, [&](const Statement &r) {
                              HumanLabel l;
                              l.itemId = r.integer(0);
                              l.itemKey = r.text(1);
                              l.labeller = r.text(2);
                              l.verdict = int(r.integer(3));
                              readDetail(r.text(4), &l);
                              out.append(l);
                          });
    if (!read)
        return R::failure(read);
    return out;
}

Result<QStringList> LabelStore::labellers(qint64 runId) const
{
    auto judges = RunResultStore(m_db).judgesOf(runId);
    if (!judges)
        return Result<QStringList>::failure(judges);
    return labellersAmong(judges.value().answer);
}

QStringList LabelStore::labellersAmong(const QStringList &answerJudges)
{
    QStringList out;
    for (const QString &judge : answerJudges)
        if (judge.startsWith(QStringLiteral("human:")))
            out << judge.mid(6);
    out.sort();
    return out;
}

Result<qint64> LabelStore::runId(const QString &run) const { return RunStore(m_db).idOf(run); }

Result<StoredRunItem> LabelStore::item(qint64 itemId, const QString &judge) const
{
    auto it = RunResultStore(m_db).item(itemId);
    if (!it || judge.isEmpty())
        return it;
    auto read = m_db.first(QStringLiteral("SELECT verdict FROM judgement WHERE run_item_id = ? AND judge = ? AND aspect = 'answer'"), {itemId, judge},
                           [&](const Statement &r) {
                               if (!r.isNull(0))
                                   it.value().verdict = int(r.integer(0));
                           });
    if (!read)
        return Result<StoredRunItem>::failure(read);
    return it;
}

Result<QHash<QString, qint64>> LabelStore::itemIds(qint64 runId) const
{
    using R = Result<QHash<QString, qint64>>;
    QHash<QString, qint64> out;
    auto read = m_db.each(QStringLiteral("SELECT item_key, id FROM run_item WHERE run_id = ?"), {runId},
                          [&](const Statement &r) { out.insert(r.text(0), r.integer(1)); });
    if (!read)
        return R::failure(read);
    return out;
}

} // namespace assay
