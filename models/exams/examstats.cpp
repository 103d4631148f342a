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

} // namespace assay
