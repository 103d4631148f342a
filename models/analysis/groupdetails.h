#pragma once
// One semantic group of one run, for the inspector: the SQL template and its fill-in values,
// the ground truth, and each text query with the pipeline's answer, every judge's verdict,
// the retrieved documents and text, latency, and (non-robust groups) whether context
// comparison clears the retriever.
#include "core/result.h"

#include <QMap>
#include <QStringList>
#include <QVector>

#include <optional>

namespace assay {

class Project;

class Database;

struct GroupItem {
    qint64 itemId = 0;
    qint64 queryId = 0; // the project's query (0 for imported items)
    QString form;
    QString query;
    QString answer;
    QStringList retrievedIds;
    QString retrievedText;
    double latencyMs = 0;
    QMap<QString, std::optional<int>> verdicts; // judge → verdict (answer aspect)
    std::optional<bool> contextSufficient;      // incorrect items of non-robust groups
};

struct GroupDetailsData {
    QString run;
    QString group;
    QString tag;
    qint64 sqlTemplateId = 0;
    QString sql;
    QString values; // JSON list
    QString gold;
    QStringList trueDocIds;
    QVector<GroupItem> items;
};

class GroupDetails {
public:
    // `judge` decides correctness for the tag and context comparison.
    static Result<GroupDetailsData> load(Database &db, const QString &run, const QString &group, const QString &judge);
    static Result<GroupDetailsData> load(Project &project, const QString &run, const QString &group, const QString &judge);
};

} // namespace assay
