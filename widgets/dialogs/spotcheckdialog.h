#pragma once
// A spot check of one evidence tier (docs/METHODS.md §1.6.4): the drawn links one at a time —
// the group's values and answer, the document and the sentence the linker read — and a verdict
// for each: 1 right, 2 wrong, 0 skip (keys or buttons). Finish (or the last verdict) ends the
// check; the panel stores the verdicts given so far as one undoable edit.
#include "grounding/groundlink.h"

#include <QDialog>
#include <QVector>

class QLabel;
class QProgressBar;
class QPushButton;

namespace assay {

class SpotCheckDialog : public QDialog {
    Q_OBJECT
public:
    SpotCheckDialog(const QString &tier, QVector<GroundLink> sample, QWidget *parent = nullptr);
    // The links given a verdict (right or wrong), with it applied.
    QVector<GroundLink> verdicts() const;
    // What keys 1, 2 and 0 do.
    void judge(GroundLink::Check verdict);
    int position() const { return m_at; }
    QString shownText() const;
    // Cancel or Escape: asks first when verdicts would be lost.
    void reject() override;

private:
    void showLink(int at);

    QString m_tier;
    QVector<GroundLink> m_sample;
    QVector<GroundLink::Check> m_checks;
    int m_at = 0;
    QLabel *m_where;
    QLabel *m_fact;
    QLabel *m_evidence;
    QProgressBar *m_progress;
    QPushButton *m_back;
};

} // namespace assay
