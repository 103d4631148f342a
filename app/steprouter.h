#pragma once
// Where the Overview page's step buttons lead: the page that holds the step, and for a step
// the button names by a verb ("Generate SQL Templates…", "Propose Links", "Fit IRT") the same
// action that page or menu offers, so the checklist never does anything the GUI does not.
// And where a generation step's result is said: on the page that shows it, which comes to
// the front, with Undo (or Show Folder for an export) beside the message.
#include "generationactions.h"
#include "overview/projectprogress.h"

#include <QObject>

namespace assay {

class MainWindow;

class StepRouter : public QObject {
    Q_OBJECT
public:
    explicit StepRouter(MainWindow *window);
    // Follows the button of `item` (its actionId).
    void follow(const ProjectProgress::Item &item);
    void showGenerationResult(GenerationActions::Shows shows, bool ok, const QString &summary, bool undoable, const QString &location);

private:
    void clickOnPage(int page, const char *buttonName);
    MainWindow *m_window;
};

} // namespace assay
