#pragma once
// Chooses the students that take an exam: the offline IR students (checked) and, for each LLM
// profile, an LLM answering by letter and one by option likelihood.
#include <QDialog>

class QListWidget;

namespace assay {

class ExamTakeDialog : public QDialog {
    Q_OBJECT
public:
    ExamTakeDialog(const QString &exam, const QStringList &offline, const QStringList &profiles, QWidget *parent = nullptr);
    QStringList students() const;
    QListWidget *list() const { return m_list; }

private:
    QListWidget *m_list;
};

} // namespace assay
