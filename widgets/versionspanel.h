#pragma once
// Queries → Versions: the frozen test-set versions (docs/METHODS.md §11.2) — list, freeze the
// working set (a job), and compare any two (or a version with the working set): the counts of
// added, removed, changed and unchanged items, and the items themselves, filtered by change;
// for an exam version against the working set, the exam's takes estimated on the version.
#include "core/result.h"

#include <QWidget>

#include <functional>
#include <memory>

class QComboBox;
class QLabel;
class QPushButton;
class QTableView;
class QTableWidget;
class QTabWidget;

namespace assay {

class Job;
class MessageBar;
class Project;
class TestSetDiffModel;
class TestSetsModel;

class VersionsPanel : public QWidget {
    Q_OBJECT
public:
    explicit VersionsPanel(Project *project, QWidget *parent = nullptr);
    ~VersionsPanel() override;

    void reload();
    // Freezes the working set (a form, '' every form; or an exam) as `name`, in the background.
    Job *startFreeze(const QString &name, const QString &note, const QString &kind, const QString &source, int sampleGroups = 0);
    // Compares version `from` with `to` ("" for the working set), in the background.
    Job *startCompare(const QString &from, const QString &to);
    TestSetsModel *versions() const { return m_versions; }
    TestSetDiffModel *diff() const { return m_diff; }
    QString summaryText() const;
    QComboBox *fromBox() const { return m_from; }
    QComboBox *toBox() const { return m_to; }
    // An exam version compared with the working set: the exam's takes estimated on the
    // version's items (ExamVersionEstimator), one row per take.
    QTableWidget *takes() const { return m_takes; }

signals:
    void jobStarted(assay::Job *job);
    void versionFrozen(const QString &name);
    void compared();

private:
    void openFreezeDialog();
    Job *startJob(const QString &title, std::function<Status(Job &)> work, std::function<void()> done);

    Project *m_project;
    TestSetsModel *m_versions;
    TestSetDiffModel *m_diff;
    QTableView *m_list;
    QTableView *m_items;
    QTableWidget *m_takes;
    QTabWidget *m_lower;
    QComboBox *m_from;
    QComboBox *m_to;
    QComboBox *m_filter;
    QPushButton *m_freeze;
    QPushButton *m_compare;
    QLabel *m_empty;
    QLabel *m_summary;
    MessageBar *m_messages;
    std::unique_ptr<Job> m_job;
};

} // namespace assay
