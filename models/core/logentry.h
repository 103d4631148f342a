#pragma once
#include <QDateTime>
#include <QString>
#include <QtGlobal>

namespace assay {

struct LogEntry {
    QDateTime time;
    QtMsgType level = QtInfoMsg;
    QString category;
    QString message;
};

} // namespace assay
