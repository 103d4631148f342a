#pragma once
#include <QDialog>

class QSpinBox;
class QLineEdit;
class QCheckBox;

namespace assay {

// Application preferences, kept in QSettings (never in a project file).
class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit SettingsDialog(QWidget *parent = nullptr);

    static int recentFilesMaximum();
    static QString demoFolder();
    static bool restoreLastProject();
    // The name your labels are stored under (judge human:NAME): set here, else the login name.
    static QString labeller();
    static void setLabeller(const QString &name);

    void accept() override;

private:
    QSpinBox *m_recentMaximum;
    QLineEdit *m_demoFolder;
    QCheckBox *m_restoreLast;
    QLineEdit *m_labeller;
};

} // namespace assay
