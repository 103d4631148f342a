#include "exams/testsetversions.h"

#include "exams/examtestset.h"
#include "project/project.h"

namespace assay {

const QString &TestSetVersions::examKind()
{
    static const QString kind = QStringLiteral("exam");
    return kind;
}

Result<TestSetInfo> TestSetVersions::freeze(Project &project, const QString &name, const QString &note, const QString &kind, const QString &source,
                                            const TestSetSample &sample)
{
    TestSetStore store(project.database());
    if (kind == examKind())
        return store.freeze(name, note, kind, source, [&] { return ExamTestSet::items(project.database(), source); }, sample);
    return store.freezeQueries(name, note, source, sample);
}

Result<QVector<TestSetItem>> TestSetVersions::items(Project &project, const QString &name, const TestSetInfo *like)
{
    TestSetStore store(project.database());
    if (name.isEmpty()) {
        if (like && like->kind == examKind())
            return ExamTestSet::items(project.database(), like->source);
        return store.workingQueries(like ? like->source : QString());
    }
    auto info = store.info(name);
    if (!info)
        return Result<QVector<TestSetItem>>::failure(info);
    return store.items(info.value().id);
}

} // namespace assay
