#include "exams/examstats.h"

#include "scoring/answermetrics.h"

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
    int kept = 0, longest = 0;
    int letters[4] = {0, 0, 0, 0};
    double stemTokens = 0;
    for (const ExamItem &it : allItems) {
        if (!it.filterReason.isEmpty()) {
            filtered[it.filterReason.toStdString()] = filtered.value(it.filterReason.toStdString(), 0) + 1;
            continue;
        }
        if (it.state != CurationState::Accepted)
            continue;
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

QString ExamStats::summary(const nlohmann::json &stats)
{
    const nlohmann::json &b = member(stats, "baselines");
    const QString filtered = counted(member(stats, "filtered"));
    return QStringLiteral("%1 kept of %2 generated · %3 · baselines: A %4, B %5, C %6, D %7, longest %8 · mean stem %9 tokens")
        .arg(member(stats, "kept").is_number() ? stats["kept"].get<qint64>() : 0).arg(member(stats, "generated").is_number() ? stats["generated"].get<qint64>() : 0)
        .arg(filtered.isEmpty() ? QStringLiteral("none filtered") : QStringLiteral("filtered: %1").arg(filtered),
             percent(member(b, "fixed_A")), percent(member(b, "fixed_B")), percent(member(b, "fixed_C")), percent(member(b, "fixed_D")),
             percent(member(b, "longest")))
        .arg(member(stats, "mean_stem_tokens").is_number() ? stats["mean_stem_tokens"].get<double>() : 0.0, 0, 'f', 1);
}

QString ExamStats::categories(const nlohmann::json &stats)
{
    const QString bloom = counted(member(stats, "bloom")), types = counted(member(stats, "question_types"));
    return QStringLiteral("Bloom levels: %1 · question types: %2").arg(bloom.isEmpty() ? QStringLiteral("none") : bloom, types.isEmpty() ? QStringLiteral("none") : types);
}

} // namespace assay
