#pragma once
// Driving the Runs page in GUI tests: check a retriever × reader/k cell of the launcher grid,
// wait until the run queue is idle, and save a screenshot when ASSAY_SCREENSHOT_DIR is set.
#include "runspage.h"

#include <QElapsedTimer>
#include <QTableWidget>
#include <QtTest>

namespace assay::test {

inline bool checkLauncherCell(QTableWidget *grid, const QString &retriever, const QString &column)
{
    for (int r = 0; r < grid->rowCount(); ++r)
        for (int c = 0; c < grid->columnCount(); ++c)
            if (grid->verticalHeaderItem(r)->text() == retriever && grid->horizontalHeaderItem(c)->data(Qt::UserRole).toString() == column) {
                grid->item(r, c)->setCheckState(Qt::Checked);
                return true;
            }
    return false;
}

inline bool waitIdle(RunsPage &page, int ms = 60000)
{
    QElapsedTimer clock;
    clock.start();
    while ((page.queue()->isRunning() || (page.queue()->queued() > 0 && !page.queue()->isPaused())) && clock.elapsed() < ms)
        QTest::qWait(20);
    QTest::qWait(50);
    return !page.queue()->isRunning();
}

inline void screenshot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("ASSAY_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        w->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}

} // namespace assay::test
