#include "exams/examstats.h"

#include "scoring/answermetrics.h"

#include <algorithm>

namespace assay {

int ExamStats::longestOption(const QStringList &options)
{
    int best = 0;
    for (int i = 1; i < options.size(); ++i)
        if (options[i].size() > options[best].size())
            best = i;
    return best;
}

nlohmann::json ExamStats::compute(const QVector<ExamItem> &allItems, const nlohmann::json &generation)
{
    nlohmann::json filtered = nlohmann::json::object(), bloom = nlohmann::json::object(), types = nlohmann::json::object();
    int kept = 0, longest = 0, rejected = 0, review = 0;
    int letters[4] = {0, 0, 0, 0};
    double stemTokens = 0;
    for (const ExamItem &it : allItems) {
        if (!it.filterReason.isEmpty()) {
            filtered[it.filterReason.toStdString()] = filtered.value(it.filterReason.toStdString(), 0) + 1;
            continue;
        }
        if (it.state != CurationState::Accepted) {
            (it.state == CurationState::Rejected ? rejected : review) += 1;
            continue;
        }
        ++kept;
        if (it.answer >= 0 && it.answer < 4)
            ++letters[it.answer];
        longest += longestOption(it.options) == it.answer;
        stemTokens += AnswerMetrics::tokens(it.stem).size();
        for (const QString &b : it.bloom)
            bloom[b.toStdString()] = bloom.value(b.toStdString(), 0) + 1;
        types[it.questionType.toStdString()] = types.value(it.questionType.toStdString(), 0) + 1;
    }
    const auto share = [&](int n) { return kept > 0 ? nlohmann::json(double(n) / kept) : nlohmann::json(nullptr); };
    nlohmann::json out = generation.is_object() ? generation : nlohmann::json::object();
    if (!out.contains("generated"))
        out["generated"] = allItems.size();
    if (!out.contains("parsed"))
        out["parsed"] = allItems.size();
    out["kept"] = kept;
    out["filtered"] = filtered;
    out["rejected"] = rejected; // by a person or Reject dropped, not by a filter
    out["in_review"] = review;
    out["stored"] = allItems.size();
    out["baselines"] = {{"fixed_A", share(letters[0])}, {"fixed_B", share(letters[1])}, {"fixed_C", share(letters[2])}, {"fixed_D", share(letters[3])},
                        {"longest", share(longest)}};
    out["mean_stem_tokens"] = kept > 0 ? nlohmann::json(stemTokens / kept) : nlohmann::json(nullptr);
    out["bloom"] = bloom;
    out["question_types"] = types;
    return out;
}

namespace {

// A member, or null when absent (const operator[] on a missing key is undefined).
const nlohmann::json &member(const nlohmann::json &j, const char *key)
{
    static const nlohmann::json none;
    return j.is_object() && j.contains(key) ? j[key] : none;
}

QString percent(const nlohmann::json &v) { return v.is_number() ? QString::number(100 * v.get<double>(), 'f', 1) + QLatin1Char('%') : QStringLiteral("—"); }

// "12 answer in stem, 3 duplicate options" from {"answer_in_stem": 12, …}.
QString counted(const nlohmann::json &counts)
{
    QStringList parts;
    if (counts.is_object())
        for (auto it = counts.begin(); it != counts.end(); ++it)
            parts << QStringLiteral("%1 %2").arg(it.value().is_number() ? it.value().get<qint64>() : 0).arg(QString::fromStdString(it.key()).replace(QLatin1Char('_'), QLatin1Char(' ')));
    return parts.join(QStringLiteral(", "));
}

} // namespace

namespace {

qint64 number(const nlohmann::json &stats, const char *key) { return member(stats, key).is_number() ? stats[key].get<qint64>() : 0; }

// What took the generated items down to the kept ones, each cause counted: "28 rejected in
// review, filtered: 3 duplicate" ("none filtered" when nothing was removed).
QString removed(const nlohmann::json &stats)
{
    QStringList causes;
    const QString filtered = counted(member(stats, "filtered"));
    qint64 filteredCount = 0;
    if (const nlohmann::json &f = member(stats, "filtered"); f.is_object())
        for (const auto &v : f)
            filteredCount += v.is_number() ? v.get<qint64>() : 0;
    const qint64 generated = number(stats, "generated"), kept = number(stats, "kept"), rejected = number(stats, "rejected"), review = number(stats, "in_review");
    // Generated but never stored: replies that could not be read as an item.
    const qint64 stored = member(stats, "stored").is_number() ? number(stats, "stored") : generated;
    const qint64 parsed = member(stats, "parsed").is_number() ? number(stats, "parsed") : stored;
    if (generated > parsed)
        causes << QStringLiteral("%1 unreadable").arg(generated - parsed);
    if (rejected > 0)
        causes << QStringLiteral("%1 rejected in review").arg(rejected);
    if (review > 0)
        causes << QStringLiteral("%1 waiting for review").arg(review);
    if (!filtered.isEmpty())
        causes << QStringLiteral("filtered: %1").arg(filtered);
    // What no count above explains (an exam stored before these counts were kept).
    if (const qint64 rest = generated - kept - filteredCount - rejected - review - std::max<qint64>(0, generated - parsed); rest > 0)
        causes << QStringLiteral("%1 not stored").arg(rest);
    return causes.isEmpty() ? QStringLiteral("none filtered") : causes.join(QStringLiteral(", "));
}

} // namespace

QString ExamStats::summary(const nlohmann::json &stats)
{
    const nlohmann::json &b = member(stats, "baselines");
    return QStringLiteral("%1 kept of %2 generated · %3 · baselines: A %4, B %5, C %6, D %7, longest %8 · mean stem %9 tokens")
        .arg(number(stats, "kept")).arg(number(stats, "generated"))
        .arg(removed(stats),
             percent(member(b, "fixed_A")), percent(member(b, "fixed_B")), percent(member(b, "fixed_C")), percent(member(b, "fixed_D")),
             percent(member(b, "longest")))
        .arg(member(stats, "mean_stem_tokens").is_number() ? stats["mean_stem_tokens"].get<double>() : 0.0, 0, 'f', 1);
}

QString ExamStats::categories(const nlohmann::json &stats)
{
    const QString bloom = counted(member(stats, "bloom")), types = counted(member(stats, "question_types"));
    // An item can sit at several Bloom levels and counts at each: the levels add up to more
    // than the items.
    return QStringLiteral("Bloom levels (an item counts at each of its levels): %1 · question types: %2").arg(bloom.isEmpty() ? QStringLiteral("none") : bloom, types.isEmpty() ? QStringLiteral("none") : types);
}

} // namespace assay
