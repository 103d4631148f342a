#include "demo/demogrounding.h"

#include "demo/democorpus.h"
#include "project/database.h"
#include "project/transaction.h"

#include <QHash>

#include <nlohmann/json.hpp>

namespace assay {

namespace {

QString folded(const QString &s) { return s.toCaseFolded(); }

// `needle` occurs in `hay` with no letter or digit right before or after it.
bool containsWord(const QString &hay, const QString &needle)
{
    if (needle.isEmpty())
        return false;
    for (qsizetype at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
        const bool startOk = at == 0 || !hay.at(at - 1).isLetterOrNumber();
        const qsizetype end = at + needle.size();
        const bool endOk = end >= hay.size() || !hay.at(end).isLetterOrNumber();
        if (startOk && endOk)
            return true;
    }
    return false;
}

} // namespace

Result<qint64> DemoGrounding::assign(Database &db, const DemoCorpus &corpus)
{
    using R = Result<qint64>;
    struct Doc {
        QString id;
        QString text;
        QStringList sentences;
    };
    QVector<Doc> docs;
    QHash<QString, int> docIndex;
    for (const DemoDocument &d : corpus.documents()) {
        Doc doc{d.id, folded(d.text()), {}};
        for (const QString &s : d.sentences)
            doc.sentences << folded(s);
        docIndex.insert(d.id, int(docs.size()));
        docs << doc;
    }
    QHash<QString, QStringList> docsByValue; // fact value → documents stating a fact with it
    QHash<QString, QVector<const DemoFact *>> factsByValue;
    for (const DemoFact &f : corpus.facts()) {
        factsByValue[folded(f.value)] << &f;
        for (const QString &d : f.documents)
            if (!docsByValue[folded(f.value)].contains(d))
                docsByValue[folded(f.value)] << d;
    }

    auto groups = db.prepare(QStringLiteral("SELECT id, vals, answer FROM query_group WHERE doc_ids = '[]' AND answer <> ''"));
    if (!groups)
        return R::failure(groups.error());
    QVector<QPair<qint64, QString>> updates;
    const Status read = groups.value().forEach([&](const Statement &row) {
        const QString answer = folded(row.text(2));
        QStringList values;
        const auto vals = nlohmann::json::parse(row.text(1).toStdString(), nullptr, false);
        if (vals.is_array())
            for (const auto &v : vals)
                values << folded(QString::fromStdString(v.is_string() ? v.get<std::string>() : v.dump()));
        QStringList found;
        for (const Doc &d : docs)
            for (const QString &s : d.sentences)
                if (containsWord(s, answer) && std::any_of(values.begin(), values.end(), [&](const QString &v) { return containsWord(s, v); })) {
                    found << d.id;
                    break;
                }
        if (found.isEmpty())
            for (const QString &id : docsByValue.value(answer)) {
                const Doc &d = docs[docIndex.value(id)];
                if (std::any_of(values.begin(), values.end(), [&](const QString &v) { return containsWord(d.text, v); }))
                    found << id;
            }
        if (found.isEmpty()) {
            // One hop: a document names a value of the question and the subject of a fact
            // whose value is the answer; both that document and the fact's belong.
            for (const DemoFact *f : factsByValue.value(answer)) {
                if (f->documents.isEmpty())
                    continue;
                const QString subject = folded(f->subject);
                for (const Doc &d : docs)
                    for (const QString &s : d.sentences)
                        if (containsWord(s, subject) && std::any_of(values.begin(), values.end(), [&](const QString &v) { return containsWord(s, v); })) {
                            QStringList ids = f->documents;
                            ids << d.id;
                            for (const QString &id : std::as_const(ids))
                                if (!found.contains(id))
                                    found << id;
                            break;
                        }
            }
        }
        if (found.isEmpty())
            return;
        nlohmann::json ids = nlohmann::json::array();
        for (const QString &id : found)
            ids.push_back(id.toStdString());
        updates.append({row.integer(0), QString::fromStdString(ids.dump())});
    });
    if (!read)
        return R::failure(read);
    Transaction tx(db);
    auto update = db.prepare(QStringLiteral("UPDATE query_group SET doc_ids = ? WHERE id = ?"));
    if (!update)
        return R::failure(update);
    for (const auto &[id, json] : updates) {
        update.value().reset();
        update.value().bindAll({json, id});
        if (auto s = update.value().run(); !s)
            return R::failure(s.error());
    }
    if (auto s = tx.commit(); !s)
        return R::failure(s.error());
    return qint64(updates.size());
}

} // namespace assay
