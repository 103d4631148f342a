#include "placeholderpage.h"

#include <QIcon>
#include <QLabel>
#include <QGridLayout>
#include <QVBoxLayout>

namespace assay {

PlaceholderPage::PlaceholderPage(const QString &iconPath, const QString &title, const QString &what,
                                 const QString &how, QWidget *parent)
    : QWidget(parent), m_title(new QLabel(title, this))
{
    // A fixed-width column centred in the page: word-wrapped labels need a definite width to
    // compute their height, which layout alignment flags would take away.
    auto *column = new QWidget(this);
    column->setMaximumWidth(600);
    auto *layout = new QVBoxLayout(column);
    layout->setSpacing(14);

    auto *icon = new QLabel(column);
    icon->setPixmap(QIcon(iconPath).pixmap(56, 56));
    icon->setAlignment(Qt::AlignHCenter);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.6);
    titleFont.setWeight(QFont::DemiBold);
    m_title->setFont(titleFont);
    m_title->setAlignment(Qt::AlignHCenter);

    auto *whatLabel = new QLabel(what, column);
    whatLabel->setWordWrap(true);
    whatLabel->setAlignment(Qt::AlignHCenter);
    whatLabel->setObjectName(QStringLiteral("placeholderWhat"));
    auto *howLabel = new QLabel(how, column);
    howLabel->setWordWrap(true);
    howLabel->setAlignment(Qt::AlignHCenter);
    howLabel->setTextFormat(Qt::RichText);
    howLabel->setObjectName(QStringLiteral("placeholderHow"));
    QPalette muted = howLabel->palette();
    muted.setColor(QPalette::WindowText, muted.color(QPalette::PlaceholderText));
    howLabel->setPalette(muted);

    layout->addWidget(icon);
    layout->addWidget(m_title);
    layout->addWidget(whatLabel);
    layout->addWidget(howLabel);

    auto *outer = new QGridLayout(this);
    outer->setContentsMargins(32, 32, 32, 32);
    outer->addWidget(column, 1, 1);
    outer->setRowStretch(0, 1);
    outer->setRowStretch(2, 2);
    outer->setColumnStretch(0, 1);
    outer->setColumnStretch(2, 1);
}

QString PlaceholderPage::title() const { return m_title->text(); }

PlaceholderPage *PlaceholderPage::forPage(ProjectNavigator::Page which, QWidget *parent)
{
    struct Text {
        ProjectNavigator::Page page;
        QString what;
        QString how;
    };
    const Text texts[] = {
        {ProjectNavigator::Overview,
         QObject::tr("The steps of an evaluation, from the knowledge schema to the report, with what the project holds in each and "
            "a button for the next one."),
         QObject::tr("Create a project with <i>File → New Project…</i>, start from the bundled sample with <i>File → New Project from "
            "Sample…</i>, or open the demo project (<i>File → Open Demo Project</i>).")},
        {ProjectNavigator::Schema,
         QObject::tr("The knowledge schema of your closed domain: tables, columns, keys and a few rows. Questions are "
            "generated from it and answered by running SQL, so their ground truth needs no annotation."),
         QObject::tr("Import a SQLite database, a folder of CSV files or an SQL script with <i>File → Import Knowledge Schema</i>, "
            "or open the demo project (<i>File → Open Demo Project</i>).")},
        {ProjectNavigator::Corpus,
         QObject::tr("The documents your RAG system retrieves from, chunked and indexed for keyword, TF-IDF, BM25 and dense "
            "retrieval."),
         QObject::tr("Import a folder of .txt/.md files or a JSONL file; the demo project brings its own corpus.")},
        {ProjectNavigator::Templates,
         QObject::tr("SQL query templates and their natural-language text templates in short and long forms, each with its "
            "validation status and singular-answer rate, ready for review."),
         QObject::tr("Open a project, then click <i>Generate SQL Templates…</i> and <i>Generate Text Templates…</i> (rules and the offline verbalizer, or an LLM profile).")},
        {ProjectNavigator::Queries,
         QObject::tr("Grounded queries: text templates filled with values from the knowledge base, each with its SQL answer "
            "and true documents, grouped into semantic groups."),
         QObject::tr("Click <i>Build Text Queries…</i> to fill in the accepted templates; balanced mode gives every group the same number of queries per form.")},
        {ProjectNavigator::Exams,
         QObject::tr("Multiple-choice exams generated from the corpus or from grounded queries, with filter reasons, Bloom "
            "levels and IRT item parameters for curation."),
         QObject::tr("Click <i>Generate Exam…</i>: from a query set (offline) or from the corpus (an LLM profile).")},
        {ProjectNavigator::Runs,
         QObject::tr("Pipelines — retriever, k and reader — run over a query set or an exam, with every answer, retrieved "
            "context, latency and cost stored as it arrives."),
         QObject::tr("Click <i>New Runs…</i> to choose pipelines and start them, or use <i>File → Import Results</i> for an external system's answers.")},
        {ProjectNavigator::Analysis,
         QObject::tr("Gap / robust / non-robust breakdowns, accuracies with confidence intervals, the response taxonomy and "
            "item information curves, each exportable as PNG, SVG or PDF."),
         QObject::tr("Score a run first; the charts appear here and every bar opens the groups behind it.")},
    };
    for (const Text &t : texts)
        if (t.page == which) {
            auto *page = new PlaceholderPage(ProjectNavigator::pageIcon(t.page), ProjectNavigator::pageTitle(t.page), t.what, t.how, parent);
            page->setObjectName(ProjectNavigator::pageTitle(t.page).toLower() + QStringLiteral("Page"));
            return page;
        }
    return new PlaceholderPage(QString(), ProjectNavigator::pageTitle(which), QString(), QString(), parent);
}

} // namespace assay
