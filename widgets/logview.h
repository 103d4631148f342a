#pragma once
#include <QWidget>

class QTableView;
class QComboBox;

namespace assay {

class LogModel;
class LogLevelFilter;

// The log dock: every message of the session, filterable by severity, newest at the bottom.
class LogView : public QWidget {
    Q_OBJECT
public:
    explicit LogView(QWidget *parent = nullptr);
    int visibleRows() const;

private:
    LogModel *m_model;
    LogLevelFilter *m_filter;
    QTableView *m_table;
    QComboBox *m_level;
};

} // namespace assay
