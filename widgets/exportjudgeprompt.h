#pragma once
// Runs → Export Results…: whose verdicts go with a run's answers. The one judge that scored
// every item (people's labels, a sample, aside), or the one the user picks when several did —
// the preferred one (the launcher's Score-with judge) first when it is among them, people's
// labels offered last; none when nobody scored the run.
#include <QString>

#include <optional>

class QWidget;

namespace assay {

class Project;

class ExportJudgePrompt {
public:
    // The judge (empty: none scored the run); nullopt when the user cancelled or the judges
    // could not be read (then *error says why).
    static std::optional<QString> ask(QWidget *parent, Project &project, const QString &run, const QString &preferred, QString *error);
};

} // namespace assay
