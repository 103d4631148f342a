#include "demo/demogrounding.h"

#include "demo/democorpus.h"
#include "generation/generationstore.h"
#include "io/wordmatch.h"
#include "project/database.h"
#include "project/transaction.h"

#include <QHash>

#include <nlohmann/json.hpp>

namespace assay {

namespace {

QString foldedText(const QString &s) { return s.toCaseFolded(); }


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
        Doc doc{d.id, foldedText(d.text()), {}};
        for (const QString &s : d.sentences)
            doc.sentences << foldedText(s);
        docIndex.insert(d.id, int(docs.size()));
        docs << doc;
    }
    QHash<QString, QStringList> docsByValue; // fact value → documents stating a fact with it
    QHash<QString, QVector<const DemoFact *>> factsByValue;
    for (const DemoFact &f : corpus.facts()) {
        factsByValue[foldedText(f.value)] << &f;
        for (const QString &d : f.documents)
            if (!docsByValue[foldedText(f.value)].contains(d))
                docsByValue[foldedText(f.value)] << d;
    }

    GenerationStore store(db);
    auto groups = store.ungroundedGroups();
    if (!groups)
        return R::failure(groups);
    QVector<QPair<qint64, QString>> updates;
    for (const GenerationStore::GroupFact &group : groups.value()) {
        const QString answer = foldedText(group.answer);
        QStringList values;
        const auto vals = nlohmann::json::parse(group.valuesJson.toStdString(), nullptr, false);
        if (vals.is_array())
            for (const auto &v : vals)
                values << foldedText(QString::fromStdString(v.is_string() ? v.get<std::string>() : v.dump()));
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
                const QString subject = foldedText(f->subject);
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
            continue;
        nlohmann::json ids = nlohmann::json::array();
        for (const QString &id : found)
            ids.push_back(id.toStdString());
        updates.append({group.id, QString::fromStdString(ids.dump())});
    }
    if (auto s = store.setGroupDocuments(updates); !s)
        return R::failure(s);
    return qint64(updates.size());
}

} // namespace assay
