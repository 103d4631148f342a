#pragma once
// The Labels view of the Analysis page: a person labels a run's answers one after another —
// the query, the gold answer, the run's answer and its retrieved context with both
// highlighted; Correct / Incorrect / Skip by mouse or the keys 1 / 2 / 0. Items come in a
// seeded order (random, stratified by the judge's verdict, or where judges disagree most);
// every label is an undoable edit stored under the labeller's name (Settings). Below: the
// corrected (prediction-powered) accuracy of the analysis judge and Cohen's κ between
// labellers. Reads that touch the whole run run in the background.
#include "analysis/labelqueue.h"
#include "analysis/labelleragreement.h"
#include "analysis/ppiestimate.h"
#include "core/result.h"
#include "runs/humanlabel.h"

#include <QSet>
#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTextBrowser;

namespace assay {

class Job;
class LabelStore;
class Project;

class LabelPanel : public QWidget {
    Q_OBJECT
public:
    explicit LabelPanel(Project *project, QWidget *parent = nullptr);
    ~LabelPanel() override;

    void setRuns(const QStringList &runs);
    // The judge whose accuracy the labels correct (the Analysis page's judge).
    void setJudge(const QString &judge);
    // Settings changed the labeller's name: the progress and the next item are theirs.
    void labellerChanged();
    // Label… from an inspector: the run, with `itemId` shown first.
    void labelItem(const QString &run, qint64 itemId);
    // 1 correct, 0 incorrect, -1 skip: what the buttons and the keys 1 / 2 / 0 do.
    void answer(int verdict);

    QString run() const;
    qint64 currentItem() const { return m_current; }
    QString labeller() const;
    int labelledByMe() const { return int(m_mine.size()); }
    QString cardHtml() const;
    QString summaryText() const;
    // The background work (order, summary) in flight, for tests.
    bool isBusy() const;

signals:
    void jobStarted(assay::Job *job);
    // The labels of `run` changed: analyses of it are stale.
    void labelsChanged(const QString &run);
    void ready(); // an order or a summary was read

private:
    void buildControls();
    void reorder();
    void readLabels();
    // Every label on the chosen run, by every labeller.
    Result<QVector<HumanLabel>> runLabels() const;
    void showNext();
    void showItem(qint64 itemId);
    void refreshSummary();
    void importLabels();
    void exportLabels();
    void showProgress();

    Project *m_project;
    LabelStore *m_store;
    QComboBox *m_run;
    QComboBox *m_rule;
    QSpinBox *m_seed;
    QSpinBox *m_sample;
    QLabel *m_who;
    QProgressBar *m_progress;
    QLabel *m_note;
    QTextBrowser *m_card;
    QCheckBox *m_showJudge;
    QPushButton *m_correct, *m_incorrect, *m_skip;
    QLabel *m_summary;
    QString m_judge;
    QVector<qint64> m_order;
    QSet<qint64> m_mine;    // items labelled by this labeller on the run
    QSet<qint64> m_skipped; // this session's skips
    qint64 m_current = 0;
    qint64 m_requested = 0; // labelItem()'s item, shown once the order is read
    std::unique_ptr<Job> m_orderJob, m_summaryJob;
    bool m_summaryAgain = false;
};

} // namespace assay
