#include "core/messagelog.h"
#include "core/version.h"
#include "dialogs/settingsdialog.h"
#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QSettings>
#include <QSocketNotifier>

#include <csignal>
#include <sys/socket.h>
#include <unistd.h>

namespace {

// SIGTERM, SIGINT and SIGHUP (a logout, kill, Ctrl+C in a terminal) close the window as the
// Quit menu does, so the project is closed and its session lock released: the next session
// does not report an unclean shutdown. The handler only writes a byte to a socket; the event
// loop reads it (the self-pipe pattern, as Qt's Unix signals documentation describes).
int signalSockets[2] = {-1, -1};

void onSignal(int)
{
    const char byte = 1;
    [[maybe_unused]] const ssize_t written = ::write(signalSockets[0], &byte, 1);
}

void closeOnSignals(QWidget *window)
{
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, signalSockets) != 0) {
        qWarning("Cannot watch for termination signals: socketpair failed; a kill will leave the project marked as not closed");
        return;
    }
    auto *notifier = new QSocketNotifier(signalSockets[1], QSocketNotifier::Read, window);
    QObject::connect(notifier, &QSocketNotifier::activated, window, [window, notifier] {
        char byte = 0;
        [[maybe_unused]] const ssize_t read = ::read(signalSockets[1], &byte, 1);
        notifier->setEnabled(false);
        qInfo("Termination signal received: closing");
        window->close();
        QApplication::quit();
    });
    struct sigaction action = {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int signal : {SIGTERM, SIGINT, SIGHUP})
        sigaction(signal, &action, nullptr);
}

} // namespace

// The options, for QApplication and, when only help or the version is asked for, for a
// QCoreApplication: those need no display (without one QApplication aborts before parsing).
static void describe(QCommandLineParser &parser, const QCommandLineOption &demo)
{
    parser.setApplicationDescription(QStringLiteral("Assay: grounded, modular evaluation of RAG systems"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(demo);
    parser.addPositionalArgument(QStringLiteral("project"), QStringLiteral("An .assay project file to open."), QStringLiteral("[project]"));
}

static void name(QCoreApplication &)
{
    QCoreApplication::setApplicationName(QStringLiteral("assay"));
    QCoreApplication::setOrganizationName(QStringLiteral("Assay"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ASSAY_VERSION));
}

int main(int argc, char *argv[])
{
    const QCommandLineOption demo(QStringLiteral("demo"), QStringLiteral("Build and open the bundled demo project."));
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg == "-h" || arg == "--help" || arg == "--help-all" || arg == "-v" || arg == "--version") {
            QCoreApplication core(argc, argv);
            name(core);
            QCommandLineParser parser;
            describe(parser, demo);
            parser.process(core); // prints and exits
            return 0;
        }
    }
    QApplication app(argc, argv);
    name(app);
    QApplication::setApplicationDisplayName(QStringLiteral("Assay"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/assay.svg")));
    QApplication::setDesktopFileName(QStringLiteral("assay"));
    assay::MessageLog::install();

    QCommandLineParser parser;
    describe(parser, demo);
    parser.process(app);

    assay::MainWindow window;
    closeOnSignals(&window);
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
