#include "exams/responsematrix.h"

#include "exams/examstore.h"
#include "io/reportwriter.h"

#include <nlohmann/json.hpp>

namespace assay {

QString ResponseMatrix::csvField(const QString &text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n')))
        return text;
    return QLatin1Char('"') + QString(text).replace(QLatin1String("\""), QLatin1String("\"\"")) + QLatin1Char('"');
}

Result<QVector<ClassicalItem>> ResponseMatrix::classical(Database &db, const QString &exam)
{
    using R = Result<QVector<ClassicalItem>>;
    ExamStore store(db);
    auto examId = store.idOf(exam);
    if (!examId)
        return R::failure(examId.error());
    auto readItems = store.items(examId.value());
    auto readRuns = store.runs(examId.value());
    auto readChoices = store.choices(examId.value());
    if (!readItems || !readRuns || !readChoices)
        return !readItems ? R::failure(readItems) : !readRuns ? R::failure(readRuns) : R::failure(readChoices);
    const QVector<ExamItem> items = readItems.take();
    const auto choices = readChoices.take();
    QStringList ids;
    QVector<int> keys;
    for (const ExamItem &it : items)
        ids << it.key, keys << it.answer;
    QVector<QVector<int>> chosen;
    for (const ExamRunInfo &r : readRuns.value()) {
        const auto &row = choices.value(r.id);
        QVector<int> values;
        values.reserve(items.size());
        for (const ExamItem &it : items)
            values << (row.contains(it.id) ? row.value(it.id) : -1);
        chosen << values;
    }
    return ClassicalAnalysis::analyse(ids, keys, chosen);
}

Result<IrtData> ResponseMatrix::data(Database &db, const QString &exam)
{
    using R = Result<IrtData>;
    ExamStore store(db);
    auto examId = store.idOf(exam);
    if (!examId)
        return R::failure(examId.error());
    auto readItems = store.items(examId.value());
    auto readRuns = store.runs(examId.value());
    auto readAnswers = store.answers(examId.value());
    if (!readItems || !readRuns || !readAnswers)
        return !readItems ? R::failure(readItems) : !readRuns ? R::failure(readRuns) : R::failure(readAnswers);
    const QVector<ExamItem> items = readItems.take();
    const QVector<ExamRunInfo> runs = readRuns.take();
    if (runs.isEmpty())
        return R::failure(QStringLiteral("exam '%1' has not been taken yet (assay-cli exam take)").arg(exam));
    if (items.isEmpty())
        return R::failure(QStringLiteral("exam '%1' has no accepted items").arg(exam));
    const auto answers = readAnswers.take();
    IrtData d;
    for (const ExamItem &it : items)
        d.items << it.key;
    for (const ExamRunInfo &r : runs) {
        const auto f = nlohmann::json::parse(r.factorsJson.toStdString(), nullptr, false);
        if (f.is_object())
            for (auto it = f.begin(); it != f.end(); ++it)
                if (!d.factors.contains(QString::fromStdString(it.key())))
                    d.factors << QString::fromStdString(it.key());
    }
    for (const ExamRunInfo &r : runs) {
        d.students << r.taker;
        const auto &row = answers.value(r.id);
        QVector<qint8> values;
        values.reserve(items.size());
        for (const ExamItem &it : items)
            values << qint8(row.contains(it.id) ? row.value(it.id) : -1);
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
    if (auto s = ReportWriter::writeText(responsesPath, matrix.toUtf8()); !s)
        return R::failure(s.error());
    if (!factorsPath.isEmpty())
        if (auto s = ReportWriter::writeText(factorsPath, factors.toUtf8()); !s)
            return R::failure(s.error());
    return Counts{int(d.students.size()), int(d.items.size())};
}

} // namespace assay
