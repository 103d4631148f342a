#include "exams/responsematrix.h"

#include "io/csvdocument.h"

#include "exams/examstore.h"
#include "io/filewriter.h"
#include "project/project.h"

#include <nlohmann/json.hpp>

namespace assay {

QString ResponseMatrix::csvField(const QString &text)
{
    return CsvDocument::field(text);
}

Result<ResponseMatrix::Takes> ResponseMatrix::takes(Database &db, const QString &exam)
{
    using R = Result<Takes>;
    ExamStore store(db);
    auto examId = store.idOf(exam);
    if (!examId)
        return R::failure(examId.error());
    auto readItems = store.items(examId.value());
    if (!readItems)
        return R::failure(readItems);
    auto readRuns = store.runs(examId.value());
    if (!readRuns)
        return R::failure(readRuns);
    auto readChoices = store.choices(examId.value());
    if (!readChoices)
        return R::failure(readChoices);
    Takes t;
    t.items = readItems.take();
    t.runs = readRuns.take();
    const auto choices = readChoices.take();
    for (const ExamRunInfo &r : t.runs) {
        const auto &row = choices.value(r.id);
        QVector<int> values;
        values.reserve(t.items.size());
        for (const ExamItem &it : t.items)
            values << row.value(it.id, -1);
        t.chosen << values;
    }
    return t;
}

QVector<ClassicalItem> ResponseMatrix::classical(const Takes &t)
{
    QStringList ids;
    QVector<int> keys;
    for (const ExamItem &it : t.items)
        ids << it.key, keys << it.answer;
    return ClassicalAnalysis::analyse(ids, keys, t.chosen);
}

Result<QVector<ClassicalItem>> ResponseMatrix::classical(Database &db, const QString &exam)
{
    auto read = takes(db, exam);
    if (!read)
        return Result<QVector<ClassicalItem>>::failure(read.error());
    return classical(read.value());
}

Result<IrtData> ResponseMatrix::data(Database &db, const QString &exam)
{
    auto read = takes(db, exam);
    if (!read)
        return Result<IrtData>::failure(read.error());
    return data(read.value(), exam);
}

Result<IrtData> ResponseMatrix::data(const Takes &t, const QString &exam)
{
    using R = Result<IrtData>;
    if (t.runs.isEmpty())
        return R::failure(QStringLiteral("exam '%1' has not been taken yet: Take Exam… on the Exams page (or assay-cli exam take)").arg(exam));
    if (t.items.isEmpty())
        return R::failure(QStringLiteral("exam '%1' has no accepted items").arg(exam));
    IrtData d;
    for (const ExamItem &it : t.items)
        d.items << it.key;
    for (const ExamRunInfo &r : t.runs) {
        const auto f = nlohmann::json::parse(r.factorsJson.toStdString(), nullptr, false);
        if (f.is_object())
            for (auto it = f.begin(); it != f.end(); ++it)
                if (!d.factors.contains(QString::fromStdString(it.key())))
                    d.factors << QString::fromStdString(it.key());
    }
    for (int s = 0; s < t.runs.size(); ++s) {
        const ExamRunInfo &r = t.runs[s];
        d.students << r.taker;
        QVector<qint8> values;
        values.reserve(t.items.size());
        for (int i = 0; i < t.items.size(); ++i) {
            const int chosen = t.chosen[s][i];
            values << qint8(chosen < 0 ? -1 : chosen == t.items[i].answer ? 1 : 0);
        }
        d.responses << values;
        const auto f = nlohmann::json::parse(r.factorsJson.toStdString(), nullptr, false);
        QStringList levels;
        for (const QString &name : d.factors) {
            const std::string key = name.toStdString();
            levels << (f.is_object() && f.contains(key) && f[key].is_string() ? QString::fromStdString(f[key].get<std::string>()) : QString());
        }
        d.levels << levels;
    }
    return d;
}

Result<ResponseMatrix::Counts> ResponseMatrix::counts(Database &db, const QString &exam)
{
    using R = Result<Counts>;
    ExamStore store(db);
    auto examId = store.idOf(exam);
    if (!examId)
        return R::failure(examId.error());
    auto c = store.takeCounts(examId.value());
    if (!c)
        return R::failure(c);
    return Counts{int(c.value().students), int(c.value().items), c.value().answered};
}

Result<ResponseMatrix::Counts> ResponseMatrix::write(Database &db, const QString &exam, const QString &responsesPath, const QString &factorsPath)
{
    using R = Result<Counts>;
    auto loaded = data(db, exam);
    if (!loaded)
        return R::failure(loaded.error());
    const IrtData &d = loaded.value();
    QString matrix = QStringLiteral("student");
    for (const QString &item : d.items)
        matrix += QLatin1Char(',') + csvField(item);
    matrix += QLatin1Char('\n');
    QString factors = QStringLiteral("student");
    for (const QString &f : d.factors)
        factors += QLatin1Char(',') + csvField(f);
    factors += QLatin1Char('\n');
    for (int s = 0; s < d.students.size(); ++s) {
        matrix += csvField(d.students[s]);
        for (qint8 v : d.responses[s])
            matrix += QLatin1Char(',') + (v < 0 ? QString() : QString::number(v));
        matrix += QLatin1Char('\n');
        factors += csvField(d.students[s]);
        for (const QString &level : d.levels[s])
            factors += QLatin1Char(',') + csvField(level);
        factors += QLatin1Char('\n');
    }
    if (auto s = FileWriter::write(responsesPath, matrix.toUtf8()); !s)
        return R::failure(s.error());
    if (!factorsPath.isEmpty())
        if (auto s = FileWriter::write(factorsPath, factors.toUtf8()); !s)
            return R::failure(s.error());
    return Counts{int(d.students.size()), int(d.items.size())};
}

Result<ResponseMatrix::Counts> ResponseMatrix::counts(Project &project, const QString &exam)
{
    return counts(project.database(), exam);
}

} // namespace assay
