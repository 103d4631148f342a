#include "examtakedialog.h"

#include "exams/takerregistry.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace assay {

ExamTakeDialog::ExamTakeDialog(const QString &exam, const QStringList &profiles, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Take %1").arg(exam));
    m_list = new QListWidget(this);
    const auto add = [this](const QString &spec, const QString &what, bool checked) {
        auto *item = new QListWidgetItem(QStringLiteral("%1 — %2").arg(spec, what), m_list);
        item->setToolTip(item->text());
        item->setData(Qt::UserRole, spec);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
    };
    for (const TakerKind *kind : TakerRegistry::instance().kinds())
        if (kind->offered)
            for (const QString &spec : kind->offered(profiles))
                add(spec, kind->description, kind->checkedByDefault);
    auto *about = new QLabel(tr("Each checked student answers every accepted item; its answers are stored as one take, "
                                "replacing an earlier take of the same student. Fit IRT afterwards."),
                             this);
    about->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Take"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_list, &QListWidget::itemChanged, this, [this, buttons] { buttons->button(QDialogButtonBox::Ok)->setEnabled(!students().isEmpty()); });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(about);
    layout->addWidget(m_list, 1);
    layout->addWidget(buttons);
    resize(460, 420);
}

QStringList ExamTakeDialog::students() const
{
    QStringList out;
    for (int i = 0; i < m_list->count(); ++i)
        if (m_list->item(i)->checkState() == Qt::Checked)
            out << m_list->item(i)->data(Qt::UserRole).toString();
    return out;
}

} // namespace assay
