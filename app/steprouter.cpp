#include "steprouter.h"

#include "corpuspage.h"
#include "generationactions.h"
#include "groundtruthpanel.h"
#include "mainwindow.h"
#include "messagebar.h"
#include "project/project.h"
#include "projectnavigator.h"
#include "reviewgrid.h"

#include <QAction>
#include <QDesktopServices>
#include <QFileInfo>
#include <QUndoStack>
#include <QUrl>
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
    } else if (is("launch-runs")) {
        clickOnPage(ProjectNavigator::Runs, "newRunsButton");
    } else if (is("open-runs")) {
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

void StepRouter::showGenerationResult(GenerationActions::Shows shows, bool ok, const QString &summary, bool undoable, const QString &location)
{
    MessageBar *bar = nullptr;
    if (shows == GenerationActions::Shows::Templates && m_window->templateGrid()) {
        m_window->navigator()->setCurrentPage(ProjectNavigator::Templates);
        bar = m_window->templateGrid()->messageBar();
    } else if (shows == GenerationActions::Shows::Queries && m_window->queryGrid()) {
        m_window->navigator()->setCurrentPage(ProjectNavigator::Queries);
        bar = m_window->queryGrid()->messageBar();
    } else {
        bar = MessageBar::of(m_window->pages()->currentWidget());
    }
    if (!bar)
        return MessageBar::report(m_window, ok ? MessageBar::Level::Success : MessageBar::Level::Error, summary);
    bar->showMessage(ok ? MessageBar::Level::Success : MessageBar::Level::Error, summary);
    if (!ok)
        return;
    if (undoable && m_window->project()) {
        bar->addUndoButton(m_window->project()->undoStack(), tr("Takes this step back (Edit → Undo)."));
    }
    if (!location.isEmpty()) {
        const QString folder = QFileInfo(location).isDir() ? location : QFileInfo(location).absolutePath();
        bar->addButton(tr("Show Folder"), [folder] { QDesktopServices::openUrl(QUrl::fromLocalFile(folder)); }, folder);
    }
}

} // namespace assay
