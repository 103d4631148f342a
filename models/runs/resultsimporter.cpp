#include "runs/resultsimporter.h"

#include "runs/ragasfile.h"
#include "runs/ragcheckerimporter.h"
#include "io/filereader.h"
#include "io/jsontext.h"
#include "runs/runstore.h"

#include <QVariant>

#include <nlohmann/json.hpp>

#include <optional>

namespace assay {

namespace {

using json = nlohmann::json;

using Record = ImportedRunItem;

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

json idList(const json &o, const char *name, bool absentIsUnknown = false)
{
    if (!o.contains(name) || o[name].is_null())
        return absentIsUnknown ? json() : json::array();
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
    r.trueDocIdsJson = QString::fromStdString(idList(o, "true_document_ids", true).dump());
    r.retrievedIdsJson = QString::fromStdString(idList(o, "retrieved_document_ids").dump());
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
    r.level = field(o, "level", false);
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
    r.trueDocIdsJson = QString::fromStdString(idList(o, "true_doc_ids", true).dump());
    r.retrievedIdsJson = QString::fromStdString(idList(o, "retrieved_ids").dump());
    r.retrievedText = field(o, "context", false);
    r.trace = field(o, "trace", false);
    r.halted = flag(o, "halted");
    r.error = field(o, "error", false);
    r.level = field(o, "level", false);
    if (o.contains("latency_ms") && !o["latency_ms"].is_null()) {
        const double ms = o["latency_ms"].is_number() ? o["latency_ms"].get<double>() : -1;
        // Checked before the conversion: a huge value has no qint64 (found by fuzzing).
        if (!(ms >= 0 && ms < 1e15))
            throw Problem{QStringLiteral("field 'latency_ms' must be a number of milliseconds (0 or more)")};
        r.latencyMs = qint64(ms);
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
    if (format == ResultsImporter::Format::Ragas)
        return RagasFile::read(path);
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
        } catch (const json::exception &e) { // e.g. a number too large for any type (found by fuzzing)
            return R::failure(QStringLiteral("%1: not valid JSON (%2)").arg(path, QString::fromUtf8(e.what())));
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
    if (name == QLatin1String("ragchecker"))
        return Format::RagChecker;
    if (name == QLatin1String("ragas"))
        return Format::Ragas;
    return Result<Format>::failure(QStringLiteral("unknown results format '%1' (grammar, reval, jsonl, ragchecker, ragas)").arg(name));
}

ResultsImporter::Format ResultsImporter::guessFormat(const QString &path)
{
    const QString name = path.section(QLatin1Char('/'), -1);
    if (name.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        auto head = FileReader::readHead(path, 4096);
        const QByteArray start = head ? head.value().trimmed() : QByteArray();
        return start.startsWith('{') && start.contains("\"results\"") ? Format::RagChecker : Format::Grammar;
    }
    if (name.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive))
        return Format::Ragas;
    if (name.contains(QLatin1String("reval"), Qt::CaseInsensitive))
        return Format::Reval;
    auto head = FileReader::readHead(path, 4096);
    const QByteArray firstLine = head ? head.value().left(head.value().indexOf('\n')) : QByteArray();
    return firstLine.contains("\"user_input\"") ? Format::Ragas : Format::Jsonl;
}

Result<qint64> ResultsImporter::check(Format format, const QString &path)
{
    if (format == Format::RagChecker)
        return RagCheckerImporter::check(path);
    auto records = readRecords(format, path);
    if (!records)
        return Result<qint64>::failure(records);
    return qint64(records.value().size());
}

Result<ResultsImporter::Report> ResultsImporter::import(Database &db, Format format, const QString &path, const QString &runName, const QString &querySet)
{
    using R = Result<Report>;
    if (format == Format::RagChecker) {
        auto imported = RagCheckerImporter::import(db, path, runName, querySet);
        if (!imported)
            return R::failure(imported);
        const RagCheckerImporter::Report &r = imported.value();
        Report report{r.runId, r.items, 0, 0, r.claimItems, {}};
        if (r.claimItems > 0) {
            report.claimNote = QStringLiteral("%1 items with claims and checks (%2 unreadable checks kept as unknown)").arg(r.claimItems).arg(r.unreadableChecks);
            if (r.itemValuesCompared > 0 || r.runValuesCompared > 0)
                report.claimNote += QStringLiteral("; against the file's own metrics: %1 item values, largest difference %2 points; %3 run values, largest "
                                                   "difference %4 points")
                                        .arg(r.itemValuesCompared)
                                        .arg(r.largestItemDifference, 0, 'f', 2)
                                        .arg(r.runValuesCompared)
                                        .arg(r.largestRunDifference, 0, 'f', 2);
        }
        return report;
    }
    auto records = readRecords(format, path);
    if (!records)
        return R::failure(records.error());
    if (records.value().isEmpty())
        return R::failure(QStringLiteral("%1: no records").arg(path));
    auto stored = RunStore(db).createImported(runName, querySet, QStringLiteral("imported:%1").arg(path.section(QLatin1Char('/'), -1)), records.value());
    if (!stored)
        return R::failure(stored.error().startsWith(QLatin1String("record ")) ? QStringLiteral("%1: %2").arg(path, stored.error()) : stored.error(),
                          stored.code());
    return Report{stored.value().runId, stored.value().items, stored.value().answerVerdicts, stored.value().retrievalVerdicts, 0, {}};
}

} // namespace assay
