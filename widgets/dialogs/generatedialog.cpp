#include "dialogs/generatedialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>

namespace assay {

GenerateDialog::GenerateDialog(Step step, const QStringList &forms, const QStringList &profiles, QWidget *parent) : QDialog(parent), m_step(step)
{
    auto *form = new QFormLayout(this);
    auto *about = new QLabel(this);
    about->setWordWrap(true);
    form->addRow(about);
    if (step != Step::Queries) {
        m_source = new QComboBox(this);
        m_source->setObjectName(QStringLiteral("generateSource"));
        m_source->addItem(step == Step::SqlTemplates ? tr("Rules over the schema") : tr("Offline verbalizer"), QString());
        for (const QString &p : profiles)
            m_source->addItem(tr("LLM profile %1").arg(p), p);
        form->addRow(tr("Written by:"), m_source);
    }
    const auto buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    switch (step) {
    case Step::SqlTemplates:
        setWindowTitle(tr("Generate SQL Templates"));
        about->setText(tr("SQL templates ask one column of a table (or of two joined tables) given other columns' values. Each is "
                          "validated and run on the knowledge base: its semantic groups are the existing value combinations, and a "
                          "template whose groups too rarely have a single answer is flagged for review."));
        m_threshold = new QDoubleSpinBox(this);
        m_threshold->setRange(0, 1);
        m_threshold->setSingleStep(0.05);
        m_threshold->setDecimals(2);
        m_threshold->setValue(0.95);
        m_threshold->setToolTip(tr("Share of semantic groups with exactly one answer below which a template is flagged for review."));
        form->addRow(tr("Singular-answer threshold:"), m_threshold);
        m_requirements = new QLineEdit(this);
        m_requirements->setPlaceholderText(tr("LLM only: e.g. prefer questions about dates"));
        form->addRow(tr("Extra criterion:"), m_requirements);
        connect(m_source, &QComboBox::currentIndexChanged, this, [this] { m_requirements->setEnabled(!profile().isEmpty()); });
        m_requirements->setEnabled(false);
        buttons->button(QDialogButtonBox::Ok)->setText(tr("Generate"));
        break;
    case Step::TextTemplates:
        setWindowTitle(tr("Generate Text Templates"));
        about->setText(tr("Text templates phrase each accepted SQL template in natural language, once per linguistic form, keeping "
                          "its placeholders. A template whose placeholders do not match is rejected with the reason."));
        m_forms = new QListWidget(this);
        m_forms->setObjectName(QStringLiteral("generateForms"));
        for (const QString &f : forms) {
            auto *item = new QListWidgetItem(f, m_forms);
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(Qt::Checked);
        }
        m_forms->setMaximumHeight(m_forms->sizeHintForRow(0) * 4 + 8);
        form->addRow(tr("Forms:"), m_forms);
        m_newForm = new QLineEdit(this);
        m_newForm->setPlaceholderText(tr("optional, e.g. question"));
        m_newCriteria = new QLineEdit(this);
        m_newCriteria->setPlaceholderText(tr("how texts of the new form read (for the LLM prompt)"));
        form->addRow(tr("New form:"), m_newForm);
        form->addRow(tr("Its criteria:"), m_newCriteria);
        m_perTemplate = new QSpinBox(this);
        m_perTemplate->setRange(1, 20);
        m_perTemplate->setValue(3);
        form->addRow(tr("Per SQL template and form:"), m_perTemplate);
        buttons->button(QDialogButtonBox::Ok)->setText(tr("Generate"));
        break;
    case Step::Queries:
        setWindowTitle(tr("Build Text Queries"));
        about->setText(tr("Every accepted text template is filled with each semantic group's values; the group's answer, from "
                          "the knowledge base, is the ground truth. The existing text queries are replaced (runs keep theirs)."));
        m_balanced = new QCheckBox(tr("Balanced: the same number of text templates per SQL template and form"), this);
        m_balanced->setObjectName(QStringLiteral("generateBalanced"));
        form->addRow(m_balanced);
        buttons->button(QDialogButtonBox::Ok)->setText(tr("Build"));
        break;
    }
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
    resize(520, sizeHint().height());
}

QString GenerateDialog::profile() const { return m_source ? m_source->currentData().toString() : QString(); }

GenerationWorkflow::SqlOptions GenerateDialog::sqlOptions() const
{
    GenerationWorkflow::SqlOptions o;
    o.llmProfile = profile();
    if (m_threshold)
        o.threshold = m_threshold->value();
    if (m_requirements)
        o.requirements = m_requirements->text().trimmed();
    return o;
}

GenerationWorkflow::TextOptions GenerateDialog::textOptions() const
{
    GenerationWorkflow::TextOptions o;
    o.llmProfile = profile();
    o.forms.clear();
    if (m_forms)
        for (int i = 0; i < m_forms->count(); ++i)
            if (m_forms->item(i)->checkState() == Qt::Checked)
                o.forms << m_forms->item(i)->text();
    if (m_newForm && !m_newForm->text().trimmed().isEmpty()) {
        const QString name = m_newForm->text().trimmed();
        o.criteria.insert(name, m_newCriteria->text().trimmed());
        if (!o.forms.contains(name))
            o.forms << name;
    }
    if (m_perTemplate)
        o.perTemplate = m_perTemplate->value();
    return o;
}

bool GenerateDialog::balanced() const { return m_balanced && m_balanced->isChecked(); }

} // namespace assay
