#include "dialogs/settingsdialog.h"

#include "dialogs/llmprofilespage.h"
#include "runs/labelstore.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace assay {

namespace {
const QString recentKey = QStringLiteral("general/recentFilesMaximum");
const QString demoKey = QStringLiteral("general/demoFolder");
const QString restoreKey = QStringLiteral("general/restoreLastProject");
const QString labellerKey = QStringLiteral("labels/labeller");
} // namespace

int SettingsDialog::recentFilesMaximum() { return QSettings().value(recentKey, 10).toInt(); }

QString SettingsDialog::demoFolder()
{
    return QSettings()
        .value(demoKey, QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation))
        .toString();
}

bool SettingsDialog::restoreLastProject() { return QSettings().value(restoreKey, false).toBool(); }

QString SettingsDialog::labeller()
{
    const QString login = qEnvironmentVariable("USER", qEnvironmentVariable("USERNAME"));
    return QSettings().value(labellerKey, login.isEmpty() ? QStringLiteral("me") : login).toString();
}

void SettingsDialog::setLabeller(const QString &name) { QSettings().setValue(labellerKey, name); }

SettingsDialog::SettingsDialog(QWidget *parent)
    : QDialog(parent), m_recentMaximum(new QSpinBox(this)), m_demoFolder(new QLineEdit(this)),
      m_restoreLast(new QCheckBox(tr("Reopen the last project at start"), this)), m_labeller(new QLineEdit(this))
{
    setWindowTitle(tr("Assay Settings"));
    setObjectName(QStringLiteral("settingsDialog"));
    auto *tabs = new QTabWidget(this);

    auto *general = new QWidget(tabs);
    auto *form = new QFormLayout(general);
    m_recentMaximum->setRange(1, 30);
    m_recentMaximum->setValue(recentFilesMaximum());
    form->addRow(tr("Recent projects to remember:"), m_recentMaximum);
    m_demoFolder->setText(demoFolder());
    auto *browse = new QToolButton(general);
    browse->setText(tr("…"));
    connect(browse, &QToolButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Demo project folder"), m_demoFolder->text());
        if (!dir.isEmpty())
            m_demoFolder->setText(dir);
    });
    auto *demoRow = new QHBoxLayout;
    demoRow->addWidget(m_demoFolder);
    demoRow->addWidget(browse);
    form->addRow(tr("Demo project folder:"), demoRow);
    m_restoreLast->setChecked(restoreLastProject());
    form->addRow(QString(), m_restoreLast);
    m_labeller->setObjectName(QStringLiteral("labellerName"));
    m_labeller->setText(labeller());
    m_labeller->setToolTip(tr("Your labels on Analysis → Labels are stored under this name (the judge human:NAME), so that several people's "
                              "labels can be compared. Letters, digits, spaces, '.', '-' and '_'."));
    form->addRow(tr("Your name for labels:"), m_labeller);
    tabs->addTab(general, tr("General"));

    auto *llm = new LlmProfilesPage(tabs);
    tabs->addTab(llm, tr("LLM endpoints"));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(tabs);
    layout->addWidget(buttons);
    resize(720, 520);
}

void SettingsDialog::accept()
{
    if (const QString bad = LabelStore::checkLabeller(m_labeller->text().trimmed()); !bad.isEmpty() && !m_labeller->text().trimmed().isEmpty()) {
        QMessageBox::warning(this, tr("Your name for labels"), tr("Choose another name: %1.").arg(bad));
        m_labeller->setFocus();
        return;
    }
    QSettings settings;
    settings.setValue(recentKey, m_recentMaximum->value());
    settings.setValue(demoKey, m_demoFolder->text());
    settings.setValue(restoreKey, m_restoreLast->isChecked());
    if (const QString name = m_labeller->text().trimmed(); !name.isEmpty())
        settings.setValue(labellerKey, name);
    QDialog::accept();
}

} // namespace assay
