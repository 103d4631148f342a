#include "project/contextmigration.h"

#include "project/contextblob.h"
#include "project/database.h"

#include <QHash>
#include <QPair>
#include <QVariant>

#include <nlohmann/json.hpp>

namespace assay {

namespace {

using Chunks = QHash<QString, QVector<QPair<qint64, QString>>>; // document id -> (chunk id, text) by ordinal
const QString separator = QStringLiteral("\n\n"); // how the executor joined the chunks of a context

QStringList idsOf(const QString &json)
{
    QStringList ids;
    const auto list = nlohmann::json::parse(json.toStdString(), nullptr, false);
    if (!list.is_array())
        return ids;
    for (const auto &id : list)
        ids << QString::fromStdString(id.is_string() ? id.get<std::string>() : id.dump());
    return ids;
}

// The chunks whose texts, joined in rank order, are exactly `text`; false when there are none.
bool matchChunks(const QString &text, const QStringList &ids, const Chunks &chunks, QVector<ContextRef> *refs)
{
    const QStringView all(text);
    qsizetype at = 0;
    for (qsizetype rank = 0; rank < ids.size(); ++rank) {
        if (rank > 0) {
            if (!all.mid(at).startsWith(separator))
                return false;
            at += separator.size();
        }
        const auto candidates = chunks.constFind(ids[rank]);
        if (candidates == chunks.constEnd())
            return false;
        const bool last = rank + 1 == ids.size();
        bool found = false;
        for (const auto &[chunkId, chunkText] : *candidates) {
            const qsizetype after = at + chunkText.size();
            if (!all.mid(at).startsWith(chunkText) || (last ? after != text.size() : !all.mid(after).startsWith(separator)))
                continue;
            refs->append(ContextRef{chunkId});
            at = after;
            found = true;
            break;
        }
        if (!found)
            return false;
    }
    return !ids.isEmpty() && at == text.size();
}

} // namespace

Result<ContextMigration::Report> ContextMigration::convert(Database &db)
{
    using R = Result<Report>;
    Chunks chunks;
    const Status read = db.each(QStringLiteral("SELECT d.doc_id, c.id, c.text FROM chunk c JOIN document d ON d.id = c.document_id ORDER BY d.id, c.ordinal"),
                                {}, [&](const Statement &r) { chunks[r.text(0)].append({r.integer(1), r.text(2)}); });
    if (!read)
        return R::failure(read);
    auto select = db.prepare(QStringLiteral("SELECT id, retrieved_ids, retrieved_text FROM run_item WHERE id > ? AND retrieved_text <> '' ORDER BY id LIMIT 2000"));
    auto asRefs = db.prepare(QStringLiteral("UPDATE run_item SET context = ?, retrieved_ids = '' WHERE id = ?"));
    auto asText = db.prepare(QStringLiteral("UPDATE run_item SET context_text_id = ? WHERE id = ?"));
    auto find = db.prepare(QStringLiteral("SELECT id FROM context_text WHERE hash = ? AND text = ?"));
    auto insert = db.prepare(QStringLiteral("INSERT INTO context_text(hash, text) VALUES (?, ?)"));
    if (!select || !asRefs || !asText || !find || !insert)
        return R::failure(!select ? select.error() : !asRefs ? asRefs.error() : !asText ? asText.error() : !find ? find.error() : insert.error());
    Report report;
    qint64 last = 0;
    while (true) {
        struct Item {
            qint64 id;
            QString ids, text;
        };
        QVector<Item> batch; // read first: the rows are rewritten after the read is done
        select.value().reset();
        select.value().bind(1, last);
        if (auto s = select.value().forEach([&](const Statement &r) { batch.append({r.integer(0), r.text(1), r.text(2)}); }); !s)
            return R::failure(s);
        if (batch.isEmpty())
            return report;
        for (const Item &it : std::as_const(batch)) {
            last = it.id;
            QVector<ContextRef> refs;
            if (matchChunks(it.text, idsOf(it.ids), chunks, &refs)) {
                asRefs.value().reset();
                asRefs.value().bindAll({ContextBlob::encode(refs), it.id});
                if (auto s = asRefs.value().run(); !s)
                    return R::failure(s);
                ++report.asReferences;
                continue;
            }
            const qint64 hash = ContextBlob::textHash(it.text);
            find.value().reset();
            find.value().bindAll({hash, it.text});
            qint64 textId = 0;
            if (auto s = find.value().forEach([&](const Statement &r) { textId = r.integer(0); }); !s)
                return R::failure(s);
            if (!textId) {
                insert.value().reset();
                insert.value().bindAll({hash, it.text});
                if (auto s = insert.value().run(); !s)
                    return R::failure(s);
                textId = db.lastInsertId();
                ++report.distinctTexts;
            }
            asText.value().reset();
            asText.value().bindAll({textId, it.id});
            if (auto s = asText.value().run(); !s)
                return R::failure(s);
            ++report.asText;
        }
    }
}

} // namespace assay
