#pragma once
// A project with one imported, judged run, for the tests of human labels.
#include "project/project.h"
#include "runs/importedrunitem.h"
#include "runs/runstore.h"

#include <QTemporaryDir>

#include <memory>

namespace assay::test {

// Run `name` of n items whose answers are correct for even i, with retrieved text naming the
// gold; the imported verdict is the truth except on items i % 10 == 1 (optimistic) and == 4
// (cynical).
inline std::unique_ptr<Project> projectWithRun(const QTemporaryDir &dir, int n, const QString &name = QStringLiteral("r"))
{
    auto project = Project::create(dir.filePath(QStringLiteral("p.assay")));
    if (!project)
        return nullptr;
    QVector<ImportedRunItem> items;
    for (int i = 0; i < n; ++i) {
        ImportedRunItem it;
        it.key = QStringLiteral("q%1").arg(i);
        it.query = QStringLiteral("Where is item %1?").arg(i);
        it.gold = QStringLiteral("Tallinn");
        it.answer = i % 2 == 0 ? QStringLiteral("It is in Tallinn.") : QStringLiteral("Riga");
        it.retrievedText = QStringLiteral("Item %1 was moved from Riga to Tallinn in 2014.").arg(i);
        it.group = QStringLiteral("g%1").arg(i / 3);
        it.hasVerdict = true;
        const int truth = i % 2 == 0;
        it.verdict = i % 10 == 1 ? 1 : i % 10 == 4 ? 0 : truth;
        items << it;
    }
    if (!RunStore(project.value()->database()).createImported(name, QStringLiteral("short"), QStringLiteral("test"), items))
        return nullptr;
    return project.take();
}

} // namespace assay::test
