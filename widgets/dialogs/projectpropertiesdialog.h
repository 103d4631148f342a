#pragma once
#include <QDialog>

class QLineEdit;
class QPlainTextEdit;

namespace assay {

class Project;

// Edits the project's name and description; each change is pushed to the project's undo stack.
class ProjectPropertiesDialog : public QDialog {
    Q_OBJECT
public:
    ProjectPropertiesDialog(Project *project, QWidget *parent = nullptr);
    void accept() override;

private:
    Project *m_project;
    QLineEdit *m_name;
    QPlainTextEdit *m_description;
};

} // namespace assay
