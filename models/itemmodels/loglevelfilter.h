#pragma once
#include <QSortFilterProxyModel>

namespace assay {

// Hides log rows below a minimum severity (Debug < Info < Warning < Error < Fatal).
class LogLevelFilter : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit LogLevelFilter(QObject *parent = nullptr);
    void setMinimumLevel(QtMsgType level);
    QtMsgType minimumLevel() const { return m_minimum; }
    static int severity(QtMsgType level);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QtMsgType m_minimum = QtDebugMsg;
};

} // namespace assay
