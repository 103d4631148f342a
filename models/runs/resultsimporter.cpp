#include "runs/resultsimporter.h"

#include "io/filereader.h"
#include "io/jsontext.h"
#include "project/database.h"
#include "project/transaction.h"

#include <QDateTime>
#include <QVariant>

#include <nlohmann/json.hpp>

#include <optional>

namespace assay {

namespace {

using json = nlohmann::json;

struct Record {
    QString key;
    QString query;
    QString gold;
    QString form;
    QString group;
    json trueDocIds = json::array();
    QString answer;
    json retrievedIds = json::array();
    QString retrievedText;
    QString trace;
    bool halted = false;
    QString error;
    qint64 latencyMs = 0;
    std::optional<int> verdict;          // answer verdict
    std::optional<double> score;         // graded answer score (reward)
    QString verdictDetail;
    bool hasVerdict = false;
    std::optional<int> retrievalVerdict;
    bool hasRetrievalVerdict = false;
};

// A field's problem, said once with where it is.
struct Problem {
    QString message;
};

QString field(const json &o, const char *name, bool required)
{
    if (!o.contains(name)) {
        if (required)
            throw Problem{QStringLiteral("field '%1' is missing").arg(QLatin1String(name))};
        return {};
    }
    return jsonText(o[name]);
}

json idList(const json &o, const char *name)
{
    if (!o.contains(name) || o[name].is_null())
        return json::array();
    const json &v = o[name];
    json out = json::array();
    if (v.is_array()) {
        for (const auto &id : v)
            out.push_back(jsonText(id).toStdString());
    } else if (v.is_string() || v.is_number()) {
        out.push_back(jsonText(v).toStdString());
    } else {
        throw Problem{QStringLiteral("field '%1' must be a list of document ids").arg(QLatin1String(name))};
    }
    return out;
}

std::optional<int> zeroOne(const json &o, const char *name)
{
    if (!o.contains(name) || o[name].is_null())
        return std::nullopt;
    const json &v = o[name];
    if (v.is_boolean())
        return v.get<bool>() ? 1 : 0;
    if (v.is_number() && (v.get<double>() == 0 || v.get<double>() == 1))
        return int(v.get<double>());
    throw Problem{QStringLiteral("field '%1' must be 0 or 1 (or true/false), not %2").arg(QLatin1String(name), QString::fromStdString(v.dump()))};
}

bool flag(const json &o, const char *name)
{
    if (!o.contains(name) || o[name].is_null())
        return false;
    const json &v = o[name];
    if (v.is_boolean())
        return v.get<bool>();
    if (v.is_number())
        return v.get<double>() != 0;
    throw Problem{QStringLiteral("field '%1' must be true or false").arg(QLatin1String(name))};
}

Record grammarRecord(const json &o, qint64 index)
{
    Record r;
    r.key = QStringLiteral("r%1").arg(index);
    r.query = field(o, "query", true);
    r.gold = field(o, "answer", true);
    r.trueDocIds = idList(o, "true_document_ids");
    r.retrievedIds = idList(o, "retrieved_document_ids");
    // GRAMMAR writes the response as a string or as a list of sampled strings (the first
    // is the response judged).
    if (!o.contains("gpt_response"))
        throw Problem{QStringLiteral("field 'gpt_response' is missing")};
    const json &response = o["gpt_response"];
    r.answer = response.is_array() ? (response.empty() ? QString() : jsonText(response[0])) : jsonText(response);
    r.retrievedText = field(o, "retrieved_documents", false);
    r.group = field(o, "query_tag", true);
    r.retrievalVerdict = zeroOne(o, "retrieval_judgement");
    r.hasRetrievalVerdict = r.retrievalVerdict.has_value();
    if (o.contains("judgement")) {
        const QString j = field(o, "judgement", true).trimmed();
        r.hasVerdict = true;
        r.verdictDetail = j;
        if (j.compare(QLatin1String("Correct"), Qt::CaseInsensitive) == 0)
            r.verdict = 1;
        else if (j.compare(QLatin1String("Incorrect"), Qt::CaseInsensitive) == 0)
            r.verdict = 0;
        // Anything else is kept as an unreadable verdict, never as Incorrect.
    }
    return r;
}

Record revalRecord(const json &o, qint64 line)
{
    Record r;
    r.key = QStringLiteral("l%1").arg(line);
    r.query = field(o, "question", true);
    r.gold = field(o, "answer", true);
    r.answer = field(o, "prediction", true);
    r.trace = field(o, "scratchpad", false);
    r.halted = flag(o, "halted");
    const json &e = o.contains("error") ? o["error"] : json();
    r.error = e.is_boolean() ? (e.get<bool>() ? QStringLiteral("error") : QString()) : jsonText(e);
    if (o.contains("reward") && !o["reward"].is_null()) {
        if (!o["reward"].is_number())
            throw Problem{QStringLiteral("field 'reward' must be a number")};
        r.score = o["reward"].get<double>();
        r.verdict = *r.score >= 1.0 ? 1 : 0;
        r.hasVerdict = true;
        r.verdictDetail = QStringLiteral("reward %1").arg(*r.score);
    }
    r.group = QStringLiteral("l%1").arg(line);
    return r;
}

Record genericRecord(const json &o, qint64 line)
{
    Record r;
    r.key = o.contains("id") ? field(o, "id", true) : QStringLiteral("l%1").arg(line);
    r.query = field(o, "query", true);
    r.answer = field(o, "answer", true);
    r.gold = field(o, "gold", false);
    r.form = field(o, "form", false);
    r.group = o.contains("group") ? field(o, "group", true) : r.key;
    r.trueDocIds = idList(o, "true_doc_ids");
    r.retrievedIds = idList(o, "retrieved_ids");
    r.retrievedText = field(o, "context", false);
    r.trace = field(o, "trace", false);
    r.halted = flag(o, "halted");
    r.error = field(o, "error", false);
    if (o.contains("latency_ms") && !o["latency_ms"].is_null()) {
        if (!o["latency_ms"].is_number())
            throw Problem{QStringLiteral("field 'latency_ms' must be a number")};
        r.latencyMs = qint64(o["latency_ms"].get<double>());
    }
    r.verdict = zeroOne(o, "verdict");
    r.hasVerdict = r.verdict.has_value();
    r.retrievalVerdict = zeroOne(o, "retrieval_verdict");
    r.hasRetrievalVerdict = r.retrievalVerdict.has_value();
    if (o.contains("score") && o["score"].is_number())
        r.score = o["score"].get<double>();
    return r;
}

Result<QVector<Record>> readRecords(ResultsImporter::Format format, const QString &path)
{
    using R = Result<QVector<Record>>;
    auto bytes = FileReader::readAll(path);
    if (!bytes)
        return R::failure(bytes.error());
    QVector<Record> records;
    if (format == ResultsImporter::Format::Grammar) {
        json all;
        try {
            all = json::parse(bytes.value().toStdString());
        } catch (const json::parse_error &e) {
            const qint64 line = bytes.value().left(qsizetype(e.byte)).count('\n') + 1;
            return R::failure(QStringLiteral("%1:%2: not valid JSON (%3)").arg(path).arg(line).arg(QString::fromUtf8(e.what())));
        }
        if (!all.is_array())
            return R::failure(QStringLiteral("%1: GRAMMAR results must be a JSON list of records").arg(path));
        for (size_t i = 0; i < all.size(); ++i) {
            try {
                if (!all[i].is_object())
                    throw Problem{QStringLiteral("not a JSON object")};
                records << grammarRecord(all[i], qint64(i) + 1);
            } catch (const Problem &p) {
                return R::failure(QStringLiteral("%1: record %2: %3").arg(path).arg(i + 1).arg(p.message));
            }
        }
        return records;
    }
    const QList<QByteArray> lines = bytes.value().split('\n');
    for (int i = 0; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        if (line.isEmpty())
            continue;
        try {
            const json o = json::parse(line.toStdString(), nullptr, false);
            if (o.is_discarded() || !o.is_object())
                throw Problem{QStringLiteral("not a JSON object")};
            records << (format == ResultsImporter::Format::Reval ? revalRecord(o, i + 1) : genericRecord(o, i + 1));
        } catch (const Problem &p) {
            return R::failure(QStringLiteral("%1:%2: %3").arg(path).arg(i + 1).arg(p.message));
        }
    }
    return records;
}

} // namespace

Result<ResultsImporter::Format> ResultsImporter::formatFromName(const QString &name)
{
    if (name == QLatin1String("grammar"))
        return Format::Grammar;
    if (name == QLatin1String("reval"))
        return Format::Reval;
    if (name == QLatin1String("jsonl"))
        return Format::Jsonl;
    return Result<Format>::failure(QStringLiteral("unknown results format '%1' (grammar, reval, jsonl)").arg(name));
}

Result<ResultsImporter::Report> ResultsImporter::import(Database &db, Format format, const QString &path, const QString &runName, const QString &querySet)
{
    using R = Result<Report>;
    auto records = readRecords(format, path);
    if (!records)
        return R::failure(records.error());
    if (records.value().isEmpty())
        return R::failure(QStringLiteral("%1: no records").arg(path));
    auto exists = db.prepare(QStringLiteral("SELECT 1 FROM run WHERE name = ?"));
    exists.value().bind(1, runName);
    if (exists.value().step() == Statement::Step::Row)
        return R::failure(QStringLiteral("a run named '%1' exists already; choose another name").arg(runName));

    Transaction tx(db);
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    auto run = db.prepare(QStringLiteral("INSERT INTO run(name, query_set, source, status, created_at, finished_at) VALUES (?, ?, ?, 'done', ?, ?)"));
    run.value().bindAll({runName, querySet, QStringLiteral("imported:%1").arg(path.section(QLatin1Char('/'), -1)), now, now});
    if (auto s = run.value().run(); !s)
        return R::failure(s.error());
    Report report;
    report.runId = db.lastInsertId();
    auto item = db.prepare(QStringLiteral("INSERT INTO run_item(run_id, item_key, query, gold, form, group_key, true_doc_ids, status, answer, "
                                          "retrieved_ids, retrieved_text, trace, halted, error, latency_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    auto verdict = db.prepare(QStringLiteral("INSERT INTO judgement(run_item_id, judge, aspect, verdict, score, detail) VALUES (?, 'imported', ?, ?, ?, ?)"));
    if (!item || !verdict)
        return R::failure(!item ? item.error() : verdict.error());
    const auto orNull = [](const auto &optional) { return optional ? QVariant(*optional) : QVariant(); };
    for (qsizetype i = 0; i < records.value().size(); ++i) {
        const Record &r = records.value()[i];
        item.value().reset();
        item.value().bindAll({report.runId, r.key, r.query, r.gold, r.form.isEmpty() ? querySet : r.form, r.group,
                              QString::fromStdString(r.trueDocIds.dump()), r.error.isEmpty() ? QStringLiteral("done") : QStringLiteral("error"),
                              r.answer, QString::fromStdString(r.retrievedIds.dump()), r.retrievedText, r.trace, int(r.halted), r.error, r.latencyMs});
        if (auto s = item.value().run(); !s)
            return R::failure(s.error().contains(QLatin1String("UNIQUE")) ? QStringLiteral("%1: record %2: the id '%3' appears twice").arg(path).arg(i + 1).arg(r.key)
                                                                          : s.error());
        const qint64 itemId = db.lastInsertId();
        ++report.items;
        if (r.hasVerdict) {
            verdict.value().reset();
            verdict.value().bindAll({itemId, QStringLiteral("answer"), orNull(r.verdict), orNull(r.score), r.verdictDetail});
            if (auto s = verdict.value().run(); !s)
                return R::failure(s.error());
            ++report.answerVerdicts;
        }
        if (r.hasRetrievalVerdict) {
            verdict.value().reset();
            verdict.value().bindAll({itemId, QStringLiteral("retrieval"), orNull(r.retrievalVerdict), QVariant(), QString()});
            if (auto s = verdict.value().run(); !s)
                return R::failure(s.error());
            ++report.retrievalVerdicts;
        }
    }
    if (auto s = tx.commit(); !s)
        return R::failure(s.error());
    return report;
}

} // namespace assay
