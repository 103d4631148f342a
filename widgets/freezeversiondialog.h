#pragma once
// Queries → Versions → Freeze Working Set…: the new version's name (unique), a note, and what
// it freezes — every form, one form, or an exam's kept items.
#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

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

private:
    void validate();
    QLineEdit *m_name;
    QLineEdit *m_note;
    QComboBox *m_what;
    QLabel *m_problem;
    QPushButton *m_ok;
    QStringList m_taken;
};

} // namespace assay
