#include "exams/groundedexamgenerator.h"

#include "exams/examclassifier.h"
#include "exams/examshuffle.h"
#include "generation/generationstore.h"
#include "generation/queryrenderer.h"
#include "generation/sqltemplate.h"
#include "project/project.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgeconnection.h"
#include "schema/knowledgevalue.h"
#include "scoring/answermetrics.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace assay {

bool GroundedExamGenerator::answerColumn(const QString &sql, QString *table, QString *column) { return SqlTemplate::answerColumn(sql, table, column); }

Result<QVector<ExamItem>> GroundedExamGenerator::generate(Project &project, const QString &form, quint64 seed, Report *report)
{
    using R = Result<QVector<ExamItem>>;
    Report local;
    Report &r = report ? *report : local;
    auto connection = KnowledgeConnection::open(*project.service<KnowledgeBase>());
    if (!connection)
        return R::failure(connection.error());
    auto bloom = ExamClassifier::bloomKeywords();
    if (!bloom)
        return R::failure(bloom.error());
    Database &db = project.database();
    QHash<qint64, QString> sqlOf;
    {
        auto templates = GenerationStore(db).sqlTemplates();
        if (!templates)
            return R::failure(templates);
        for (const SqlTemplateRecord &t : templates.value())
            sqlOf.insert(t.id, t.sql);
    }
    QHash<QString, QStringList> valuesOf; // "table.column" → distinct display values
    QSet<qint64> groupsSeen;
    QVector<ExamItem> items;
    QString failure;
    const Status read = QueryRenderer(db).forEach(
        [&](const RenderedQuery &q) {
            if (groupsSeen.contains(q.groupId) || q.answer.isEmpty())
                return true;
            groupsSeen.insert(q.groupId);
            ++r.generated;
            QString table, column;
            if (!answerColumn(sqlOf.value(q.sqlTemplateId), &table, &column)) {
                ++r.skippedNoColumn;
                return true;
            }
            const QString key = table + QLatin1Char('.') + column;
            if (!valuesOf.contains(key)) {
                auto rows = connection.value().query(QStringLiteral("SELECT DISTINCT %1 FROM %2 WHERE %1 IS NOT NULL ORDER BY 1")
                                                         .arg(Database::quoteIdentifier(column), Database::quoteIdentifier(table)));
                QStringList values;
                if (rows)
                    for (const QVariantList &row : rows.value().rows)
                        values << KnowledgeValue::displayText(row.value(0));
                valuesOf.insert(key, values);
            }
            // Distractors: other values, distinct from the key and each other once normalised.
            const QString normalKey = AnswerMetrics::normalize(q.answer);
            QStringList candidates;
            QSet<QString> seen{normalKey};
            for (const QString &v : valuesOf.value(key)) {
                const QString n = AnswerMetrics::normalize(v);
                if (!n.isEmpty() && !seen.contains(n)) {
                    seen.insert(n);
                    candidates << v;
                }
            }
            if (candidates.size() < 3) {
                ++r.skippedFewValues;
                return true;
            }
            std::stable_sort(candidates.begin(), candidates.end(), [&](const QString &a, const QString &b) {
                return std::abs(a.size() - q.answer.size()) < std::abs(b.size() - q.answer.size());
            });
            const QStringList closest = candidates.mid(0, 6);
            ExamItem item;
            item.key = QStringLiteral("q%1").arg(q.id);
            item.stem = q.text;
            item.options << q.answer;
            for (int i : ExamShuffle::pick(int(closest.size()), 3, seed, quint64(q.id)))
                item.options << closest[i];
            item.answer = ExamShuffle::shuffle(item.options, 0, seed, quint64(q.id));
            item.sourceRef = QStringLiteral("query:%1").arg(q.id);
            const auto docs = nlohmann::json::parse(q.documentIdsJson.toStdString(), nullptr, false);
            if (docs.is_array())
                for (const auto &d : docs)
                    item.sourceDocs << QString::fromStdString(d.is_string() ? d.get<std::string>() : d.dump());
            item.bloom = ExamClassifier::bloom(item.stem, bloom.value());
            item.questionType = ExamClassifier::questionType(item.stem);
            items << item;
            return true;
        },
        form);
    if (!read)
        return R::failure(read.error());
    if (!failure.isEmpty())
        return R::failure(failure);
    return items;
}

} // namespace assay
