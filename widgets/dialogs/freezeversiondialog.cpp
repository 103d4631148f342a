#include "dialogs/freezeversiondialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace assay {

FreezeVersionDialog::FreezeVersionDialog(const QStringList &forms, const QStringList &exams, const QStringList &taken, QWidget *parent)
    : QDialog(parent), m_name(new QLineEdit(this)), m_note(new QLineEdit(this)), m_what(new QComboBox(this)), m_sample(new QSpinBox(this)),
      m_problem(new QLabel(this)), m_taken(taken)
{
    setWindowTitle(tr("Freeze Working Set"));
    setObjectName(QStringLiteral("freezeVersionDialog"));
    int next = taken.size() + 1;
    while (taken.contains(QStringLiteral("v%1").arg(next)))
        ++next;
    m_name->setText(QStringLiteral("v%1").arg(next));
    m_name->setObjectName(QStringLiteral("freezeName"));
    m_note->setPlaceholderText(tr("What this version is for (optional)"));
    m_what->addItem(tr("Every query set"), QStringList{QStringLiteral("queries"), QString()});
    for (const QString &f : forms)
        m_what->addItem(tr("Query set %1").arg(f), QStringList{QStringLiteral("queries"), f});
    for (const QString &e : exams)
        m_what->addItem(tr("Exam %1").arg(e), QStringList{QStringLiteral("exam"), e});
    auto *intro = new QLabel(tr("A frozen version keeps today's accepted queries (or an exam's kept items) exactly as they are. Later generation and "
                                "curation change only the working set; runs on the version stay comparable, and a version is never changed or deleted."),
                             this);
    intro->setWordWrap(true);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b02a2a"));
    auto *form = new QFormLayout;
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Freeze:"), m_what);
    m_sample->setObjectName(QStringLiteral("freezeSample"));
    m_sample->setRange(0, 1000000);
    m_sample->setSingleStep(100);
    m_sample->setSpecialValueText(tr("every group"));
    m_sample->setSuffix(tr(" groups, drawn at random"));
    m_sample->setToolTip(tr("Keep only this many semantic groups, each with all its queries, drawn at random (seed 1; the note records it): "
                            "a version small enough to run on every change. 0 keeps every group."));
    form->addRow(tr("Sample:"), m_sample);
    form->addRow(tr("Note:"), m_note);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Freeze"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_name, &QLineEdit::textChanged, this, &FreezeVersionDialog::validate);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    resize(520, sizeHint().height());
    validate();
}

void FreezeVersionDialog::validate()
{
    const QString n = name();
    QString problem;
    if (n.isEmpty())
        problem = tr("Give the version a name.");
    else if (m_taken.contains(n))
        problem = tr("A version named %1 exists; versions are frozen, so choose another name.").arg(n);
    else if (n == QLatin1String("working"))
        problem = tr("'working' names the working set; choose another name.");
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_ok->setEnabled(problem.isEmpty() && m_what->count() > 0);
}

QString FreezeVersionDialog::name() const { return m_name->text().trimmed(); }
QString FreezeVersionDialog::note() const { return m_note->text().trimmed(); }
int FreezeVersionDialog::sampleGroups() const { return m_sample->value(); }
QString FreezeVersionDialog::kind() const { return m_what->currentData().toStringList().value(0); }
QString FreezeVersionDialog::source() const { return m_what->currentData().toStringList().value(1); }

} // namespace assay
