#pragma once
// Runs → Export Results…: whose verdicts go with a run's answers. The run's only judge, or the
// one the user picks when several scored it (the preferred one — the launcher's Score-with
// judge — first when it is among them); none when nobody scored it.
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
