#include "claims/ragcheckerfile.h"

#include "io/filereader.h"

#include <nlohmann/json.hpp>

namespace assay {

namespace {

using json = nlohmann::json;

struct Problem {
    QString message;
};

ClaimVerdict verdict(const json &v, int *unreadable)
{
    if (v.is_string()) {
        const std::string &s = v.get_ref<const std::string &>();
        if (s == "Entailment")
            return ClaimVerdict::Entailment;
        if (s == "Neutral")
            return ClaimVerdict::Neutral;
        if (s == "Contradiction")
            return ClaimVerdict::Contradiction;
    }
    ++*unreadable;
    return ClaimVerdict::Unknown;
}

// A list of `count` checks, or `count` rows of `columns` checks each, appended to `out`.
void readChecks(const json &item, const char *field, int count, int columns, QVector<ClaimVerdict> &out, int *unreadable)
{
    const auto it = item.find(field);
    if (it == item.end() || !it->is_array())
        throw Problem{QStringLiteral("%1: missing or not a list").arg(QLatin1String(field))};
    if (int(it->size()) != count)
        throw Problem{QStringLiteral("%1: %2 entries for %3 claims").arg(QLatin1String(field)).arg(it->size()).arg(count)};
    for (int i = 0; i < count; ++i) {
        const json &entry = (*it)[size_t(i)];
        if (columns < 0) {
            out << verdict(entry, unreadable);
            continue;
        }
        if (!entry.is_array() || int(entry.size()) != columns)
            throw Problem{QStringLiteral("%1[%2]: not a list of %3 checks, one per retrieved chunk").arg(QLatin1String(field)).arg(i).arg(columns)};
        for (const json &v : entry)
            out << verdict(v, unreadable);
    }
}

QString text(const json &o, const char *field, bool required)
{
    const auto it = o.find(field);
    if (it == o.end() || it->is_null()) {
        if (required)
            throw Problem{QStringLiteral("field '%1' is missing").arg(QLatin1String(field))};
        return {};
    }
    if (it->is_string())
        return QString::fromStdString(it->get<std::string>());
    if (it->is_number())
        return QString::fromStdString(it->dump());
    throw Problem{QStringLiteral("field '%1' is not text").arg(QLatin1String(field))};
}

QStringList claims(const json &o, const char *field)
{
    const auto it = o.find(field);
    if (it == o.end() || !it->is_array())
        throw Problem{QStringLiteral("%1: missing or not a list").arg(QLatin1String(field))};
    QStringList out;
    for (const json &c : *it) {
        if (!c.is_string() && !c.is_array())
            throw Problem{QStringLiteral("%1: a claim is neither a sentence nor a triplet").arg(QLatin1String(field))};
        out << QString::fromStdString(c.dump());
    }
    return out;
}

RagCheckerFile::Item readItem(const json &r, bool *checksSeen)
{
    if (!r.is_object())
        throw Problem{QStringLiteral("not an object")};
    RagCheckerFile::Item item;
    item.queryId = text(r, "query_id", true);
    item.query = text(r, "query", false);
    item.gtAnswer = text(r, "gt_answer", false);
    item.response = text(r, "response", false);
    if (const auto ctx = r.find("retrieved_context"); ctx != r.end() && !ctx->is_null()) {
        if (!ctx->is_array())
            throw Problem{QStringLiteral("retrieved_context: not a list")};
        for (const json &c : *ctx) {
            if (c.is_string()) { // a bare text, as some exports write it
                item.chunkIds << QString();
                item.chunkTexts << QString::fromStdString(c.get<std::string>());
                continue;
            }
            if (!c.is_object())
                throw Problem{QStringLiteral("retrieved_context: an entry is neither {doc_id, text} nor a text")};
            item.chunkIds << text(c, "doc_id", false);
            item.chunkTexts << text(c, "text", true);
        }
    }
    item.hasChecks = r.contains("response_claims") || r.contains("gt_answer_claims");
    if (checksSeen)
        *checksSeen = item.hasChecks;
    if (item.hasChecks) {
        item.responseClaims = claims(r, "response_claims");
        item.answerClaims = claims(r, "gt_answer_claims");
        ClaimChecks &c = item.checks;
        c.responseClaims = int(item.responseClaims.size());
        c.answerClaims = int(item.answerClaims.size());
        c.chunks = int(item.chunkTexts.size());
        readChecks(r, "answer2response", c.responseClaims, -1, c.responseByAnswer, &item.unreadableChecks);
        readChecks(r, "response2answer", c.answerClaims, -1, c.answerByResponse, &item.unreadableChecks);
        readChecks(r, "retrieved2response", c.responseClaims, c.chunks, c.responseByChunk, &item.unreadableChecks);
        readChecks(r, "retrieved2answer", c.answerClaims, c.chunks, c.answerByChunk, &item.unreadableChecks);
    }
    if (const auto m = r.find("metrics"); m != r.end() && m->is_object())
        for (auto it = m->begin(); it != m->end(); ++it)
            if (it->is_number())
                item.metrics.insert(QString::fromStdString(it.key()), it->get<double>());
    return item;
}

json checksJson(const QVector<ClaimVerdict> &checks, int rows, int columns)
{
    auto word = [](ClaimVerdict v) -> json {
        switch (v) {
        case ClaimVerdict::Entailment: return "Entailment";
        case ClaimVerdict::Neutral: return "Neutral";
        case ClaimVerdict::Contradiction: return "Contradiction";
        case ClaimVerdict::Unknown: break;
        }
        return nullptr; // unknown stays unknown on the way out too
    };
    json out = json::array();
    for (int r = 0; r < rows; ++r) {
        if (columns < 0) {
            out.push_back(word(checks.value(r, ClaimVerdict::Unknown)));
            continue;
        }
        json row = json::array();
        for (int k = 0; k < columns; ++k)
            row.push_back(word(checks.value(r * columns + k, ClaimVerdict::Unknown)));
        out.push_back(row);
    }
    return out;
}

} // namespace

Result<RagCheckerFile::Contents> RagCheckerFile::read(const QByteArray &bytes, const QString &origin)
{
    using R = Result<Contents>;
    json doc;
    try {
        doc = json::parse(bytes.constData(), bytes.constData() + bytes.size());
    } catch (const json::parse_error &e) {
        const qint64 line = bytes.left(qsizetype(e.byte)).count('\n') + 1;
        return R::failure(QStringLiteral("%1:%2: not valid JSON (%3)").arg(origin).arg(line).arg(QString::fromUtf8(e.what())));
    } catch (const json::exception &e) {
        return R::failure(QStringLiteral("%1: not valid JSON (%2)").arg(origin, QString::fromUtf8(e.what())));
    }
    if (!doc.is_object() || !doc.contains("results") || !doc["results"].is_array())
        return R::failure(QStringLiteral("%1: no \"results\" list: not a RAGChecker file").arg(origin));
    Contents out;
    int index = 0;
    for (const json &r : doc["results"]) {
        const QString where = QStringLiteral("%1: results[%2]").arg(origin).arg(index);
        try {
            bool checks = false;
            Item item = readItem(r, &checks);
            if (index > 0 && checks != out.hasChecks)
                throw Problem{checks ? QStringLiteral("has claims, but the items before it have none")
                                     : QStringLiteral("has no claims, but the items before it have them")};
            out.hasChecks = checks;
            out.items << item;
        } catch (const Problem &p) {
            QString id;
            if (r.is_object() && r.contains("query_id"))
                id = QStringLiteral(" (query %1)").arg(QString::fromStdString(r["query_id"].is_string() ? r["query_id"].get<std::string>() : r["query_id"].dump()));
            return R::failure(QStringLiteral("%1%2: %3").arg(where, id, p.message));
        }
        ++index;
    }
    if (const auto m = doc.find("metrics"); m != doc.end() && m->is_object())
        for (auto group = m->begin(); group != m->end(); ++group)
            if (group->is_object())
                for (auto it = group->begin(); it != group->end(); ++it)
                    if (it->is_number())
                        out.metrics.insert(QString::fromStdString(it.key()), it->get<double>());
    return out;
}

Result<RagCheckerFile::Contents> RagCheckerFile::readFile(const QString &path)
{
    auto bytes = FileReader::readAll(path);
    if (!bytes)
        return Result<Contents>::failure(bytes);
    return read(bytes.value(), path);
}

QByteArray RagCheckerFile::write(const QVector<Item> &items)
{
    json results = json::array();
    for (const Item &item : items) {
        json o = {{"query_id", item.queryId.toStdString()},
                  {"query", item.query.toStdString()},
                  {"gt_answer", item.gtAnswer.toStdString()},
                  {"response", item.response.toStdString()}};
        json context = json::array();
        for (int k = 0; k < item.chunkTexts.size(); ++k)
            context.push_back({{"doc_id", item.chunkIds.value(k).toStdString()}, {"text", item.chunkTexts[k].toStdString()}});
        o["retrieved_context"] = context;
        if (item.hasChecks) {
            json rc = json::array(), gc = json::array();
            for (const QString &c : item.responseClaims)
                rc.push_back(json::parse(c.toStdString(), nullptr, false));
            for (const QString &c : item.answerClaims)
                gc.push_back(json::parse(c.toStdString(), nullptr, false));
            const ClaimChecks &c = item.checks;
            o["response_claims"] = rc;
            o["gt_answer_claims"] = gc;
            o["answer2response"] = checksJson(c.responseByAnswer, c.responseClaims, -1);
            o["response2answer"] = checksJson(c.answerByResponse, c.answerClaims, -1);
            o["retrieved2response"] = checksJson(c.responseByChunk, c.responseClaims, c.chunks);
            o["retrieved2answer"] = checksJson(c.answerByChunk, c.answerClaims, c.chunks);
        }
        results.push_back(o);
    }
    return QByteArray::fromStdString(json{{"results", results}}.dump(2)) + '\n';
}

} // namespace assay
