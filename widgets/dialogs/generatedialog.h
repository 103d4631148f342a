#pragma once
// Asks how one generation step runs: SQL templates (rules or an LLM profile, the
// singular-answer threshold, an extra criterion), text templates (forms, how many per SQL
// template, offline verbalizer or an LLM profile, the criteria of a new form) or the text
// queries (all, or balanced across groups and forms).
#include "generation/generationworkflow.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QListWidget;
class QSpinBox;

namespace assay {

class GenerateDialog : public QDialog {
    Q_OBJECT
public:
    enum class Step { SqlTemplates, TextTemplates, Queries };
    // forms: the project's forms; profiles: the LLM profiles' names.
    GenerateDialog(Step step, const QStringList &forms, const QStringList &profiles, QWidget *parent = nullptr);

    GenerationWorkflow::SqlOptions sqlOptions() const;
    GenerationWorkflow::TextOptions textOptions() const;
    bool balanced() const;

private:
    QString profile() const;
    Step m_step;
    QComboBox *m_source = nullptr;
    QDoubleSpinBox *m_threshold = nullptr;
    QLineEdit *m_requirements = nullptr;
    QListWidget *m_forms = nullptr;
    QLineEdit *m_newForm = nullptr;
    QLineEdit *m_newCriteria = nullptr;
    QSpinBox *m_perTemplate = nullptr;
    QCheckBox *m_balanced = nullptr;
};

} // namespace assay
