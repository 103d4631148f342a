#pragma once
// The Exams page: choose an exam, filter its items (Bloom level, question type, source,
// filter reason), accept / reject a selection and edit stem, options and key in place (all
// undoable), with the exam's statistics and baselines above the grid and the IRT panel
// (fit, item and test information curves) below it.
#include "core/curationstate.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;

namespace assay {

class ExamItemsModel;
class IrtPanel;
class Job;
class Project;

class ExamsPage : public QWidget {
    Q_OBJECT
public:
    explicit ExamsPage(Project *project, QWidget *parent = nullptr);
    void reload();
    ExamItemsModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QComboBox *examChooser() const { return m_exam; }
    QComboBox *reasonFilter() const { return m_reason; }
    QString statsText() const;
    IrtPanel *irtPanel() const { return m_irt; }

signals:
    void jobStarted(Job *job);

public slots:
    void acceptSelection();
    void rejectSelection();

private:
    void applyFilter();
    void showExam();
    void setSelectionState(CurationState state);
    Project *m_project;
    ExamItemsModel *m_model;
    QComboBox *m_exam;
    QComboBox *m_bloom;
    QComboBox *m_type;
    QComboBox *m_reason;
    QLineEdit *m_source;
    QTableView *m_view;
    QLabel *m_stats;
    QLabel *m_message;
    IrtPanel *m_irt;
};

} // namespace assay
