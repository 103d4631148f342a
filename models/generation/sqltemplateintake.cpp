#include "generation/sqltemplateintake.h"

#include "core/boundedqueue.h"
#include "core/job.h"
#include "generation/fillinengine.h"
#include "generation/generationstore.h"
#include "generation/groupstore.h"
#include "generation/templatevalidator.h"
#include "project/project.h"
#include "project/transaction.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgeconnection.h"

#include <QElapsedTimer>
#include <QLocale>

#include <atomic>
#include <optional>
#include <thread>

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
    // add() finds the stored row by its SQL text and measures it in place; its SQL was edited,
    // so its groups and queries are meant to change.
    const bool allowed = m_allowRemovals;
    m_allowRemovals = true;
    auto report = add({sql}, record.value().source);
    m_allowRemovals = allowed;
    if (!report)
        return R::failure(report.error());
    auto measured = store.sqlTemplate(sqlTemplateId);
    if (!measured)
        return R::failure(measured);
    return measured.value().state;
}

Result<FillInEngine::Outcome> SqlTemplateIntake::fillStreamed(FillInEngine &engine, GroupStore &groups, const SqlTemplateRecord &record, Job *job)
{
    using R = Result<FillInEngine::Outcome>;
    if (engine.source().threadBound()) {
        // The source serves only the thread that opened it: read and insert here.
        return engine.run(SqlTemplate(record.sql), [job] { return job && job->isCancelled(); }, FillInEngine::Path::Auto,
                          [&](GroupRows &&batch) { return groups.appendGroupRows(record.id, batch); });
    }
    // Two threads: this one (it holds the project connection) only inserts; a worker reads the
    // knowledge tables, and the engine encodes each batch there. At most 8 batches wait between them.
    BoundedQueue<GroupRows> queue(8);
    std::atomic_bool stop{false};
    std::optional<R> outcome;
    std::thread reader([&] {
        const auto stopped = [&] { return stop.load() || (job && job->isCancelled()); };
        const auto hand = [&](GroupRows &&batch) {
            return queue.push(std::move(batch)) ? Status() : Status::failure(QStringLiteral("stopped"), ErrorCode::Cancelled);
        };
        outcome.emplace(engine.run(SqlTemplate(record.sql), stopped, FillInEngine::Path::Auto, hand));
        queue.close();
    });
    Status written;
    while (written) {
        if (auto rows = queue.pop(std::chrono::milliseconds(100)))
            written = groups.appendGroupRows(record.id, *rows);
        else if (queue.drained())
            break;
    }
    stop = true;
    queue.close();
    reader.join();
    if (!written)
        return R::failure(written);
    return std::move(*outcome);
}

Result<SqlTemplateIntake::Report> SqlTemplateIntake::add(const QStringList &sqls, const QString &source, Job *job)
{
    using R = Result<Report>;
    const KnowledgeBase &kb = *m_project.service<KnowledgeBase>();
    std::optional<KnowledgeConnection> own;
    if (!m_connection) {
        if (job)
            job->reportProgress(0, qint64(sqls.size()) * 1000, QStringLiteral("Reading the knowledge tables"));
        auto opened = KnowledgeConnection::open(kb);
        if (!opened)
            return R::failure(opened.error());
        own.emplace(opened.take());
    }
    const KnowledgeConnection &connection = m_connection ? *m_connection : *own;
    FillInEngine engine(connection);
    GenerationStore store(m_project.database());
    GroupStore groupStore(m_project.database());
    Report report;
    Transaction tx(m_project.database());
    if (!tx.began())
        return R::failure(tx.beginStatus());
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
        // A template made again: its groups as they were, to keep them (and their text
        // queries, links and the runs' references) when they come out the same.
        auto before = groupStore.fingerprint(record.id);
        if (!before)
            return R::failure(before);
        std::optional<Transaction> one(std::in_place, m_project.database()); // a savepoint: rolled back to keep the old groups
        if (!one->began())
            return R::failure(one->beginStatus());
        // The groups stream into the project as they are found (inside the transaction: a
        // cancel or a failure leaves the project as it was).
        if (auto s = groupStore.clearGroups(record.id); !s)
            return R::failure(s.error());
        qint64 groups = 0;
        if (auto valid = TemplateValidator::validate(record.sql, kb, connection); !valid) {
            record.state = CurationState::Rejected;
            record.reason = valid.error();
        } else {
            QElapsedTimer clock;
            clock.start();
            engine.setProgress([&](qint64 found, double fraction) {
                if (!job)
                    return;
                const double seconds = std::max(1e-3, clock.elapsed() / 1000.0);
                job->reportProgress(qint64(i) * 1000 + qint64(fraction * 1000), qint64(sqls.size()) * 1000,
                                    found == 0 ? QStringLiteral("Template %1 of %2: grouping the rows…").arg(i + 1).arg(sqls.size())
                                               : QStringLiteral("Template %1 of %2: %3 groups (%4 groups/s)")
                                                     .arg(i + 1)
                                                     .arg(sqls.size())
                                                     .arg(QLocale().toString(found), QLocale().toString(qint64(found / seconds))));
            });
            const KnowledgeSource &source = connection.source();
            if (auto s = source.isolate(); !s)
                return R::failure(s);
            auto outcome = fillStreamed(engine, groupStore, record, job);
            if (!outcome && outcome.code() == ErrorCode::Cancelled)
                return R::cancelled();
            if (!outcome && source.discard() && source.recovered()) {
                // The source refused this template's fill-in (a server's statement timeout, an
                // error in the data) and still answers: the template is rejected, the others go on.
                if (auto s = groupStore.clearGroups(record.id); !s)
                    return R::failure(s.error());
                record.state = CurationState::Rejected;
                record.reason = outcome.error();
                if (auto s = store.updateSqlTemplate(record); !s)
                    return R::failure(s.error());
                if (auto s = one->commit(); !s)
                    return R::failure(s);
                ++report.rejected;
                continue;
            }
            if (!outcome)
                return R::failure(outcome.error(), outcome.code());
            if (auto s = source.keep(); !s)
                return R::failure(s);
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
        if (before.value().groups > 0) {
            auto after = groupStore.fingerprint(record.id);
            if (!after)
                return R::failure(after);
            const bool sameDocuments = after.value().documents == before.value().documents || after.value().withDocuments == 0;
            if (after.value().digest == before.value().digest && after.value().groups == before.value().groups && sameDocuments) {
                // The same groups: the savepoint is rolled back, so the template keeps its
                // groups (ids and all) and their queries; its measurement (state under this
                // threshold, singular-answer rate) is written again.
                one.reset();
                if (auto s = store.updateSqlTemplate(record); !s)
                    return R::failure(s.error());
                ++report.unchanged;
                report.groups += before.value().groups;
                (record.state == CurationState::Accepted ? report.accepted
                 : record.state == CurationState::Review ? report.review
                                                         : report.rejected)++;
                continue;
            }
            ++report.changed;
            report.queriesRemoved += before.value().queries;
        }
        if (auto s = one->commit(); !s)
            return R::failure(s);
        report.groups += groups;
        (record.state == CurationState::Accepted ? report.accepted
         : record.state == CurationState::Review ? report.review
                                                   : report.rejected)++;
        if (job)
            job->reportProgress(qint64(i + 1) * 1000, qint64(sqls.size()) * 1000,
                                QStringLiteral("Template %1 of %2: %3 groups").arg(i + 1).arg(sqls.size()).arg(QLocale().toString(groups)));
    }
    if (report.queriesRemoved > 0 && !m_allowRemovals)
        return R::failure(QStringLiteral("generating again would remove %1 text queries: %2 SQL template(s) now give other semantic groups than they did "
                                         "(%3 came out the same and are kept). Nothing was changed; confirm to go ahead (--replace on the command line).")
                              .arg(QLocale().toString(report.queriesRemoved))
                              .arg(report.changed)
                              .arg(report.unchanged),
                          ErrorCode::WouldRemove);
    if (auto s = tx.commit(); !s)
        return R::failure(s.error());
    return report;
}

} // namespace assay
