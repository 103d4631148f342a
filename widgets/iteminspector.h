#pragma once
// The inspector of one executed run item (Runs page): query, answer against gold, status,
// tokens, cost and latency; for an agentic item the step timeline (a strip of the steps,
// the steps table, the selected step's thought, arguments and observation); for any other
// item the retrieved text.
#include "runs/runstore.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;
class QTextBrowser;

namespace assay {

class AgentStepsModel;
class TimelineStrip;

class ItemInspector : public QWidget {
    Q_OBJECT
public:
    explicit ItemInspector(QWidget *parent = nullptr);
    void show(const RunItemDetail &detail);
    // An item that could not be read: the reason, in place of the item.
    void showError(const QString &message);
    void clear();
    QString text() const;
    AgentStepsModel *steps() const { return m_steps; }
    TimelineStrip *strip() const { return m_strip; }

signals:
    // Label… : the shown item, to be labelled on Analysis → Labels.
    void labelRequested(qint64 itemId);

private:
    void describeStep(int step);

    RunItemDetail m_detail;
    QLabel *m_header;
    TimelineStrip *m_strip;
    QTableView *m_stepsView;
    AgentStepsModel *m_steps;
    QTextBrowser *m_text;
    QPushButton *m_label;
};

} // namespace assay
