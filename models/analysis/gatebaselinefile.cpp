#include "analysis/gatebaselinefile.h"

#include "io/filereader.h"
#include "runs/scorer.h"

#include <QFileInfo>
#include <QSet>

#include <nlohmann/json.hpp>

namespace assay {

namespace {
QString text(const nlohmann::json &o, const char *key)
{
    if (!o.contains(key) || o[key].is_null())
        return {};
    return o[key].is_string() ? QString::fromStdString(o[key].get<std::string>()) : QString::fromStdString(o[key].dump());
}

QStringList ids(const nlohmann::json &o, const char *key)
{
    QStringList out;
    if (o.contains(key) && o[key].is_array())
        for (const auto &id : o[key])
            out << (id.is_string() ? QString::fromStdString(id.get<std::string>()) : QString::fromStdString(id.dump()));
    return out;
}

std::optional<int> zeroOne(const nlohmann::json &o, const char *key, bool *bad)
{
    if (!o.contains(key) || o[key].is_null())
        return std::nullopt;
    const nlohmann::json &v = o[key];
    if (v.is_boolean())
        return v.get<bool>() ? 1 : 0;
    if (v.is_number_integer() && (v.get<qint64>() == 0 || v.get<qint64>() == 1))
        return int(v.get<qint64>());
    *bad = true;
    return std::nullopt;
}
} // namespace

Result<RunOutcomes::Loaded> GateBaselineFile::load(const QString &path, bool closedDomain)
{
    using R = Result<RunOutcomes::Loaded>;
    auto bytes = FileReader::readAll(path);
    if (!bytes)
        return R::failure(bytes.error());
    RunOutcomes::Loaded loaded;
    loaded.runName = QFileInfo(path).fileName();
    loaded.judge = QStringLiteral("file");
    QSet<QString> keys;
    const QList<QByteArray> lines = bytes.value().split('\n');
    qint64 withVerdict = 0, withAnswer = 0;
    for (int i = 0; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        if (line.isEmpty())
            continue;
        const auto where = QStringLiteral("%1:%2").arg(path).arg(i + 1);
        const nlohmann::json o = nlohmann::json::parse(line.toStdString(), nullptr, false);
        if (o.is_discarded() || !o.is_object())
            return R::failure(QStringLiteral("%1: not a JSON object").arg(where));
        Outcome out;
        out.itemId = i + 1;
        out.key = text(o, "id");
        if (out.key.isEmpty())
            return R::failure(QStringLiteral("%1: field 'id' is missing (export the baseline with Export Results, or assay-cli export results)").arg(where));
        if (keys.contains(out.key))
            return R::failure(QStringLiteral("%1: id '%2' appears twice").arg(where, out.key));
        keys.insert(out.key);
        out.identity = text(o, "identity");
        out.sqlTemplateId = o.contains("template") && o["template"].is_number_integer() ? o["template"].get<qint64>() : 0;
        out.group = o.contains("group") ? text(o, "group") : out.key;
        out.query = text(o, "query");
        out.gold = text(o, "gold");
        out.answer = text(o, "answer");
        out.form = text(o, "form");
        bool bad = false;
        out.verdict = zeroOne(o, "verdict", &bad);
        out.retrievalVerdict = zeroOne(o, "retrieval_verdict", &bad);
        if (bad)
            return R::failure(QStringLiteral("%1: 'verdict' and 'retrieval_verdict' take 0 or 1").arg(where));
        withVerdict += out.verdict.has_value();
        const QStringList truth = ids(o, "true_doc_ids"), retrieved = ids(o, "retrieved_ids");
        out.top1 = retrieved.value(0);
        out.retrieved = retrieved;
        withAnswer += !out.answer.isEmpty();
        // No retrieval verdict in the file: the top-1 judge's, as a stored run's default is
        // (the top document is the group's true document set; docs/METHODS.md §4.7).
        if (!out.retrievalVerdict && !truth.isEmpty())
            out.retrievalVerdict = Scorer::coveredVerdict(retrieved, QSet<QString>(truth.begin(), truth.end())) ? 1 : 0;
        if (!truth.isEmpty())
            out.trueDocs = int(truth.size());
        out.retrievalJudgeable = out.retrievalVerdict.has_value() && !truth.isEmpty();
        if (closedDomain && out.correct() && out.retrievalJudgeable && *out.retrievalVerdict == 0)
            out.verdict = 0;
        loaded.outcomes << out;
    }
    if (loaded.outcomes.isEmpty())
        return R::failure(QStringLiteral("%1: no items").arg(path));
    // A retrieval-only run exports no answers (its verdicts are about the retrieved text).
    loaded.readerless = withAnswer == 0;
    loaded.retrievalJudge = QStringLiteral("covered");
    if (withVerdict == 0)
        return R::failure(QStringLiteral("%1: no item has a verdict; export the baseline with its judge (Export Results with a judge, or --judge NAME)").arg(path));
    return loaded;
}

} // namespace assay
