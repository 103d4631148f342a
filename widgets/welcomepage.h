#pragma once
#include <QWidget>

class QListWidget;

namespace assay {

// Shown while no project is open: start actions and the recent projects.
class WelcomePage : public QWidget {
    Q_OBJECT
public:
    explicit WelcomePage(QWidget *parent = nullptr);
    void setRecentFiles(const QStringList &paths);

signals:
    void newRequested();
    void openRequested();
    void demoRequested();
    void recentRequested(const QString &path);

private:
    QListWidget *m_recent;
};

} // namespace assay
