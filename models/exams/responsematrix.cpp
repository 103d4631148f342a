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

Result<ResponseMatrix::Counts> ResponseMatrix::write(Database &db, const QString &exam, const QString &responsesPath, const QString &factorsPath)
{
    using R = Result<Counts>;
    ExamStore store(db);
    auto examId = store.idOf(exam);
    if (!examId)
        return R::failure(examId.error());
    const QVector<ExamItem> items = store.items(examId.value());
    const QVector<ExamRunInfo> runs = store.runs(examId.value());
    if (runs.isEmpty())
        return R::failure(QStringLiteral("exam '%1' has not been taken yet (assay-cli exam take)").arg(exam));
    const auto answers = store.answers(examId.value());
    QString matrix = QStringLiteral("student");
    for (const ExamItem &it : items)
        matrix += QLatin1Char(',') + csvField(it.key);
    matrix += QLatin1Char('\n');
    QStringList factorNames;
    for (const ExamRunInfo &r : runs) {
        const auto f = nlohmann::json::parse(r.factorsJson.toStdString(), nullptr, false);
        if (f.is_object())
            for (auto it = f.begin(); it != f.end(); ++it)
                if (!factorNames.contains(QString::fromStdString(it.key())))
                    factorNames << QString::fromStdString(it.key());
    }
    QString factors = QStringLiteral("student");
    for (const QString &f : factorNames)
        factors += QLatin1Char(',') + csvField(f);
    factors += QLatin1Char('\n');
    for (const ExamRunInfo &r : runs) {
        matrix += csvField(r.taker);
        const auto &row = answers.value(r.id);
        for (const ExamItem &it : items)
            matrix += QLatin1Char(',') + (row.contains(it.id) ? QString::number(row.value(it.id)) : QString());
        matrix += QLatin1Char('\n');
        const auto f = nlohmann::json::parse(r.factorsJson.toStdString(), nullptr, false);
        factors += csvField(r.taker);
        for (const QString &name : factorNames)
            factors += QLatin1Char(',') + csvField(f.is_object() && f.contains(name.toStdString()) ? QString::fromStdString(f[name.toStdString()].get<std::string>()) : QString());
        factors += QLatin1Char('\n');
    }
    if (auto s = ReportWriter::writeText(responsesPath, matrix.toUtf8()); !s)
        return R::failure(s.error());
    if (!factorsPath.isEmpty())
        if (auto s = ReportWriter::writeText(factorsPath, factors.toUtf8()); !s)
            return R::failure(s.error());
    return Counts{int(runs.size()), int(items.size())};
}

} // namespace assay
