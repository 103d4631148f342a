#include "core/messagelog.h"
#include "core/version.h"
#include "dialogs/settingsdialog.h"
#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QSettings>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("assay"));
    QApplication::setApplicationDisplayName(QStringLiteral("Assay"));
    QApplication::setOrganizationName(QStringLiteral("Assay"));
    QApplication::setApplicationVersion(QStringLiteral(ASSAY_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/assay.svg")));
    QApplication::setDesktopFileName(QStringLiteral("assay"));
    assay::MessageLog::install();

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Assay: grounded, modular evaluation of RAG systems"));
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption demo(QStringLiteral("demo"), QStringLiteral("Build and open the bundled demo project."));
    parser.addOption(demo);
    parser.addPositionalArgument(QStringLiteral("project"), QStringLiteral("An .assay project file to open."),
                                 QStringLiteral("[project]"));
    parser.process(app);

    assay::MainWindow window;
    window.show();
    const QStringList files = parser.positionalArguments();
    if (parser.isSet(demo))
        window.openDemoProject();
    else if (!files.isEmpty())
        window.openProject(files.constFirst());
    else if (assay::SettingsDialog::restoreLastProject()) {
        const QString last = QSettings().value(QStringLiteral("project/last")).toString();
        if (!last.isEmpty() && QFileInfo::exists(last))
            window.openProject(last);
    }
    return app.exec();
}
