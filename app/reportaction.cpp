#include "reportaction.h"

#include "analysistabs/analysispage.h"
#include "examtabs/irtpanel.h"
#include "examspage.h"
#include "filedialogs.h"
#include "mainwindow.h"
#include "messagebar.h"
#include "overviewpage.h"
#include "projectnavigator.h"

#include <QAction>
#include <QComboBox>
#include <QDesktopServices>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QStackedWidget>
#include <QUrl>

#include <memory>

namespace assay {

ReportAction::ReportAction(MainWindow *window) : QObject(window), m_window(window), m_action(new QAction(tr("&Export Report…"), window))
{
    m_action->setObjectName(QStringLiteral("actionExportReport"));
    m_action->setToolTip(tr("Write an HTML report (and a PDF) with the analysed runs, their charts and the fitted exam."));
    connect(m_action, &QAction::triggered, this, &ReportAction::ask);
}

void ReportAction::ask()
{
    AnalysisPage *analysis = m_window->analysisPage();
    if (!analysis)
        return;
    if (analysis->analyses().isEmpty()) {
        m_window->navigator()->setCurrentPage(ProjectNavigator::Analysis);
        MessageBar::report(analysis, MessageBar::Level::Warning,
                           tr("The report shows the analysed runs: choose the scored runs here and click Analyse, then File → Export Report…"));
        return;
    }
    const QString dir = FileDialogs::folder(m_window, QStringLiteral("reports"), tr("Export Report to Folder"));
    if (dir.isEmpty())
        return;
    QMessageBox ask(QMessageBox::Question, tr("Export Report"), tr("Write the report as HTML, or as HTML and a PDF for printing?"), QMessageBox::NoButton, m_window);
    QPushButton *withPdf = ask.addButton(tr("HTML and PDF"), QMessageBox::AcceptRole);
    QPushButton *htmlOnly = ask.addButton(tr("HTML Only"), QMessageBox::AcceptRole);
    ask.addButton(QMessageBox::Cancel);
    ask.setDefaultButton(htmlOnly);
    ask.exec();
    if (ask.clickedButton() != withPdf && ask.clickedButton() != htmlOnly)
        return;
    exportTo(dir, ask.clickedButton() == withPdf);
}

bool ReportAction::exportTo(const QString &dir, bool pdf)
{
    AnalysisPage *analysis = m_window->analysisPage();
    QWidget *page = m_window->pages()->currentWidget();
    if (analysis->isStale()) {
        // Labels, verdicts or the chosen runs changed since the analysis ran: a report written
        // now would silently lack them. Analyse again, then write it.
        MessageBar::report(page, MessageBar::Level::Info,
                           tr("Labels, verdicts or the chosen runs changed since the last analysis: analysing again, then writing the report…"));
        auto connection = std::make_shared<QMetaObject::Connection>();
        *connection = connect(analysis, &AnalysisPage::analysed, this, [this, dir, pdf, connection] {
            disconnect(*connection);
            exportTo(dir, pdf);
        });
        if (!analysis->isBusy())
            analysis->analyze();
        return true; // the report follows the analysis
    }
    // The exam chosen on the Exams page, with this session's fit of it when there is one: the
    // writer reads the rest from the project, as `assay-cli report --exam` does.
    ExamsPage *exams = m_window->examsPage();
    const QString exam = exams ? exams->examChooser()->currentText() : QString();
    const std::shared_ptr<const ExamIrtResult> fit = exams ? exams->irtPanel()->sessionFit() : nullptr;
    auto files = analysis->exportReport(dir, pdf, exam, fit.get());
    if (!files) {
        MessageBar::report(page, MessageBar::Level::Error, tr("The report was not written: %1").arg(files.error()));
        return false;
    }
    const QString html = files.value().value(0);
    const QString pdfFile = pdf ? files.value().constLast() : QString();
    const QString said = tr("Report of %1 written to %2%3.")
                             .arg(analysis->analyses().size() == 1 ? tr("1 analysed run") : tr("%1 analysed runs").arg(analysis->analyses().size()),
                                  QFileInfo(html).absolutePath(), pdf ? tr(" (HTML and PDF)") : QString());
    // The buttons the user guide promises, on the page's bar or, on a page without one, in the
    // confirmation itself (never an OK-only box).
    const QList<std::pair<QString, QString>> opens{{tr("Open Report"), html}, {tr("Open PDF"), pdfFile}, {tr("Show Folder"), dir}};
    if (MessageBar *bar = MessageBar::of(page)) {
        bar->showMessage(MessageBar::Level::Success, said);
        for (const auto &[text, target] : opens)
            if (!target.isEmpty())
                bar->addButton(text, [target = target] { QDesktopServices::openUrl(QUrl::fromLocalFile(target)); }, target);
    } else {
        qInfo("%s", qPrintable(said));
        auto *box = new QMessageBox(QMessageBox::Information, tr("Export Report"), said, QMessageBox::NoButton, m_window);
        box->setObjectName(QStringLiteral("reportWritten"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        for (const auto &[text, target] : opens) {
            if (target.isEmpty())
                continue;
            QPushButton *button = box->addButton(text, QMessageBox::ActionRole);
            button->setToolTip(target);
            connect(button, &QPushButton::clicked, box, [target = target] { QDesktopServices::openUrl(QUrl::fromLocalFile(target)); });
        }
        box->addButton(QMessageBox::Close);
        box->open();
    }
    if (OverviewPage *overview = m_window->overviewPage())
        overview->setLastReport(dir);
    return true;
}

} // namespace assay
