#include "itemmodels/runsmodel.h"

#include "project/project.h"

#include <QDateTime>
#include <QLocale>

namespace assay {

RunsModel::RunsModel(Project &project, QObject *parent) : QAbstractTableModel(parent), m_store(project.service<RunStore>())
{
    // Edits through the project's own connection are refreshed by whoever made them.
    connect(&project, &Project::changed, this, [this](const ProjectChange &change) {
        if (!change.fromOwnConnection() && mattersTo(change))
            refresh();
    });
    refresh();
}

bool RunsModel::mattersTo(const ProjectChange &change)
{
    return change.touches(ProjectChange::Aggregate::Judgements) || change.touchesTable(QStringLiteral("run")) || change.touchesTable(QStringLiteral("pipeline"));
}

int RunsModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_runs.size()); }
int RunsModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

int RunsModel::rowOf(qint64 runId) const
{
    for (int i = 0; i < m_runs.size(); ++i)
        if (m_runs[i].id == runId)
            return i;
    return -1;
}

QString RunsModel::durationText(const RunSummary &run)
{
    const QDateTime start = QDateTime::fromString(run.createdAt, Qt::ISODate);
    const QDateTime end = run.finishedAt.isEmpty() ? QDateTime::currentDateTimeUtc() : QDateTime::fromString(run.finishedAt, Qt::ISODate);
    if (!start.isValid() || run.source != QLatin1String("executed"))
        return QStringLiteral("—");
    const qint64 s = start.secsTo(end);
    return s < 60 ? QStringLiteral("%1 s").arg(s) : s < 3600 ? QStringLiteral("%1 min %2 s").arg(s / 60).arg(s % 60)
                                                            : QStringLiteral("%1 h %2 min").arg(s / 3600).arg(s % 3600 / 60);
}

QVariant RunsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_runs.size())
        return {};
    const RunSummary &r = m_runs[index.row()];
    if (role == RunIdRole)
        return r.id;
    if (role == FractionRole)
        return r.total > 0 ? double(r.done + r.errors) / r.total : 0.0;
    if (role == Qt::ToolTipRole && index.column() == Pipeline)
        return r.pipeline.isEmpty() ? QStringLiteral("Imported from %1").arg(r.source.section(QLatin1Char(':'), 1)) : r.pipeline;
    if (role == Qt::ToolTipRole && index.column() == QuerySet)
        return r.version.isEmpty() ? QStringLiteral("Ran on the working set (no frozen version holds the same items)")
                                   : QStringLiteral("Ran on frozen version %1 (Queries → Versions)").arg(r.version);
    if (role == Qt::TextAlignmentRole && index.column() >= Progress)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == Cost && r.usageUnknown > 0)
        return tr("Unknown: %1 of this run's answers came without token usage, so its cost is not known (the answers that reported "
                  "usage cost $%2).")
            .arg(r.usageUnknown)
            .arg(r.cost, 0, 'f', 4);
    if (role != Qt::DisplayRole)
        return {};
    const QLocale l;
    switch (Column(index.column())) {
    case Name: return r.name;
    case Pipeline: return r.pipeline.isEmpty() ? QStringLiteral("imported") : r.pipeline;
    case QuerySet: {
        const QString set = r.querySet.isEmpty() ? QStringLiteral("all") : r.querySet;
        return r.version.isEmpty() ? set : QStringLiteral("%1 · %2").arg(set, r.version);
    }
    case Status: return r.status;
    case Progress: return QStringLiteral("%1 / %2").arg(l.toString(r.done + r.errors), l.toString(r.total));
    case Errors: return l.toString(r.errors);
    case Duration: return durationText(r);
    case Latency: return QStringLiteral("%1 ms").arg(l.toString(r.meanLatencyMs, 'f', r.meanLatencyMs < 10 ? 2 : 0));
    case Cost: return r.usageUnknown > 0 ? tr("unknown") : QStringLiteral("$%1").arg(r.cost, 0, 'f', 4);
    case ColumnCount: break;
    }
    return {};
}

QVariant RunsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    static const char *names[] = {"Run", "Pipeline", "Query set", "Status", "Items", "Errors", "Duration", "Mean latency", "Cost"};
    return section < ColumnCount ? tr(names[section]) : QVariant();
}

void RunsModel::refresh()
{
    auto read = m_store->runs();
    if (!read) {
        qWarning("The runs could not be read: %s", qPrintable(read.error())); // the log dock shows it
        return;
    }
    const QVector<RunSummary> runs = read.take();
    bool sameRows = runs.size() == m_runs.size();
    for (int i = 0; sameRows && i < runs.size(); ++i)
        sameRows = runs[i].id == m_runs[i].id;
    if (sameRows) {
        m_runs = runs;
        if (!m_runs.isEmpty())
            emit dataChanged(index(0, 0), index(int(m_runs.size()) - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_runs = runs;
    endResetModel();
}

} // namespace assay
