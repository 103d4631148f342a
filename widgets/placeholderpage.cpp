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

} // namespace assay
