#include "generation/generationworkflow.h"

#include "core/job.h"
#include "generation/generationstore.h"
#include "generation/grammarimport.h"
#include "generation/llmtemplategenerator.h"
#include "generation/ruleenumerator.h"
#include "generation/sqltemplateintake.h"
#include "generation/texttemplateintake.h"
#include "llm/llmclient.h"
#include "llm/llmprofilestore.h"
#include "llm/llmstore.h"
#include "llm/llmwait.h"
#include "project/project.h"
#include "schema/knowledgebase.h"

#include <QFileInfo>

namespace assay {

namespace {

// Runs an LLM generation on this thread's event loop (a worker thread or the CLI) and
// words its report.
Result<QString> generateWithLlm(Project &project, const QString &profileName, bool sql, const GenerationWorkflow::SqlOptions &sqlOptions,
                                const GenerationWorkflow::TextOptions &textOptions, Job *job)
{
    using R = Result<QString>;
    auto profile = LlmProfileStore::find(profileName);
    if (!profile)
        return R::failure(profile);
    LlmStore store(project.database());
    LlmClient client(profile.value(), &store);
    LlmTemplateGenerator generator(project, client);
    generator.allowRemovals(sqlOptions.replace);
    LlmTemplateGenerator::Report report;
    if (job)
        QObject::connect(&generator, &LlmTemplateGenerator::progress, &generator,
                         [job](int done, int total) { job->reportProgress(done, total, QStringLiteral("%1 of %2 LLM requests").arg(done).arg(total)); });
    const Status waited = LlmWait::until(
        [&](const LlmWait::Done &done) {
            QObject::connect(&generator, &LlmTemplateGenerator::finished, &generator, [&report, done](const LlmTemplateGenerator::Report &r) {
                report = r;
                done();
            });
            if (sql)
                generator.generateSqlTemplates(sqlOptions.requirements, sqlOptions.threshold);
            else
                generator.generateTextTemplates(textOptions.forms, textOptions.perTemplate);
        },
        job);
    if (!waited)
        return R::failure(waited);
    // Nothing was stored: the caller asks before removing (GUI) or refuses (CLI without --replace).
    if (!report.refusal.isEmpty())
        return R::failure(report.refusal, ErrorCode::WouldRemove);
    if (report.requests > 0 && report.modelErrors == report.requests)
        return R::failure(QStringLiteral("every LLM request failed%1").arg(report.errors.isEmpty() ? QString() : QStringLiteral(": ") + report.errors.first()));
    QString text = QStringLiteral("%1 (LLM %2): %3 accepted, %4 flagged for review, %5 rejected; %6 requests, %7 model errors, %8 unparsable replies; %9")
                       .arg(sql ? QStringLiteral("SQL templates") : QStringLiteral("Text templates"), profile.value().name)
                       .arg(report.accepted).arg(report.review).arg(report.rejected).arg(report.requests).arg(report.modelErrors)
                       .arg(report.parseFailures).arg(client.usage().summary());
    for (const QString &e : std::as_const(report.errors).mid(0, 5))
        text += QStringLiteral("\n  ") + e;
    return text;
}

} // namespace

Result<QString> GenerationWorkflow::generateSqlTemplates(Project &project, const SqlOptions &options, Job *job)
{
    using R = Result<QString>;
    if (options.threshold < 0 || options.threshold > 1)
        return R::failure(QStringLiteral("the singular-answer threshold must lie between 0 and 1, not %1").arg(options.threshold));
    if (!options.llmProfile.isEmpty())
        return generateWithLlm(project, options.llmProfile, true, options, {}, job);
    const QStringList sqls = RuleEnumerator::enumerate(*project.service<KnowledgeBase>());
    if (sqls.isEmpty())
        return R::failure(QStringLiteral("the knowledge schema has no table with a column to ask about: add tables on the Schema page first"));
    SqlTemplateIntake intake(project, options.threshold);
    intake.allowRemovals(options.replace);
    auto report = intake.add(sqls, QStringLiteral("rules"), job);
    if (!report)
        return R::failure(report);
    QString text = QStringLiteral("SQL templates: %1 enumerated, %2 accepted, %3 flagged for review, %4 rejected; %5 semantic groups")
                       .arg(sqls.size()).arg(report.value().accepted).arg(report.value().review).arg(report.value().rejected).arg(report.value().groups);
    if (report.value().unchanged + report.value().changed > 0)
        text += QStringLiteral("\n  generated again: %1 template(s) gave the same groups and were kept with their text queries; %2 changed (%3 text queries removed)")
                    .arg(report.value().unchanged)
                    .arg(report.value().changed)
                    .arg(report.value().queriesRemoved);
    return text;
}

Result<QString> GenerationWorkflow::generateTextTemplates(Project &project, const TextOptions &options, Job *job)
{
    using R = Result<QString>;
    if (options.forms.isEmpty())
        return R::failure(QStringLiteral("choose at least one form"));
    if (options.perTemplate < 1)
        return R::failure(QStringLiteral("the number of text templates per SQL template must be at least 1"));
    GenerationStore store(project.database());
    for (auto it = options.criteria.begin(); it != options.criteria.end(); ++it)
        if (auto s = store.addForm(it.key().trimmed(), it.value().trimmed()); !s)
            return R::failure(s);
    if (!options.llmProfile.isEmpty())
        return generateWithLlm(project, options.llmProfile, false, {}, options, job);
    if (job)
        job->reportProgress(0, 1, QStringLiteral("Verbalizing SQL templates"));
    auto report = TextTemplateIntake(project).generateOffline(options.forms, options.perTemplate);
    if (!report)
        return R::failure(report);
    return QStringLiteral("Text templates (%1): %2 accepted, %3 rejected")
        .arg(options.forms.join(QStringLiteral(", ")))
        .arg(report.value().accepted).arg(report.value().rejected);
}

Result<QString> GenerationWorkflow::buildQueries(Project &project, bool balanced, Job *job)
{
    if (job)
        job->reportProgress(0, 1, QStringLiteral("Filling text templates with their groups' values"));
    QStringList notes;
    auto written = GenerationStore(project.database()).rebuildQueries(balanced, &notes);
    if (!written)
        return Result<QString>::failure(written);
    QString text = QStringLiteral("Text queries: %1%2").arg(written.value()).arg(balanced ? QStringLiteral(" (balanced)") : QString());
    for (const QString &n : std::as_const(notes))
        text += QStringLiteral("\n  ") + n;
    return text;
}

Result<QString> GenerationWorkflow::importGrammar(Project &project, const QString &sqlTemplatesPath, const QMap<QString, QString> &forms, Job *job,
                                                  double threshold)
{
    if (threshold < 0 || threshold > 1)
        return Result<QString>::failure(QStringLiteral("the singular-answer threshold must lie between 0 and 1, not %1").arg(threshold));
    if (job)
        job->reportProgress(0, 1, QStringLiteral("Reading %1").arg(QFileInfo(sqlTemplatesPath).fileName()));
    auto report = GrammarImport::run(project, sqlTemplatesPath, forms, job, threshold);
    if (!report)
        return Result<QString>::failure(report);
    const auto &r = report.value();
    QString text = QStringLiteral("SQL templates: %1 accepted, %2 flagged for review, %3 rejected; %4 semantic groups")
                       .arg(r.sql.accepted).arg(r.sql.review).arg(r.sql.rejected).arg(r.sql.groups);
    for (auto it = r.acceptedTexts.begin(); it != r.acceptedTexts.end(); ++it)
        text += QStringLiteral("\nText templates (%1): %2 accepted, %3 rejected").arg(it.key()).arg(it.value()).arg(r.rejectedTexts.value(it.key()));
    return text;
}

} // namespace assay
