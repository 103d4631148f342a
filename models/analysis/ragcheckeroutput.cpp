#include "analysis/ragcheckeroutput.h"

#include "io/filereader.h"

#include <nlohmann/json.hpp>

namespace assay {

namespace {

using json = nlohmann::json;

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
Status readChecks(const json &item, const char *field, int count, int columns, QVector<ClaimVerdict> &out, int *unreadable)
{
    const auto it = item.find(field);
    if (it == item.end() || !it->is_array())
        return Status::failure(QStringLiteral("%1: missing or not a list").arg(QLatin1String(field)));
    if (int(it->size()) != count)
        return Status::failure(QStringLiteral("%1: %2 entries for %3 claims").arg(QLatin1String(field)).arg(it->size()).arg(count));
    for (int i = 0; i < count; ++i) {
        const json &entry = (*it)[size_t(i)];
        if (columns < 0) {
            out << verdict(entry, unreadable);
            continue;
        }
        if (!entry.is_array() || int(entry.size()) != columns)
            return Status::failure(QStringLiteral("%1[%2]: not a list of %3 checks, one per retrieved chunk").arg(QLatin1String(field)).arg(i).arg(columns));
        for (const json &v : entry)
            out << verdict(v, unreadable);
    }
    return {};
}

int countOf(const json &item, const char *field, Status *problem)
{
    const auto it = item.find(field);
    if (it == item.end() || !it->is_array()) {
        *problem = Status::failure(QStringLiteral("%1: missing or not a list").arg(QLatin1String(field)));
        return 0;
    }
    return int(it->size());
}

} // namespace

Result<QVector<RagCheckerOutput::Item>> RagCheckerOutput::read(const QByteArray &bytes, const QString &origin)
{
    using R = Result<QVector<Item>>;
    json doc;
    try {
        doc = json::parse(bytes.constData(), bytes.constData() + bytes.size());
    } catch (const json::parse_error &e) {
        return R::failure(QStringLiteral("%1: not JSON (byte %2): %3").arg(origin).arg(e.byte).arg(QString::fromUtf8(e.what())));
    }
    if (!doc.is_object() || !doc.contains("results") || !doc["results"].is_array())
        return R::failure(QStringLiteral("%1: no \"results\" list: not RAGChecker's checking output").arg(origin));
    QVector<Item> out;
    int index = 0;
    for (const json &r : doc["results"]) {
        const QString where = QStringLiteral("%1: results[%2]").arg(origin).arg(index++);
        if (!r.is_object())
            return R::failure(where + QStringLiteral(": not an object"));
        Item item;
        if (const auto id = r.find("query_id"); id != r.end())
            item.queryId = id->is_string() ? QString::fromStdString(id->get<std::string>()) : QString::fromStdString(id->dump());
        Status problem;
        ClaimChecks &c = item.checks;
        c.responseClaims = countOf(r, "response_claims", &problem);
        c.answerClaims = countOf(r, "gt_answer_claims", &problem);
        c.chunks = countOf(r, "retrieved_context", &problem);
        if (!problem)
            return R::failure(QStringLiteral("%1 (query %2): %3").arg(where, item.queryId, problem.error()));
        for (const Status &s : {readChecks(r, "answer2response", c.responseClaims, -1, c.responseByAnswer, &item.unreadableChecks),
                                readChecks(r, "response2answer", c.answerClaims, -1, c.answerByResponse, &item.unreadableChecks),
                                readChecks(r, "retrieved2response", c.responseClaims, c.chunks, c.responseByChunk, &item.unreadableChecks),
                                readChecks(r, "retrieved2answer", c.answerClaims, c.chunks, c.answerByChunk, &item.unreadableChecks)})
            if (!s)
                return R::failure(QStringLiteral("%1 (query %2): %3").arg(where, item.queryId, s.error()));
        if (const auto m = r.find("metrics"); m != r.end() && m->is_object())
            for (auto it = m->begin(); it != m->end(); ++it)
                if (it->is_number())
                    item.metrics.insert(QString::fromStdString(it.key()), it->get<double>());
        out << item;
    }
    return out;
}

Result<QVector<RagCheckerOutput::Item>> RagCheckerOutput::readFile(const QString &path)
{
    auto bytes = FileReader::readAll(path);
    if (!bytes)
        return Result<QVector<Item>>::failure(bytes);
    return read(bytes.value(), path);
}

} // namespace assay
