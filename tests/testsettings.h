#pragma once
// Points QSettings and the app's writable locations at a fresh temporary folder, so tests
// never read or change the developer's own settings.
#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace assay::test {

inline QTemporaryDir &isolateSettings()
{
    static QTemporaryDir dir;
    QCoreApplication::setOrganizationName(QStringLiteral("AssayTests"));
    QCoreApplication::setApplicationName(QStringLiteral("assay-tests"));
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
    QSettings().clear();
    return dir;
}

} // namespace assay::test
