#include "exams/examcuration.h"
#include "project/project.h"

#include "exams/examstore.h"
#include "project/database.h"
#include "project/transaction.h"

namespace assay {

ExamCuration::ExamCuration(Database &db, QObject *parent) : QObject(parent), m_db(db) {}

Result<QHash<qint64, CurationState>> ExamCuration::setStates(const QVector<qint64> &ids, CurationState state)
{
    using R = Result<QHash<qint64, CurationState>>;
    ExamStore store(m_db);
    QHash<qint64, CurationState> before;
    Transaction tx(m_db);
    if (!tx.began())
        return R::failure(tx.beginStatus());
    for (qint64 id : ids) {
        auto it = store.item(id);
        if (!it)
            return R::failure(it.error());
        before.insert(id, it.value().state);
        if (auto s = store.setState(id, state); !s)
            return R::failure(s.error());
    }
    if (auto s = tx.commit(); !s)
        return R::failure(s.error());
    emit changed();
    return before;
}

Status ExamCuration::restoreStates(const QHash<qint64, CurationState> &states)
{
    ExamStore store(m_db);
    Transaction tx(m_db);
    if (!tx.began())
        return tx.beginStatus();
    for (auto it = states.begin(); it != states.end(); ++it)
        if (auto s = store.setState(it.key(), it.value()); !s)
            return s;
    if (auto s = tx.commit(); !s)
        return s;
    emit changed();
    return {};
}

Result<ExamItem> ExamCuration::edit(qint64 id, const QString &stem, const QStringList &options, int answer)
{
    ExamStore store(m_db);
    auto before = store.item(id);
    if (!before)
        return before;
    if (auto s = store.updateContent(id, stem, options, answer); !s)
        return Result<ExamItem>::failure(s.error());
    emit changed();
    return before;
}

Result<ExamCuration::IrtState> ExamCuration::setIrt(qint64 examId, const IrtState &state)
{
    using R = Result<IrtState>;
    ExamStore store(m_db);
    IrtState before;
    auto current = store.items(examId, false);
    if (!current)
        return R::failure(current);
    for (const ExamItem &it : current.value()) {
        ExamItem old;
        old.key = it.key;
        old.a = it.a, old.b = it.b, old.c = it.c;
        before.parameters << old;
    }
    auto settings = store.irtSettings(examId);
    if (!settings)
        return R::failure(settings);
    before.settings = settings.take();
    auto twoDim = store.irtTwoDim(examId, false);
    if (!twoDim)
        return R::failure(twoDim);
    before.twoDim = twoDim.take();
    if (auto s = store.setIrt(examId, state.parameters, state.settings, state.twoDim); !s)
        return R::failure(s.error());
    emit changed();
    return before;
}

std::unique_ptr<ExamCuration> ExamCuration::createFor(Project &project)
{
    return std::make_unique<ExamCuration>(project.database());
}

} // namespace assay
