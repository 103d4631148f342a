#include "dialogs/projectpropertiesdialog.h"

#include "commands/setprojectpropertycommand.h"
#include "project/project.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QUndoStack>
#include <QVBoxLayout>

namespace assay {

ProjectPropertiesDialog::ProjectPropertiesDialog(Project *project, QWidget *parent)
    : QDialog(parent), m_project(project), m_name(new QLineEdit(project->name(), this)),
      m_description(new QPlainTextEdit(project->property(QStringLiteral("description")), this))
{
    setWindowTitle(tr("Project Properties"));
    setObjectName(QStringLiteral("projectPropertiesDialog"));
    m_name->setObjectName(QStringLiteral("projectName"));
    m_description->setObjectName(QStringLiteral("projectDescription"));
    auto *form = new QFormLayout;
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Description:"), m_description);
    form->addRow(tr("File:"), new QLabel(project->path(), this));
    form->addRow(tr("Schema version:"), new QLabel(QString::number(project->schemaVersion()), this));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    resize(520, 300);
}

void ProjectPropertiesDialog::accept()
{
    const QString name = m_name->text().trimmed();
    const QString description = m_description->toPlainText();
    QUndoStack *stack = m_project->undoStack();
    const bool nameChanged = !name.isEmpty() && name != m_project->name();
    const bool descriptionChanged = description != m_project->property(QStringLiteral("description"));
    if (nameChanged || descriptionChanged) {
        stack->beginMacro(tr("Edit project properties"));
        if (nameChanged)
            stack->push(new SetProjectPropertyCommand(m_project, QStringLiteral("name"), name));
        if (descriptionChanged)
            stack->push(new SetProjectPropertyCommand(m_project, QStringLiteral("description"), description));
        stack->endMacro();
    }
    QDialog::accept();
}

} // namespace assay
