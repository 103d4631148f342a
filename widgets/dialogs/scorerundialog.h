#pragma once
// Score… on the Runs page: the judge of a run's answers and, for an LLM judge, how many
// independent verdicts per item (the majority is the verdict).
#include "runs/runqueue.h"

#include <QDialog>

class QSpinBox;

namespace assay {

class JudgeChooser;

class ScoreRunDialog : public QDialog {
    Q_OBJECT
public:
    // `judge`: the judge chosen at first (the launcher's).
    ScoreRunDialog(const QString &runName, const QString &judge, QWidget *parent = nullptr);
    // What scoring the run takes: the judge, its closed domain and the repeats.
    ScoreSpec spec() const;

private:
    JudgeChooser *m_chooser;
    QSpinBox *m_repeat;
};

} // namespace assay
