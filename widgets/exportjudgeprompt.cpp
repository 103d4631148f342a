#include "exportjudgeprompt.h"

#include "analysis/runoutcomes.h"

#include <QInputDialog>

#include <algorithm>

namespace assay {

std::optional<QString> ExportJudgePrompt::ask(QWidget *parent, Project &project, const QString &run, const QString &preferred, QString *error)
{
    auto judges = RunOutcomes::answerJudges(project, run);
    if (!judges) {
        if (error)
            *error = QObject::tr("The judges of %1 cannot be read: %2").arg(run, judges.error());
        return std::nullopt;
    }
    // People's labels cover a sample of the items: offered, after the judges that scored all.
    const QStringList machines = RunOutcomes::machineJudges(judges.value());
    if (machines.size() == 1 || judges.value().size() <= 1)
        return machines.isEmpty() ? judges.value().value(0) : machines.first();
    QStringList offered = machines;
    for (const QString &j : judges.value())
        if (!offered.contains(j))
            offered << j;
    bool chosen = false;
    const QString judge = QInputDialog::getItem(parent, QObject::tr("Export Results of %1").arg(run),
                                                QObject::tr("%1 was scored by %2 judges. Write the verdicts of:").arg(run).arg(offered.size()),
                                                offered, std::max(0, int(offered.indexOf(preferred))), false, &chosen);
    if (!chosen)
        return std::nullopt;
    return judge;
}

} // namespace assay
