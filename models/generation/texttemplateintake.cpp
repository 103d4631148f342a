#include "generation/texttemplateintake.h"

#include "generation/generationstore.h"
#include "generation/offlineverbalizer.h"
#include "generation/sqltemplate.h"
#include "generation/texttemplatecheck.h"
#include "project/project.h"
#include "project/transaction.h"
#include "schema/knowledgebase.h"

namespace assay {

TextTemplateIntake::TextTemplateIntake(Project &project) : m_project(project) {}

Result<TextTemplateIntake::Report> TextTemplateIntake::add(qint64 sqlTemplateId, const QString &form,
                                                           const QStringList &texts, const QString &source)
{
    using R = Result<Report>;
    GenerationStore store(m_project.database());
    auto sql = store.sqlTemplate(sqlTemplateId);
    if (!sql)
        return R::failure(sql.error());
    const SqlTemplate sqlTemplate(sql.value().sql);
    Report report;
    Transaction tx(m_project.database());
    if (!tx.began())
        return R::failure(tx.beginStatus());
    for (const QString &text : texts) {
        TextTemplateRecord r{0, sqlTemplateId, form, text.trimmed(), source, CurationState::Accepted, QString()};
        if (auto check = TextTemplateCheck::check(r.text, sqlTemplate); !check) {
            r.state = CurationState::Rejected;
            r.reason = check.error();
            ++report.rejected;
        } else {
            ++report.accepted;
        }
        if (auto id = store.addTextTemplate(r); !id)
            return R::failure(id.error());
    }
    if (auto s = tx.commit(); !s)
        return R::failure(s.error());
    return report;
}

Result<TextTemplateIntake::Report> TextTemplateIntake::generateOffline(const QStringList &forms, int perTemplate)
{
    using R = Result<Report>;
    for (const QString &form : forms)
        if (OfflineVerbalizer::available(form) == 0)
            return R::failure(QStringLiteral("the offline verbalizer writes only the short and long forms, not '%1'").arg(form));
    GenerationStore store(m_project.database());
    const OfflineVerbalizer verbalizer(*m_project.service<KnowledgeBase>());
    Report total;
    Transaction tx(m_project.database());
    if (!tx.began())
        return R::failure(tx.beginStatus());
    auto all = store.sqlTemplates();
    if (!all)
        return R::failure(all);
    for (const SqlTemplateRecord &r : all.value()) {
        if (r.state != CurationState::Accepted)
            continue;
        for (const QString &form : forms) {
            auto report = add(r.id, form, verbalizer.verbalize(SqlTemplate(r.sql), form, perTemplate), QStringLiteral("offline"));
            if (!report)
                return report;
            total.accepted += report.value().accepted;
            total.rejected += report.value().rejected;
        }
    }
    if (auto s = tx.commit(); !s)
        return R::failure(s.error());
    return total;
}

} // namespace assay
