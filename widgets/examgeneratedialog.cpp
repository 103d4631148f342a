#include "examgeneratedialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace assay {

ExamGenerateDialog::ExamGenerateDialog(const QStringList &querySets, const QString &suggestedName, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Generate a Grounded Exam"));
    m_name = new QLineEdit(suggestedName, this);
    m_querySet = new QComboBox(this);
    m_querySet->addItems(querySets);
    m_seed = new QSpinBox(this);
    m_seed->setRange(0, 1000000);
    m_seed->setValue(1);
    m_seed->setToolTip(tr("Places the correct option among A–D; the same seed gives the same exam."));
    auto *about = new QLabel(tr("One multiple-choice item per semantic group of the query set: the question, the answer the knowledge "
                                "base gives, and three distractors from the same column. Items are then filtered (answer in the stem, "
                                "duplicate or too similar options) with the default thresholds."),
                             this);
    about->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Generate"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_name, &QLineEdit::textChanged, this, [this, buttons] {
        buttons->button(QDialogButtonBox::Ok)->setEnabled(!m_name->text().trimmed().isEmpty() && m_querySet->count() > 0);
    });
    buttons->button(QDialogButtonBox::Ok)->setEnabled(!suggestedName.isEmpty() && !querySets.isEmpty());
    auto *form = new QFormLayout(this);
    form->addRow(about);
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Query set:"), m_querySet);
    form->addRow(tr("Seed:"), m_seed);
    form->addRow(buttons);
    resize(480, sizeHint().height());
}

QString ExamGenerateDialog::name() const { return m_name->text().trimmed(); }
QString ExamGenerateDialog::querySet() const { return m_querySet->currentText(); }
quint64 ExamGenerateDialog::seed() const { return quint64(m_seed->value()); }

} // namespace assay
