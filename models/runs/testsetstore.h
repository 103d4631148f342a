#pragma once
// Frozen test-set versions in the project file (migration 22; docs/METHODS.md §11.2): freezing
// copies a query set's accepted queries (or an exam's kept items) with a content hash, a time
// and a note, in one transaction; a version is never changed afterwards (triggers refuse it).
// Runs name the version they ran on; each version may have one baseline run.
#include "core/result.h"
#include "runs/testsetitem.h"

#include <QString>
#include <QVector>

#include <functional>
#include <memory>
#include <optional>

namespace assay {

class Database;
class Project;

// Freeze a sample of the working set instead of all of it: `groups` semantic groups drawn with
// `seed` (TestSetItem::sampleGroups), e.g. a version small enough for every CI run.
struct TestSetSample {
    int groups = 0; // 0: every group
    quint64 seed = 1;
};

struct TestSetInfo {
    qint64 id = 0;
    QString name;
    QString kind;   // "queries" or "exam"
    QString source; // the form ('' every form) or the exam
    QString note;
    QString hash;
    QString createdAt;
    qint64 items = 0;
    qint64 runs = 0;   // runs made on it
    QString baseline;  // its baseline run's name, empty when none is marked
    // "every form", "form short", "exam demo-exam"
    QString sourceText() const;
};

class TestSetStore {
public:
    explicit TestSetStore(Database &db);
    // The store on the project's own connection (Project::service).
    static std::unique_ptr<TestSetStore> createFor(Project &project);
    // The working set's items now: the accepted queries of a form ('' every form).
    Result<QVector<TestSetItem>> workingQueries(const QString &form) const;
    // Freezes the working set as version `name`, in one transaction: the items `read` returns
    // (read inside it); fails when the name is taken or the set is empty. An exam's items come
    // from ExamTestSet (the exams layer); a query set's from workingQueries. A sample keeps
    // `sample.groups` of them and says so after the note ("sample of 400 of 3,644 groups, seed 1").
    using ItemReader = std::function<Result<QVector<TestSetItem>>()>;
    Result<TestSetInfo> freeze(const QString &name, const QString &note, const QString &kind, const QString &source, const ItemReader &read,
                               const TestSetSample &sample = {});
    Result<TestSetInfo> freezeQueries(const QString &name, const QString &note, const QString &form, const TestSetSample &sample = {});
    Result<QVector<TestSetInfo>> list() const;
    Result<TestSetInfo> info(const QString &name) const;
    Result<TestSetInfo> info(qint64 id) const;
    Result<QVector<TestSetItem>> items(qint64 testsetId) const;
    // The version whose content is exactly `hash` for that kind and source (the newest), if any.
    Result<std::optional<qint64>> withHash(const QString &hash, const QString &kind, const QString &source) const;

    // Baselines: testset 0 is the working set.
    Status markBaseline(qint64 runId);
    // The baseline of the version run `runId` ran on; none when that version has none.
    Result<std::optional<qint64>> baselineFor(qint64 runId) const;
    // The working set's baseline run's name, empty when none is marked.
    Result<QString> workingSetBaseline() const;
    // The version a run ran on: its id, 0 for the working set.
    Result<qint64> versionOf(qint64 runId) const;

private:
    Database &m_db;
};

} // namespace assay
