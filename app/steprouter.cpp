#include "steprouter.h"

#include "corpuspage.h"
#include "generationactions.h"
#include "groundtruthpanel.h"
#include "mainwindow.h"
#include "projectnavigator.h"

#include <QAction>
#include <QPushButton>
#include <QStackedWidget>
#include <QTabWidget>

#include <cstring>

namespace assay {

StepRouter::StepRouter(MainWindow *window) : QObject(window), m_window(window) {}

void StepRouter::clickOnPage(int page, const char *buttonName)
{
    m_window->navigator()->setCurrentPage(ProjectNavigator::Page(page));
    if (!buttonName)
        return;
    auto *button = m_window->pages()->widget(page)->findChild<QPushButton *>(QString::fromLatin1(buttonName));
    if (button && button->isEnabled())
        button->click();
}

void StepRouter::follow(const ProjectProgress::Item &item)
{
    const auto is = [&](const char *id) { return std::strcmp(item.actionId, id) == 0; };
    GenerationActions *generation = m_window->generationActions();
    if (is("open-schema")) {
        clickOnPage(ProjectNavigator::Schema, nullptr);
    } else if (is("generate-sql") || is("generate-text") || is("review-templates")) {
        clickOnPage(ProjectNavigator::Templates, nullptr);
        if (generation && is("generate-sql"))
            generation->generateSql()->trigger();
        else if (generation && is("generate-text"))
            generation->generateText()->trigger();
    } else if (is("build-queries") || is("review-queries")) {
        clickOnPage(ProjectNavigator::Queries, nullptr);
        if (generation && is("build-queries"))
            generation->buildQueries()->trigger();
    } else if (is("import-documents")) {
        clickOnPage(ProjectNavigator::Corpus, "importCorpus");
    } else if (is("open-corpus")) {
        clickOnPage(ProjectNavigator::Corpus, nullptr);
    } else if (is("propose-links") || is("review-links")) {
        clickOnPage(ProjectNavigator::Corpus, nullptr);
        if (CorpusPage *corpus = m_window->corpusPage()) {
            corpus->tools()->setCurrentWidget(corpus->groundTruth());
            if (is("propose-links"))
                corpus->groundTruth()->findChild<QPushButton *>(QStringLiteral("proposeLinks"))->click();
        }
    } else if (is("launch-runs") || is("open-runs")) {
        clickOnPage(ProjectNavigator::Runs, nullptr);
    } else if (is("score-runs")) {
        clickOnPage(ProjectNavigator::Runs, "scoreRun");
    } else if (is("open-analysis")) {
        clickOnPage(ProjectNavigator::Analysis, nullptr);
    } else if (is("generate-exam")) {
        clickOnPage(ProjectNavigator::Exams, "generateExam");
    } else if (is("take-exam")) {
        clickOnPage(ProjectNavigator::Exams, "takeExam");
    } else if (is("fit-irt")) {
        clickOnPage(ProjectNavigator::Exams, "fitIrt");
    } else if (is("open-exams")) {
        clickOnPage(ProjectNavigator::Exams, nullptr);
    } else if (is("export-report")) {
        if (auto *report = m_window->findChild<QAction *>(QStringLiteral("actionExportReport")))
            report->trigger();
    }
}

} // namespace assay
