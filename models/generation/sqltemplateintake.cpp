#include "generation/sqltemplateintake.h"

#include "core/job.h"
#include "generation/fillinengine.h"
#include "generation/generationstore.h"
#include "generation/templatevalidator.h"
#include "project/project.h"
#include "project/transaction.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgeconnection.h"

namespace assay {

SqlTemplateIntake::SqlTemplateIntake(Project &project, double threshold) : m_project(project), m_threshold(threshold) {}

Result<CurationState> SqlTemplateIntake::remeasure(qint64 sqlTemplateId)
{
    using R = Result<CurationState>;
    GenerationStore store(m_project.database());
    auto record = store.sqlTemplate(sqlTemplateId);
    if (!record)
        return R::failure(record.error());
    const QString sql = record.value().sql;
    // add() finds the stored row by its SQL text and measures it in place.
    auto report = add({sql}, record.value().source);
    if (!report)
        return R::failure(report.error());
    auto measured = store.sqlTemplate(sqlTemplateId);
    if (!measured)
        return R::failure(measured);
    return measured.value().state;
}

Result<SqlTemplateIntake::Report> SqlTemplateIntake::add(const QStringList &sqls, const QString &source, Job *job)
{
    using R = Result<Report>;
    const KnowledgeBase &kb = *m_project.knowledge();
    auto connection = KnowledgeConnection::open(kb);
    if (!connection)
        return R::failure(connection.error());
    FillInEngine engine(connection.value());
    GenerationStore store(m_project.database());
    Report report;
    Transaction tx(m_project.database());
    for (int i = 0; i < sqls.size(); ++i) {
        if (job && job->isCancelled())
            return R::cancelled();
        SqlTemplateRecord record;
        record.sql = sqls[i].trimmed();
        record.source = source;
        record.tables = SqlTemplate(record.sql).tablesKey();
        auto id = store.addSqlTemplate(record); // an existing identical SQL keeps its row and source
        if (!id)
            return R::failure(id.error());
        record.id = id.value();
        // The groups stream into the project as they are found (inside the transaction: a
        // cancel or a failure leaves the project as it was).
        if (auto s = store.clearGroups(record.id); !s)
            return R::failure(s.error());
        qint64 groups = 0;
        if (auto valid = TemplateValidator::validate(record.sql, kb, connection.value()); !valid) {
            record.state = CurationState::Rejected;
            record.reason = valid.error();
        } else {
            const auto keep = [&](const SemanticGroup &g) {
                if (job && (++groups % 25000) == 0)
                    job->reportProgress(i, sqls.size(), QStringLiteral("%1: %2 groups").arg(record.sql).arg(groups));
                return store.appendGroup(record.id, g);
            };
            auto outcome = engine.run(SqlTemplate(record.sql), [job] { return job && job->isCancelled(); }, FillInEngine::Path::Auto, keep);
            if (!outcome)
                return outcome.code() == ErrorCode::Cancelled ? R::cancelled() : R::failure(outcome.error(), outcome.code());
            groups = outcome.value().answered;
            record.fillIns = groups;
            record.singularRate = outcome.value().singularRate;
            if (!outcome.value().refused.isEmpty()) {
                record.state = CurationState::Review;
                record.reason = outcome.value().refused;
            } else if (groups == 0) {
                record.state = CurationState::Review;
                record.reason = QStringLiteral("no fill-in returns an answer");
            } else if (record.singularRate < m_threshold) {
                record.state = CurationState::Review;
                record.reason = QStringLiteral("singular-answer rate %1 is below %2")
                                    .arg(record.singularRate, 0, 'f', 2)
                                    .arg(m_threshold, 0, 'f', 2);
            } else {
                record.state = CurationState::Accepted;
            }
        }
        if (auto s = store.updateSqlTemplate(record); !s)
            return R::failure(s.error());
        report.groups += groups;
        (record.state == CurationState::Accepted ? report.accepted
         : record.state == CurationState::Review ? report.review
                                                   : report.rejected)++;
        if (job)
            job->reportProgress(i + 1, sqls.size(), record.sql);
    }
    if (auto s = tx.commit(); !s)
        return R::failure(s.error());
    return report;
}

} // namespace assay
