#pragma once
// Asks for what a grounded exam is generated from: its name, the query set (form) whose
// semantic groups become items, and the seed that places the correct options.
#include <QDialog>

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace assay {

class ExamGenerateDialog : public QDialog {
    Q_OBJECT
public:
    ExamGenerateDialog(const QStringList &querySets, const QString &suggestedName, QWidget *parent = nullptr);
    QString name() const;
    QString querySet() const;
    quint64 seed() const;

private:
    QLineEdit *m_name;
    QComboBox *m_querySet;
    QSpinBox *m_seed;
};

} // namespace assay
