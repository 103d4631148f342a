#include "dialogs/runlaunchdialog.h"

#include "runlauncher.h"

#include <QDialogButtonBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace assay {

RunLaunchDialog::RunLaunchDialog(RunLauncher *launcher, QWidget *parent) : QDialog(parent), m_launcher(launcher)
{
    setObjectName(QStringLiteral("runLaunchDialog"));
    setWindowTitle(tr("New Runs"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_launcher, 1);
    layout->addWidget(m_launcher->startRow());
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setToolTip(tr("Close this window; what you chose stays for the next New Runs…"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    // The form beside the grid, both whole: wide rather than tall, for a 768-px screen.
    resize(1180, 480);
}

} // namespace assay
