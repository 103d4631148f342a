#include "filedialogs.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>

namespace assay {

namespace {
QString key(const QString &kind) { return QStringLiteral("folders/") + kind; }
} // namespace

QString FileDialogs::lastFolder(const QString &kind)
{
    const QString folder = QSettings().value(key(kind)).toString();
    return !folder.isEmpty() && QFileInfo(folder).isDir() ? folder : QDir::homePath();
}

void FileDialogs::remember(const QString &kind, const QString &folder)
{
    if (!folder.isEmpty())
        QSettings().setValue(key(kind), folder);
}

QString FileDialogs::openFile(QWidget *parent, const QString &kind, const QString &title, const QString &filter)
{
    const QString path = QFileDialog::getOpenFileName(parent, title, lastFolder(kind), filter);
    if (!path.isEmpty())
        remember(kind, QFileInfo(path).absolutePath());
    return path;
}

QString FileDialogs::saveFile(QWidget *parent, const QString &kind, const QString &title, const QString &name, const QString &filter)
{
    const QString suggested = QFileInfo(name).isAbsolute() ? name : QDir(lastFolder(kind)).filePath(name);
    const QString path = QFileDialog::getSaveFileName(parent, title, suggested, filter);
    if (!path.isEmpty())
        remember(kind, QFileInfo(path).absolutePath());
    return path;
}

QString FileDialogs::folder(QWidget *parent, const QString &kind, const QString &title)
{
    const QString dir = QFileDialog::getExistingDirectory(parent, title, lastFolder(kind));
    if (!dir.isEmpty())
        remember(kind, dir);
    return dir;
}

} // namespace assay
