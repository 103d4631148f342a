#pragma once
// New Runs…: the run launcher (name, query sets, k, options, workflows, agent limits, the
// retriever × reader grid, the judge that scores the runs) in a window of its own, so that the
// whole form and grid are in view at 1366×768 and the Runs page keeps its height for the runs
// and their items. Start queues the planned runs and closes the window; Close keeps what was
// chosen for next time (the launcher lives as long as the page).
#include <QDialog>

namespace assay {

class RunLauncher;

class RunLaunchDialog : public QDialog {
    Q_OBJECT
public:
    // Takes the launcher (and its Start row) into this window's layout.
    RunLaunchDialog(RunLauncher *launcher, QWidget *parent = nullptr);

private:
    RunLauncher *m_launcher;
};

} // namespace assay
