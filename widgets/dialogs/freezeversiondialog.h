#pragma once
// Queries → Versions → Freeze Working Set…: the new version's name (unique), a note, and what
// it freezes — every form, one form, or an exam's kept items — and whether all of it or a random
// sample of its semantic groups (a version small enough for every CI run).
#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace assay {

class FreezeVersionDialog : public QDialog {
    Q_OBJECT
public:
    FreezeVersionDialog(const QStringList &forms, const QStringList &exams, const QStringList &taken, QWidget *parent = nullptr);
    QString name() const;
    QString note() const;
    QString kind() const;   // "queries" or "exam"
    QString source() const; // the form ('' every form) or the exam
    QLineEdit *nameEdit() const { return m_name; }
    QComboBox *what() const { return m_what; }
    int sampleGroups() const; // 0: every group
    QSpinBox *sampleBox() const { return m_sample; }

private:
    void validate();
    QLineEdit *m_name;
    QLineEdit *m_note;
    QComboBox *m_what;
    QSpinBox *m_sample;
    QLabel *m_problem;
    QPushButton *m_ok;
    QStringList m_taken;
};

} // namespace assay
