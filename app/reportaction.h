#pragma once
// File → Export Report…: asks for a folder (remembered) and whether to add a PDF, writes the
// report of the analysed runs and the fitted exam, and says so on the page the user is on,
// with buttons to open the report and show its folder; the Overview page remembers it.
#include <QObject>

class QAction;

namespace assay {

class MainWindow;

class ReportAction : public QObject {
    Q_OBJECT
public:
    explicit ReportAction(MainWindow *window);
    QAction *action() const { return m_action; }
    // Writes the report into `dir` and reports the outcome; false on failure.
    bool exportTo(const QString &dir, bool pdf);

private:
    void ask();
    MainWindow *m_window;
    QAction *m_action;
};

} // namespace assay
