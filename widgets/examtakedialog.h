#pragma once
// Chooses the students that take an exam: what each kind of TakerRegistry offers for the
// project's LLM profiles (the offline IR students checked by default).
#include <QDialog>

class QListWidget;

namespace assay {

class ExamTakeDialog : public QDialog {
    Q_OBJECT
public:
    ExamTakeDialog(const QString &exam, const QStringList &profiles, QWidget *parent = nullptr);
    QStringList students() const;
    QListWidget *list() const { return m_list; }

private:
    QListWidget *m_list;
};

} // namespace assay
