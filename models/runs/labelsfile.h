#pragma once
// The labels file: CSV with the header item_id,verdict,labeller (and optionally labelled_at),
// one label a row; item_id is the id `export results` writes, verdict is 1 / 0 or correct /
// incorrect. Reading checks every row against the run and names the first bad one by line;
// nothing is imported from a file with a bad row.
#include "core/result.h"
#include "runs/humanlabel.h"

#include <QByteArray>
#include <QHash>
#include <QVector>

namespace assay {

class LabelsFile {
public:
    // itemIds: the run's item key → item id.
    static Result<QVector<HumanLabel>> parse(const QByteArray &bytes, const QString &origin, const QHash<QString, qint64> &itemIds);
    static Result<QVector<HumanLabel>> read(const QString &path, const QHash<QString, qint64> &itemIds);
    static QByteArray write(const QVector<HumanLabel> &labels);
};

} // namespace assay
