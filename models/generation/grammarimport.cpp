#include "generation/grammarimport.h"

#include "generation/generationstore.h"
#include "generation/texttemplateintake.h"
#include "generation/grammarjson.h"
#include "project/project.h"
#include "project/transaction.h"

#include <QHash>

namespace assay {

Result<GrammarImport::Report> GrammarImport::run(Project &project, const QString &sqlPath, const QMap<QString, QString> &forms, Job *job, double threshold)
{
    using R = Result<Report>;
    auto sqls = GrammarJson::readSqlTemplates(sqlPath);
    if (!sqls)
        return R::failure(sqls.error());
    QMap<QString, GrammarJson::TextTemplates> texts;
    for (auto it = forms.begin(); it != forms.end(); ++it) {
        auto t = GrammarJson::readTextTemplates(it.value());
        if (!t)
            return R::failure(t.error());
        for (const auto &[sql, list] : t.value())
            if (!sqls.value().contains(sql))
                return R::failure(QStringLiteral("%1: key '%2' is not one of the SQL templates in %3").arg(it.value(), sql, sqlPath));
        texts.insert(it.key(), t.value());
    }
    Transaction tx(project.database());
    if (!tx.began())
        return R::failure(tx.beginStatus());
    Report report;
    // An import says which templates the project is to have: a template whose groups changed
    // takes its queries with it (the import's summary counts them); unchanged ones are kept.
    SqlTemplateIntake sqlIntake(project, threshold);
    sqlIntake.allowRemovals(true);
    auto sqlReport = sqlIntake.add(sqls.value(), QStringLiteral("import"), job);
    if (!sqlReport)
        return R::failure(sqlReport);
    report.sql = sqlReport.value();
    GenerationStore store(project.database());
    QHash<QString, qint64> idOf;
    auto all = store.sqlTemplates();
    if (!all)
        return R::failure(all);
    for (const SqlTemplateRecord &r : all.value())
        idOf.insert(r.sql, r.id);
    TextTemplateIntake intake(project);
    for (auto it = texts.begin(); it != texts.end(); ++it) {
        for (const auto &[sql, list] : it.value()) {
            auto r = intake.add(idOf.value(sql), it.key(), list, QStringLiteral("import"));
            if (!r)
                return R::failure(r.error());
            report.acceptedTexts[it.key()] += r.value().accepted;
            report.rejectedTexts[it.key()] += r.value().rejected;
        }
    }
    if (auto s = tx.commit(); !s)
        return R::failure(s.error());
    return report;
}

} // namespace assay
