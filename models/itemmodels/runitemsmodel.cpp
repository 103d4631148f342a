#include "itemmodels/runitemsmodel.h"

#include "itemmodels/runsmodel.h"
#include "project/project.h"
#include "runs/labelstore.h"

#include <QBrush>
#include <algorithm>
#include <QColor>

namespace assay {

RunItemsModel::RunItemsModel(Project &project, QObject *parent) : QAbstractTableModel(parent), m_store(project.service<RunStore>())
{
    connect(&project, &Project::changed, this, [this](const ProjectChange &change) {
        if (m_runId && !change.fromOwnConnection() && RunsModel::mattersTo(change))
            refresh();
    });
}

int RunItemsModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_items.size()); }
int RunItemsModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant RunItemsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_items.size())
        return {};
    const RunItemView &it = m_items[index.row()];
    if (role == ItemIdRole)
        return it.id;
    if (role == Qt::ToolTipRole) {
        if (index.column() == Status && !it.error.isEmpty())
            return it.error;
        if (index.column() == Query || index.column() == Answer)
            return index.column() == Query ? it.query : it.answer;
        if (index.column() == Verdict) {
            if (it.status != QLatin1String("done"))
                return tr("Not judged: the item did not run to an answer (%1).").arg(it.status);
            if (it.judges.isEmpty())
                return tr("Not judged yet: choose the run and click Score Run….");
            QStringList lines;
            for (int j = 0; j < it.judges.size(); ++j)
                lines << tr("%1: %2").arg(it.judges[j], it.verdicts[j] == 1 ? tr("correct") : it.verdicts[j] == 0 ? tr("wrong") : tr("unknown (its reply could not be read)"));
            return lines.join(QLatin1Char('\n'));
        }
        return {};
    }
    if (role == Qt::ForegroundRole && index.column() == Verdict) {
        const QVector<int> shown = shownVerdicts(it, nullptr);
        if (!shown.isEmpty() && std::all_of(shown.begin(), shown.end(), [](int v) { return v == 1; }))
            return QBrush(QColor(0x00, 0x7a, 0x5a));
        if (std::any_of(shown.begin(), shown.end(), [](int v) { return v == 0; }))
            return QBrush(QColor(0xb2, 0x22, 0x22));
        return {};
    }
    if (role == Qt::ForegroundRole && index.column() == Status && it.status == QLatin1String("error"))
        return QBrush(QColor(0xb2, 0x22, 0x22));
    if (role == Qt::TextAlignmentRole && index.column() == Latency)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(index.column())) {
    case Key: return it.key;
    case Form: return it.form;
    case Query: return it.query;
    case Answer: return it.answer;
    case Gold: return it.gold;
    case Verdict: return verdictText(it);
    case Retrieved: return it.retrievedIds;
    case Latency:
        if (it.status == QLatin1String("pending"))
            return {};
        return it.latencyMs >= 1 ? QStringLiteral("%1 ms").arg(it.latencyMs, 0, 'f', 0) : QStringLiteral("%1 ms").arg(it.latencyMs, 0, 'f', 2);
    case Status: return it.errorClass.isEmpty() ? it.status : QStringLiteral("%1 (%2)").arg(it.status, it.errorClass);
    case ColumnCount: break;
    }
    return {};
}

QVariant RunItemsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    static const char *names[] = {"Item", "Form", "Query", "Answer", "Gold", "Verdict", "Retrieved ids", "Latency", "Status"};
    return section < ColumnCount ? tr(names[section]) : QVariant();
}

// The verdicts the cell shows: the judges' (people's labels, on some items only, stay in the
// tooltip, so that the column reads alike down a run); the people's majority where no judge
// has scored the run.
QVector<int> RunItemsModel::shownVerdicts(const RunItemView &item, QStringList *judges)
{
    QVector<int> out;
    for (int j = 0; j < item.judges.size(); ++j)
        if (!LabelStore::isHuman(item.judges[j])) {
            out << item.verdicts[j];
            if (judges)
                *judges << item.judges[j];
        }
    if (out.isEmpty())
        if (const int at = int(item.judges.indexOf(LabelStore::majorityJudge())); at >= 0) {
            out << item.verdicts[at];
            if (judges)
                *judges << tr("people");
        }
    return out;
}

QString RunItemsModel::verdictText(const RunItemView &item)
{
    const auto word = [](int v) { return v == 1 ? tr("correct") : v == 0 ? tr("wrong") : tr("unknown"); };
    QStringList judges;
    const QVector<int> verdicts = shownVerdicts(item, &judges);
    if (verdicts.size() == 1 && judges.first() != tr("people"))
        return word(verdicts.first());
    QStringList parts;
    for (int j = 0; j < verdicts.size(); ++j)
        parts << QStringLiteral("%1: %2").arg(judges[j], word(verdicts[j]));
    return parts.join(QStringLiteral(" · "));
}

void RunItemsModel::setRun(qint64 runId)
{
    m_runId = runId;
    refresh();
}

void RunItemsModel::refresh()
{
    QVector<RunItemView> items;
    if (m_runId) {
        auto read = m_store->items(m_runId);
        if (!read) {
            qWarning("The run's items could not be read: %s", qPrintable(read.error())); // the log dock shows it
            return;
        }
        items = read.take();
    }
    beginResetModel();
    m_items = std::move(items);
    endResetModel();
}

} // namespace assay
