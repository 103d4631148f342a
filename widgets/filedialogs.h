#pragma once
// The file dialogs of the app, each opening in the folder last used for its kind of file
// ("projects", "knowledge", "documents", "results", "reports"…, kept in QSettings under
// folders/<kind>), the home folder the first time.
#include <QString>

class QWidget;

namespace assay {

class FileDialogs {
public:
    static QString openFile(QWidget *parent, const QString &kind, const QString &title, const QString &filter);
    // `name` is the suggested file name, put in the kind's folder.
    static QString saveFile(QWidget *parent, const QString &kind, const QString &title, const QString &name, const QString &filter);
    static QString folder(QWidget *parent, const QString &kind, const QString &title);

    static QString lastFolder(const QString &kind);
    static void remember(const QString &kind, const QString &folder);
};

} // namespace assay
