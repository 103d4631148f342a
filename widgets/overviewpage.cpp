#include "overviewpage.h"

#include "changefollower.h"
#include "messagebar.h"
#include "project/project.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFileInfo>
#include <QFontMetrics>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QVBoxLayout>

namespace assay {

using Step = ProjectProgress::Step;
using State = ProjectProgress::State;

OverviewPage::OverviewPage(Project *project, QWidget *parent)
    : QWidget(parent), m_project(project), m_title(new QLabel(this)), m_next(new QLabel(this)), m_message(new MessageBar(this)), m_grid(new QGridLayout)
{
    setObjectName(QStringLiteral("overviewPage"));
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setWeight(QFont::DemiBold);
    m_title->setFont(big);
    m_title->setObjectName(QStringLiteral("overviewTitle"));
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_next->setObjectName(QStringLiteral("overviewNext"));
    m_next->setWordWrap(true);
    auto *heading = new QLabel(tr("<b>Getting started</b> — the steps of an evaluation, what this project holds in each, and a button for each."), this);
    heading->setWordWrap(true);

    auto *rows = new QWidget;
    rows->setLayout(m_grid);
    m_grid->setColumnStretch(2, 1);
    m_grid->setHorizontalSpacing(12);
    m_grid->setVerticalSpacing(6);
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("overviewSteps"));
    scroll->setWidget(rows);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_message);
    layout->addWidget(m_title);
    layout->addWidget(heading);
    layout->addWidget(m_next);
    layout->addWidget(scroll, 1);
    buildRows();
    m_follower = new ChangeFollower(this, project, ChangeFollower::touching(ProjectChange::everything()), [this] { return refresh(); });
}

void OverviewPage::buildRows()
{
    for (int i = 0; i < ProjectProgress::StepCount; ++i) {
        auto *mark = new QLabel(this);
        mark->setAlignment(Qt::AlignCenter);
        mark->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("✔✔")));
        auto *title = new QLabel(this);
        auto *detail = new QLabel(this);
        detail->setWordWrap(true);
        detail->setObjectName(QStringLiteral("stepDetail"));
        auto *button = new QPushButton(this);
        button->setObjectName(QStringLiteral("stepButton%1").arg(i));
        QFont bold = button->font();
        bold.setBold(true); // the column keeps its width whichever step is next and whatever its verb
        button->setMinimumWidth(QFontMetrics(bold).horizontalAdvance(tr("Generate Text Templates…")) + 3 * fontMetrics().averageCharWidth());
        connect(button, &QPushButton::clicked, this, [this, i] { emit stepRequested(Step(i)); });
        m_grid->addWidget(mark, i, 0, Qt::AlignTop);
        m_grid->addWidget(title, i, 1, Qt::AlignTop);
        m_grid->addWidget(detail, i, 2, Qt::AlignTop);
        m_grid->addWidget(button, i, 3, Qt::AlignTop);
        m_marks << mark;
        m_titles << title;
        m_details << detail;
        m_buttons << button;
    }
    m_grid->setRowStretch(ProjectProgress::StepCount, 1);
}

bool OverviewPage::refresh()
{
    m_title->setText(m_project->name().isEmpty() ? QFileInfo(m_project->path()).completeBaseName() : m_project->name());
    m_title->setToolTip(m_project->path());
    auto read = ProjectProgress::read(*m_project, lastReport());
    if (!read) {
        m_message->error(tr("Cannot read the project's progress: %1").arg(read.error()));
        return false;
    }
    m_items = read.take();
    QString next;
    for (int i = 0; i < m_items.size(); ++i) {
        const ProjectProgress::Item &it = m_items[i];
        const bool isNext = it.state == State::Next;
        if (isNext)
            next = tr("<b>Next:</b> %1 — %2").arg(it.title.toHtmlEscaped(), it.detail.toHtmlEscaped());
        static const char *marks[] = {"✔", "➜", "○", "…"};
        static const char *colours[] = {"#1b7f3b", "#2f6f9f", "palette(text)", "gray"};
        m_marks[i]->setText(QStringLiteral("<span style='color:%1;font-weight:bold'>%2</span>")
                                .arg(QLatin1String(colours[int(it.state)]), QString::fromUtf8(marks[int(it.state)])));
        m_marks[i]->setToolTip(ProjectProgress::stateName(it.state));
        const QString title = QStringLiteral("%1. %2").arg(i + 1).arg(it.title);
        m_titles[i]->setText(isNext ? QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped()) : title.toHtmlEscaped());
        m_details[i]->setText(it.detail);
        m_details[i]->setEnabled(it.state != State::Waiting);
        QPushButton *b = m_buttons[i];
        b->setText(it.action);
        b->setEnabled(it.state != State::Waiting);
        b->setToolTip(it.state == State::Waiting ? it.detail : QString());
        QFont f = b->font();
        f.setBold(isNext);
        b->setFont(f);
    }
    m_next->setText(next.isEmpty() ? tr("Every step has a result. Re-run, re-score or export the report whenever the project changes.") : next);
    m_grid->activate(); // the rows are sized for their new texts before the page is drawn
    return true;
}

QPushButton *OverviewPage::button(Step step) const { return m_buttons.value(int(step)); }

QString OverviewPage::nextText() const { return m_next->text(); }

QString OverviewPage::settingsKey() const
{
    const QByteArray hash = QCryptographicHash::hash(QFileInfo(m_project->path()).absoluteFilePath().toUtf8(), QCryptographicHash::Sha1).toHex();
    return QStringLiteral("report/last/%1").arg(QString::fromLatin1(hash));
}

void OverviewPage::setLastReport(const QString &dir)
{
    QSettings().setValue(settingsKey(), dir);
    if (isVisible())
        refresh();
}

QString OverviewPage::lastReport() const { return QSettings().value(settingsKey()).toString(); }

void OverviewPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    refresh(); // edits on the project's own connection are not followed; a look is cheap
}

} // namespace assay
