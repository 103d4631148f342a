#pragma once
// Help → User Guide: docs/user-guide.md (built into the app as a resource) in a browser
// window that stays open beside the main window, with its sections as a contents list.
#include <QDialog>

class QListWidget;
class QTextBrowser;

namespace assay {

class UserGuideDialog : public QDialog {
    Q_OBJECT
public:
    explicit UserGuideDialog(QWidget *parent = nullptr);
    QString text() const;
    QStringList sections() const;

private:
    QTextBrowser *m_browser;
    QListWidget *m_contents;
};

} // namespace assay
