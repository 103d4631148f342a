#include "welcomepage.h"

#include <QFileInfo>
#include <QIcon>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace assay {

WelcomePage::WelcomePage(QWidget *parent) : QWidget(parent), m_recent(new QListWidget(this))
{
    setObjectName(QStringLiteral("welcomePage"));
    auto *logo = new QLabel(this);
    logo->setPixmap(QIcon(QStringLiteral(":/icons/assay.svg")).pixmap(96, 96));
    auto *title = new QLabel(tr("Assay"), this);
    QFont f = title->font();
    f.setPointSizeF(f.pointSizeF() * 2.2);
    f.setWeight(QFont::DemiBold);
    title->setFont(f);
    auto *tagline = new QLabel(tr("Grounded, modular evaluation of retrieval-augmented generation: find out whether "
                                  "the knowledge base, the retriever or the LLM fails."),
                               this);
    tagline->setWordWrap(true);
    tagline->setAlignment(Qt::AlignCenter);
    tagline->setFixedWidth(520);
    tagline->setMinimumHeight(tagline->heightForWidth(520));

    auto *demo = new QPushButton(QIcon(QStringLiteral(":/icons/analysis.svg")), tr("Open the Demo Project"), this);
    demo->setObjectName(QStringLiteral("welcomeDemo"));
    auto *create = new QPushButton(tr("New Project…"), this);
    auto *open = new QPushButton(tr("Open Project…"), this);
    for (QPushButton *b : {demo, create, open})
        b->setMinimumWidth(240);
    connect(demo, &QPushButton::clicked, this, &WelcomePage::demoRequested);
    connect(create, &QPushButton::clicked, this, &WelcomePage::newRequested);
    connect(open, &QPushButton::clicked, this, &WelcomePage::openRequested);

    auto *recentLabel = new QLabel(tr("Recent projects"), this);
    m_recent->setObjectName(QStringLiteral("welcomeRecent"));
    m_recent->setMaximumWidth(520);
    m_recent->setMaximumHeight(160);
    connect(m_recent, &QListWidget::itemActivated, this,
            [this](QListWidgetItem *item) { emit recentRequested(item->data(Qt::UserRole).toString()); });

    auto *layout = new QVBoxLayout(this);
    layout->addStretch(1);
    for (QWidget *w : std::initializer_list<QWidget *>{logo, title, tagline, demo, create, open, recentLabel, m_recent})
        layout->addWidget(w, 0, Qt::AlignHCenter);
    layout->insertSpacing(4, 12);
    layout->addStretch(2);
}

void WelcomePage::setRecentFiles(const QStringList &paths)
{
    m_recent->clear();
    for (const QString &path : paths) {
        auto *item = new QListWidgetItem(QStringLiteral("%1 — %2").arg(QFileInfo(path).fileName(), path), m_recent);
        item->setData(Qt::UserRole, path);
        item->setToolTip(path);
    }
    if (paths.isEmpty())
        new QListWidgetItem(tr("(none yet)"), m_recent);
}

} // namespace assay
