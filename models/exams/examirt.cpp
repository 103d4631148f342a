#include "exams/examirt.h"

#include "exams/examstore.h"
#include "exams/examtakernotes.h"
#include "exams/responsematrix.h"
#include "irt/irtfitsummary.h"

namespace assay {

namespace {
// The groups the information curves are drawn by: an item without a Bloom level or a type
// still counts, under "Uncategorized" or "other".
void addGroups(ExamIrtResult &result, const ExamItem &it)
{
    result.bloom.insert(it.key, it.bloom.isEmpty() ? QStringList{QStringLiteral("Uncategorized")} : it.bloom);
    result.types.insert(it.key, {it.questionType.isEmpty() ? QStringLiteral("other") : it.questionType});
}
} // namespace

Result<ExamIrtResult> ExamIrt::fit(Database &db, const QString &exam, const IrtOptions &options, int steps, const IrtDropRule &rule, Job *job)
{
    using R = Result<ExamIrtResult>;
    ExamStore store(db);
    auto examId = store.idOf(exam);
    if (!examId)
        return R::failure(examId.error());
    // One read of the takes serves the matrix, the classical analysis and the item groups.
    auto takes = ResponseMatrix::takes(db, exam);
    if (!takes)
        return R::failure(takes.error());
    auto data = ResponseMatrix::data(takes.value(), exam);
    if (!data)
        return R::failure(data.error());
    ExamIrtResult result;
    result.exam = exam;
    result.examId = examId.value();
    result.data = data.value();
    auto fitted = IrtImprovement::run(result.data, options, steps, rule, IrtInformation::grid(), job);
    if (!fitted)
        return R::failure(QStringLiteral("exam '%1': %2").arg(exam, fitted.error()));
    result.steps = fitted.value();
    result.classical = ResponseMatrix::classical(takes.value());
    result.takerNotes = ExamTakerNotes::lines(ExamTakerNotes::explain(takes.value()));
    for (const ExamItem &it : takes.value().items)
        addGroups(result, it);
    return result;
}

QVector<ExamItem> ExamIrt::parameters(const QVector<IrtStep> &steps)
{
    QVector<ExamItem> out;
    QHash<QString, int> at;
    for (const IrtStep &s : steps)
        for (const IrtItem &it : s.fit.items) {
            if (!at.contains(it.id)) {
                at.insert(it.id, int(out.size()));
                ExamItem e;
                e.key = it.id;
                out << e;
            }
            ExamItem &e = out[at.value(it.id)];
            e.a = it.a, e.b = it.b, e.c = it.c;
        }
    return out;
}

QVector<IrtItem> ExamIrt::lastHeld(const QVector<IrtStep> &steps)
{
    QVector<IrtItem> out;
    QHash<QString, int> at;
    for (const IrtStep &s : steps)
        for (const IrtItem &it : s.fit.items) {
            if (const auto found = at.constFind(it.id); found != at.constEnd()) {
                out[found.value()] = it;
            } else {
                at.insert(it.id, int(out.size()));
                out << it;
            }
        }
    return out;
}

Status ExamIrt::save(Database &db, qint64 examId, const QVector<IrtStep> &steps, const nlohmann::json &settings)
{
    nlohmann::json stored = settings;
    if (stored.is_object() && !stored.contains("summary")) // a later session shows what the fit found
        stored["summary"] = IrtFitSummary::of(steps);
    if (stored.is_object() && !stored.contains("item_fit"))
        stored["item_fit"] = itemFit(lastHeld(steps));
    return ExamStore(db).setIrt(examId, parameters(steps), stored, twoDimParameters(steps));
}

QVector<IrtTwoDimItem> ExamIrt::twoDimParameters(const QVector<IrtStep> &steps)
{
    // The 2-D model is fitted on every accepted item (the first step), beside the 1-D fit.
    if (steps.isEmpty() || !steps.first().fit.twoDimensional.computed)
        return {};
    return steps.first().fit.twoDimensional.items;
}

nlohmann::json ExamIrt::settings(const IrtOptions &options, int steps, const IrtDropRule &rule)
{
    return {{"model", (options.autoModel ? QStringLiteral("auto") : IrtOptions::modelName(options.model)).toStdString()},
            {"bounds", options.bounds.toStdString()},
            {"hierarchical", options.hierarchical},
            {"estimator", options.estimator().toStdString()},
            {"dimensions", options.dimensions},
            {"steps", steps},
            {"drop", IrtDropRule::kindName(rule.kind).toStdString()},
            {"quantile", rule.quantile},
            {"from", rule.from},
            {"to", rule.to}};
}

nlohmann::json ExamIrt::itemFit(const QVector<IrtItem> &items)
{
    // NaN (not computed) is stored as null and read back as NaN.
    const auto number = [](double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(); };
    nlohmann::json out = nlohmann::json::array();
    for (const IrtItem &it : items) {
        nlohmann::json bound = nlohmann::json::array();
        for (const QString &b : it.onBound)
            bound.push_back(b.toStdString());
        out.push_back({{"id", it.id.toStdString()}, {"se", {number(it.seA), number(it.seB), number(it.seC)}}, {"on_bound", bound},
                       {"sx2", {number(it.sx2), it.sx2Df, number(it.sx2P), number(it.sx2PAdjusted)}}, {"rmsea", number(it.rmsea)}});
    }
    return out;
}

QVector<IrtItem> ExamIrt::storedItemFit(const nlohmann::json &settings)
{
    QVector<IrtItem> out;
    if (!settings.is_object() || !settings.contains("item_fit") || !settings["item_fit"].is_array())
        return out;
    const auto number = [](const nlohmann::json &v) { return v.is_number() ? v.get<double>() : qQNaN(); };
    for (const nlohmann::json &j : settings["item_fit"]) {
        if (!j.is_object() || !j.value("id", nlohmann::json()).is_string())
            continue;
        IrtItem it(QString::fromStdString(j["id"].get<std::string>()));
        if (const nlohmann::json se = j.value("se", nlohmann::json()); se.is_array() && se.size() == 3)
            it.seA = number(se[0]), it.seB = number(se[1]), it.seC = number(se[2]);
        for (const nlohmann::json &b : j.value("on_bound", nlohmann::json::array()))
            if (b.is_string())
                it.onBound << QString::fromStdString(b.get<std::string>());
        if (const nlohmann::json sx2 = j.value("sx2", nlohmann::json()); sx2.is_array() && sx2.size() == 4) {
            it.sx2 = number(sx2[0]);
            it.sx2Df = sx2[1].is_number_integer() ? sx2[1].get<int>() : 0;
            it.sx2P = number(sx2[2]);
            it.sx2PAdjusted = number(sx2[3]);
        }
        it.rmsea = number(j.value("rmsea", nlohmann::json()));
        out << it;
    }
    return out;
}

QString ExamIrt::storedModel(const QVector<ExamItem> &items)
{
    bool any = false, guessing = false, slopes = false;
    for (const ExamItem &it : items) {
        if (!it.a)
            continue;
        any = true;
        guessing = guessing || std::abs(it.c.value_or(0)) > 1e-9;
        slopes = slopes || std::abs(*it.a - 1.0) > 1e-9;
    }
    return !any ? QString() : guessing ? QStringLiteral("3pl") : slopes ? QStringLiteral("2pl") : QStringLiteral("1pl");
}

ExamIrtResult ExamIrt::fromStored(const QString &exam, const QVector<ExamItem> &items)
{
    ExamIrtResult r;
    r.exam = exam;
    IrtStep step;
    for (const ExamItem &it : items)
        if (it.a) {
            step.fit.items << IrtItem{it.key, *it.a, it.b.value_or(0), it.c.value_or(0)};
            addGroups(r, it);
        }
    if (step.fit.items.isEmpty())
        return r;
    step.fit.model = storedModel(items);
    r.steps << step;
    return r;
}

} // namespace assay
