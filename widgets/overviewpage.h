#pragma once
// The project's first page: its name and the getting-started checklist, one row per step of
// an evaluation (ProjectProgress) with what the project holds there and a button that does or
// continues the step; the first step still to do is marked "next". The main window decides
// where a step's button leads (stepRequested).
#include "overview/projectprogress.h"

#include <QWidget>

class QGridLayout;
class QLabel;
class QPushButton;

namespace assay {

class ChangeFollower;
class MessageBar;
class Project;

class OverviewPage : public QWidget {
    Q_OBJECT
public:
    explicit OverviewPage(Project *project, QWidget *parent = nullptr);

    // Re-reads the steps (cheap aggregate counts); returns false when the read failed.
    bool refresh();
    QVector<ProjectProgress::Item> items() const { return m_items; }
    QPushButton *button(ProjectProgress::Step step) const;
    QString nextText() const;
    // The folder the report was last exported to from this project, remembered per project.
    void setLastReport(const QString &dir);
    QString lastReport() const;

signals:
    void stepRequested(assay::ProjectProgress::Step step);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void buildRows();
    QString settingsKey() const;

    Project *m_project;
    QLabel *m_title;
    QLabel *m_next;
    MessageBar *m_message;
    QGridLayout *m_grid;
    QVector<QLabel *> m_marks, m_titles, m_details;
    QVector<QPushButton *> m_buttons;
    QVector<ProjectProgress::Item> m_items;
    ChangeFollower *m_follower;
};

} // namespace assay
